package io.kwire.fake.groups;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * The cluster's groups, each coordinated by one broker (chosen from the group id, as Kafka places
 * a group by its offsets partition). One group per id, of one type; the committed offsets of every
 * group in one {@link OffsetStore}. The handlers ask it typed questions (join, validate a commit,
 * describe as this type, delete) and it answers as Kafka 4.4's coordinator does when the id holds a
 * group of another type. Groups move between the classic and the consumer protocol as Kafka's
 * default {@code group.consumer.migration.policy} (BIDIRECTIONAL) moves them: an empty group when a
 * member of the other protocol joins it; a classic "consumer" group with members when a KIP-848
 * member joins it (upgraded online, its members kept); a consumer group back to classic when its
 * last KIP-848 member leaves and classic members remain. Confined to the cluster thread.
 */
public final class GroupCoordinator {
  /** Kafka's group.consumer.session.timeout.ms default. */
  public static final int CONSUMER_SESSION_TIMEOUT_MS = 45_000;
  /**
   * The fake's group.consumer.heartbeat.interval.ms: 500 ms, not Kafka's 5 s, so that consumer
   * groups reconcile quickly in tests.
   */
  public static final int CONSUMER_HEARTBEAT_INTERVAL_MS = 500;
  /** Kafka's group.share.session.timeout.ms default. */
  public static final int SHARE_SESSION_TIMEOUT_MS = 45_000;
  /** Kafka's group.share.heartbeat.interval.ms default, 5 s (members get their assignment at once when they join). */
  public static final int SHARE_HEARTBEAT_INTERVAL_MS = 5_000;

  private final ClusterState cluster;
  private final Map<String, Group> groups = new LinkedHashMap<>();
  private final OffsetStore offsets = new OffsetStore();
  /** Share group id to its partitions' states, by topic id and partition. */
  private final Map<String, Map<ConsumerGroup.Owned, SharePartition>> sharePartitions = new HashMap<>();
  private final GroupConfigs configs = new GroupConfigs();

  public GroupCoordinator(ClusterState cluster) {
    this.cluster = cluster;
  }

  /** A group of the type asked for, or Kafka's answer when there is none: the error and its message. */
  public record Lookup<G extends Group>(G group, short errorCode, String errorMessage) {
    static <G extends Group> Lookup<G> found(G group) {
      return new Lookup<>(group, ErrorCode.NONE, null);
    }

    static <G extends Group> Lookup<G> notFound(String message) {
      return new Lookup<>(null, ErrorCode.GROUP_ID_NOT_FOUND, message);
    }

    static <G extends Group> Lookup<G> ofAnotherType(String groupId, GroupType wanted) {
      return notFound("Group " + groupId + " is not a " + wanted.wireName() + " group.");
    }
  }

  /** The node id of the broker coordinating {@code key} (a group id). */
  public int coordinatorFor(String key) {
    return cluster.brokers().get(Math.floorMod(key.hashCode(), cluster.brokers().size())).nodeId();
  }

  /**
   * The node id of the broker coordinating a share-partition's state ({@code groupId:topicId:partition}).
   * The key's hash is mixed first: keys that differ only in their last digit have hashes one apart,
   * which would put a group's neighbouring partitions on alternate brokers.
   */
  public int shareCoordinatorFor(String key) {
    int h = key.hashCode() * 0x9E3779B9;
    return cluster.brokers().get(Math.floorMod(h ^ (h >>> 16), cluster.brokers().size())).nodeId();
  }

  /** Every group's committed offsets. */
  public OffsetStore offsets() {
    return offsets;
  }

  /** The group of that id, whatever its type, or null. */
  public Group group(String groupId) {
    return groups.get(groupId);
  }

  /** Every group, in creation order. */
  public Collection<Group> groups() {
    return Collections.unmodifiableCollection(groups.values());
  }

  /** The classic group of that id for a describe (DescribeGroups), or GROUP_ID_NOT_FOUND as Kafka words it. */
  public Lookup<ClassicGroup> classic(String groupId) {
    return lookup(groupId, ClassicGroup.class, GroupType.CLASSIC);
  }

