package io.kwire.fake.groups;

/**
 * A group as its coordinator holds it: one per group id, of exactly one type, membership only (the
 * committed offsets are the coordinator's, whatever the type: {@link OffsetStore}). Confined to
 * the cluster thread.
 */
public sealed interface Group permits ClassicProtocolGroup, ShareGroup, StreamsGroup {
  String groupId();

  GroupType type();

  /** The state's name as ListGroups and the describe APIs give it. */
  String stateName();

  /** The protocol type ListGroups shows: the classic members' ("" before any joined), or the type's name. */
  String protocolType();

  boolean isEmpty();

  /** Whether a member may still read {@code topic}, so that its committed offsets must stay (OffsetDelete). */
  boolean isSubscribedTo(String topic);

  /**
   * Whether a member may commit offsets (OffsetCommit, TxnOffsetCommit with a member): the
   * member and its generation (classic) or member epoch (consumer) as the type checks them.
   */
  short checkOffsetCommit(String memberId, String instanceId, int generationOrEpoch);

  /** Whether a member asking for the committed offsets (OffsetFetch v9+ with a member) may. */
  short checkOffsetFetch(String memberId, int memberEpoch);
}