  /** The consumer group of that id for a describe (ConsumerGroupDescribe), or GROUP_ID_NOT_FOUND. */
  public Lookup<ConsumerGroup> consumer(String groupId) {
    return lookup(groupId, ConsumerGroup.class, GroupType.CONSUMER);
  }

  private <G extends Group> Lookup<G> lookup(String groupId, Class<G> kind, GroupType type) {
    Group group = groups.get(groupId);
    if (group == null) {
      return Lookup.notFound("Group " + groupId + " not found.");
    }
    return kind.isInstance(group) ? Lookup.found(kind.cast(group)) : Lookup.ofAnotherType(groupId, type);
  }

  /** The groups' dynamic configurations (the GROUP config resource). */
  public GroupConfigs configs() {
    return configs;
  }

  /** The share group of that id for a describe (ShareGroupDescribe), or GROUP_ID_NOT_FOUND. */
  public Lookup<ShareGroup> share(String groupId) {
    return lookup(groupId, ShareGroup.class, GroupType.SHARE);
  }

  /**
   * The share group a ShareGroupHeartbeat is for: joining (member epoch 0) creates it; an id of
   * another type is GROUP_ID_NOT_FOUND ("Group g is not a share group.").
   */
  public Lookup<ShareGroup> shareGroupForHeartbeat(String groupId, boolean joining) {
    Group group = groups.get(groupId);
    if (group instanceof ShareGroup share) {
      return Lookup.found(share);
    }
    if (group != null) {
      return Lookup.ofAnotherType(groupId, GroupType.SHARE);
    }
    if (!joining) {
      return Lookup.notFound("Share group " + groupId + " not found.");
    }
    ShareGroup share = new ShareGroup(groupId, cluster, SHARE_SESSION_TIMEOUT_MS,
        memberId -> releaseAll(groupId, memberId));
    groups.put(groupId, share);
    return Lookup.found(share);
  }

  /** The share group's state of a partition, started where share.auto.offset.reset says when new. */
  public SharePartition sharePartition(ShareGroup group, Topic topic, int partition) {
    return sharePartitions.computeIfAbsent(group.groupId(), g -> new LinkedHashMap<>())
        .computeIfAbsent(new ConsumerGroup.Owned(topic.id(), partition),
            key -> newSharePartition(group.groupId(), topic, partition, group.groupEpoch()));
  }

  private SharePartition newSharePartition(String groupId, Topic topic, int partition, int stateEpoch) {
    Partition p = topic.partition(partition);
    LongSupplier autoReset = () -> configs.shareAutoOffsetResetEarliest(groupId) ? p.log().logStartOffset()
        : p.log().highWatermark();
    return new SharePartition(topic.name(), p, cluster.clock(), configs.shareRecordLockDurationMs(groupId),
        configs.shareDeliveryCountLimit(groupId), configs.sharePartitionMaxRecordLocks(groupId),
        autoReset.getAsLong(), stateEpoch, autoReset);
  }

  /** The share coordinator's state of a key (group, topic id, partition), or null when none was initialized. */
  public SharePartition shareState(String groupId, java.util.UUID topicId, int partition) {
    return sharePartitions.getOrDefault(groupId, Map.of()).get(new ConsumerGroup.Owned(topicId, partition));
  }

  /**
   * InitializeShareGroupState of a key, whatever the group is (the share coordinator keeps keys,
   * not groups): the state is made when there is none, then starts over at that epoch and offset.
   */
  public SharePartition initializeShareState(String groupId, Topic topic, int partition, int stateEpoch,
      long startOffset) {
    SharePartition state = sharePartitions.computeIfAbsent(groupId, g -> new LinkedHashMap<>())
        .computeIfAbsent(new ConsumerGroup.Owned(topic.id(), partition),
            key -> newSharePartition(groupId, topic, partition, stateEpoch));
    state.initialize(stateEpoch, startOffset);
    return state;
  }

  /** ReadShareGroupState of a key's state: a newer leader epoch is taken (older ones are fenced after it). */
  public void readShareState(SharePartition state, int leaderEpoch) {
    if (leaderEpoch > state.stateLeaderEpoch()) {
      state.stateLeaderEpoch(leaderEpoch);
    }
  }

  /** WriteShareGroupState of a key's state, checked by the caller (see {@link SharePartition}). */
  public void writeShareState(SharePartition state, int leaderEpoch, long startOffset, int deliveryCompleteCount,
      List<SharePartition.StateBatch> batches) {
    state.write(leaderEpoch, startOffset, deliveryCompleteCount, batches);
  }

  /** DeleteShareGroupState of a key: forgotten (a fetch after it starts over where share.auto.offset.reset says). */
  public void deleteShareState(String groupId, java.util.UUID topicId, int partition) {
    Map<ConsumerGroup.Owned, SharePartition> partitions = sharePartitions.get(groupId);
    if (partitions != null) {
      partitions.remove(new ConsumerGroup.Owned(topicId, partition));
    }
  }

  /** AlterShareGroupOffsets of one partition: its start moved (within the log's range), what was in flight before it forgotten. */
  public void moveShareStart(ShareGroup group, Topic topic, int partition, long offset) {
    Partition p = topic.partition(partition);
    long clamped = Math.max(p.log().logStartOffset(), Math.min(offset, p.log().highWatermark()));
    sharePartition(group, topic, partition).resetTo(clamped);
  }

  /** DeleteShareGroupOffsets of one topic: the group's state of its partitions is forgotten. */
  public void forgetShareTopic(String groupId, String topic) {
    Map<ConsumerGroup.Owned, SharePartition> partitions = sharePartitions.get(groupId);
    if (partitions != null) {
      partitions.values().removeIf(p -> topic.equals(p.topicName()));
    }
  }

  /** The partitions a share group has state for (its start offsets: DescribeShareGroupOffsets). */
  public Map<ConsumerGroup.Owned, SharePartition> sharePartitions(String groupId) {
    return Collections.unmodifiableMap(sharePartitions.getOrDefault(groupId, Map.of()));
  }

  /** A share group member is gone (left, fenced, session closed): its acquired records go back. */
  public void releaseAll(String groupId, String memberId) {
    sharePartitions.getOrDefault(groupId, Map.of()).values().forEach(p -> p.releaseAll(memberId));
  }

  /**
   * The group a SyncGroup, Heartbeat or LeaveGroup is for (a classic group, or a consumer group, which
   * may hold classic members), or null: a share group's members are none of them.
   */
  public ClassicProtocolGroup classicGroupOfMembers(String groupId) {
    return groups.get(groupId) instanceof ClassicProtocolGroup group ? group : null;
  }

  /**
   * A JoinGroup: an empty consumer group becomes a classic group; one with members takes a
   * "consumer" member in as a classic member, and refuses another protocol type
   * (INCONSISTENT_GROUP_PROTOCOL), as Kafka does.
   */
  public CompletableFuture<JoinOutcome> join(String groupId, String memberId, Client client, int sessionTimeoutMs,
      int rebalanceTimeoutMs, String protocolType, List<Protocol> protocols, boolean requireKnownMemberId) {
    Group group = groups.get(groupId);
    if (group instanceof ConsumerGroup consumers && !group.isEmpty() && protocolType.equals("consumer")) {
      return CompletableFuture.completedFuture(consumers.joinClassic(memberId, client, sessionTimeoutMs,
          rebalanceTimeoutMs, protocols, requireKnownMemberId));
    }
    if (group instanceof ShareGroup || group instanceof StreamsGroup && !group.isEmpty()
        || group instanceof ConsumerGroup && !group.isEmpty()) {
      return CompletableFuture.completedFuture(JoinOutcome.error(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, memberId));
    }
    ClassicGroup classic = group instanceof ClassicGroup c ? c : replaceWithClassic(groupId);
    return classic.join(memberId, client, sessionTimeoutMs, rebalanceTimeoutMs, protocolType, protocols,
        requireKnownMemberId);
  }

  /**
   * The consumer group a ConsumerGroupHeartbeat is for. Joining (member epoch 0) creates it, takes
   * the place of an empty group of another type, or upgrades a classic "consumer" group with members
   * online; otherwise, as Kafka answers, GROUP_ID_NOT_FOUND.
   */
  public Lookup<ConsumerGroup> consumerGroupForHeartbeat(String groupId, boolean joining) {
    Group group = groups.get(groupId);
    if (group instanceof ConsumerGroup consumers) {
      return Lookup.found(consumers);
    }
    if (joining && (group == null || group instanceof ClassicGroup && group.isEmpty())) {
      ConsumerGroup consumers = new ConsumerGroup(groupId, cluster, CONSUMER_SESSION_TIMEOUT_MS, this::downgrade);
      groups.remove(groupId);
      groups.put(groupId, consumers);
      return Lookup.found(consumers);
    }
    if (group == null) {
      return Lookup.notFound("Consumer group " + groupId + " not found.");
    }
    if (!joining || !(group instanceof ClassicGroup classic)) {
      return Lookup.ofAnotherType(groupId, GroupType.CONSUMER);
    }
    return upgrade(classic);
  }

  /** The online upgrade of a classic group with members, or Kafka's refusal: GROUP_ID_NOT_FOUND, with its reason. */
  private Lookup<ConsumerGroup> upgrade(ClassicGroup classic) {
    String refused = "Cannot upgrade classic group " + classic.groupId() + " to consumer group because ";
    if (!classic.protocolType().equals("consumer")) {
      return Lookup.notFound(refused + "the group does not use the consumer embedded protocol.");
    }
    if (classic.memberCount() >= ClusterSettings.MAX_GROUP_SIZE) {
      return Lookup.notFound(refused + "its group size exceeds the consumer group maximum size.");
    }
    ConsumerGroup consumers;
    try {
      consumers = ConsumerGroup.upgraded(classic, cluster, CONSUMER_SESSION_TIMEOUT_MS, this::downgrade);
    } catch (IllegalArgumentException e) {
      return Lookup.notFound(refused + "the embedded consumer protocol is malformed.");
    }
    groups.put(classic.groupId(), consumers);
    return Lookup.found(consumers);
  }

  /** A consumer group whose last KIP-848 member left goes back to classic with its classic members. */
  private void downgrade(ConsumerGroup consumers) {
    groups.put(consumers.groupId(), ClassicGroup.downgraded(consumers.groupId(), cluster.clock(),
        cluster.settings().groupInitialRebalanceDelayMs(), consumers.groupEpoch(), consumers.dissolveIntoClassic()));
  }

  /** The streams group of that id for a describe (StreamsGroupDescribe), or GROUP_ID_NOT_FOUND. */
  public Lookup<StreamsGroup> streams(String groupId) {
    return lookup(groupId, StreamsGroup.class, GroupType.STREAMS);
  }

  /**
   * The streams group a StreamsGroupHeartbeat is for. Joining (member epoch 0) creates it, or takes
   * the place of an empty classic group, its offsets kept (as Kafka converts one); an id of another
   * type is GROUP_ID_NOT_FOUND ("Group g is not a streams group.").
   */
  public Lookup<StreamsGroup> streamsGroupForHeartbeat(String groupId, boolean joining) {
    Group group = groups.get(groupId);
    if (group instanceof StreamsGroup streams) {
      return Lookup.found(streams);
    }
    if (joining && (group == null || group instanceof ClassicGroup && group.isEmpty())) {
      StreamsGroup streams = new StreamsGroup(groupId, cluster, configs, this::createInternalTopics);
      groups.remove(groupId);
      groups.put(groupId, streams);
      return Lookup.found(streams);
    }
    return group == null ? Lookup.notFound("Streams group " + groupId + " not found.")
        : Lookup.ofAnotherType(groupId, GroupType.STREAMS);
  }

  /** A streams topology's repartition and changelog topics, created as Kafka's broker creates them for the group. */
  private void createInternalTopics(List<StreamsTopology.InternalTopic> topics) {
    for (StreamsTopology.InternalTopic t : topics) {
      if (cluster.topic(t.name()) != null || cluster.collidingTopic(t.name()) != null
          || io.kwire.fake.cluster.TopicNames.invalidReason(t.name()).isPresent()) {
        continue;
      }
      int wanted = t.replicationFactor() > 0 ? t.replicationFactor() : cluster.settings().defaultReplicationFactor();
      Map<String, String> configs = new LinkedHashMap<>();
      t.configs().forEach((name, value) -> {
        if (TopicConfigs.invalidReason(name, value).isEmpty()) {
          configs.put(name, value);
        }
      });
      cluster.createTopic(t.name(), t.partitions(), Math.min(wanted, cluster.brokers().size()), null,
          TopicConfigs.of(configs));
    }
  }

  /**
   * Whether an OffsetCommit may commit: a group without members (or none at all) takes commits
   * without a generation; otherwise the group's type checks the member and its generation or epoch.
   */
  public short validateOffsetCommit(String groupId, String memberId, String instanceId, int generationOrEpoch) {
    Group group = groups.get(groupId);
    if (group == null) {
      return generationOrEpoch < 0 ? ErrorCode.NONE : ErrorCode.UNKNOWN_MEMBER_ID;
    }
    return group.checkOffsetCommit(memberId, instanceId, generationOrEpoch);
  }

  /** Whether a TxnOffsetCommit may stage offsets: a member and generation, when given (v3+), are checked as OffsetCommit checks them. */
  public short validateTxnOffsetCommit(String groupId, String memberId, String instanceId, int generationOrEpoch) {
    if (generationOrEpoch < 0) {
      return ErrorCode.NONE;
    }
    Group group = groups.get(groupId);
    return group == null ? ErrorCode.UNKNOWN_MEMBER_ID : group.checkOffsetCommit(memberId, instanceId,
        generationOrEpoch);
  }

  /** Whether an OffsetFetch may read: a consumer group's member (v9+) asks at its member epoch; anyone else may. */
  public short validateOffsetFetch(String groupId, String memberId, int memberEpoch) {
    Group group = groups.get(groupId);
    boolean asMember = memberEpoch >= 0 || memberId != null && !memberId.isEmpty();
    return group == null || !asMember ? ErrorCode.NONE : group.checkOffsetFetch(memberId, memberEpoch);
  }

  /** Commits an offset (validated); a group id without a group gets an empty classic group, as in Kafka. */
  public void commitOffset(String groupId, String topic, int partition, CommittedOffset offset) {
    groups.computeIfAbsent(groupId, this::newClassic);
    offsets.commit(groupId, topic, partition, offset);
  }

  /** A transaction ended: its staged offsets are committed (the groups created if need be) or dropped. */
  public void transactionEnded(String transactionalId, boolean commit) {
    for (String groupId : offsets.endTransaction(transactionalId, commit)) {
      groups.computeIfAbsent(groupId, this::newClassic);
    }
  }

  /** OffsetDelete of one partition: GROUP_SUBSCRIBED_TO_TOPIC (kept) while a member may read the topic. */
  public short deleteOffset(Group group, String topic, int partition) {
    if (group.isSubscribedTo(topic)) {
      return ErrorCode.GROUP_SUBSCRIBED_TO_TOPIC;
    }
    offsets.forget(group.groupId(), topic, partition);
    return ErrorCode.NONE;
  }

  /** DeleteGroups of one group: it goes with its offsets when it has no members. */
  public short delete(String groupId) {
    Group group = groups.get(groupId);
    if (group == null) {
      return ErrorCode.GROUP_ID_NOT_FOUND;
    }
    if (!group.isEmpty()) {
      return ErrorCode.NON_EMPTY_GROUP;
    }
    groups.remove(groupId);
    offsets.forgetGroup(groupId);
    sharePartitions.remove(groupId);
    configs.forget(groupId);
    return ErrorCode.NONE;
  }

  /** Forgets every group's offsets of a deleted topic, as Kafka does. */
  public void forgetTopic(String topic) {
    offsets.forgetTopic(topic);
    sharePartitions.values().forEach(partitions -> partitions.values()
        .removeIf(p -> topic.equals(p.topicName())));
  }

  private ClassicGroup replaceWithClassic(String groupId) {
    groups.remove(groupId);
    ClassicGroup classic = newClassic(groupId);
    groups.put(groupId, classic);
    return classic;
  }

  private ClassicGroup newClassic(String groupId) {
    return new ClassicGroup(groupId, cluster.clock(), cluster.settings().groupInitialRebalanceDelayMs());
  }
}
