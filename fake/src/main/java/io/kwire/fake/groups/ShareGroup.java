package io.kwire.fake.groups;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A share group (KIP-932): members heartbeat their subscriptions and the coordinator assigns them
 * partitions with a simple assignor. Partitions are not owned exclusively (records are, one
 * acquisition at a time, in {@link SharePartition}), so there is no revocation: a member takes its
 * new assignment at once, at the group epoch. Membership only, like every {@link Group}. Confined
 * to the cluster thread.
 */
public final class ShareGroup implements Group {
  /** A member as the coordinator sees it. */
  public static final class ShareMember {
    private final String memberId;
    private final String clientId;
    private final String clientHost;
    private String rackId;
    private int epoch;
    private List<String> topicNames = List.of();
    /** What the member was last told it has, at {@link #epoch}. */
    private Set<ConsumerGroup.Owned> assigned = Set.of();
    /** What the assignor gives it now: it is told at its next heartbeat. */
    private Set<ConsumerGroup.Owned> target = Set.of();
    private boolean assignmentSent;
    private ClusterClock.Timer sessionTimer;

    ShareMember(String memberId, String clientId, String clientHost) {
      this.memberId = memberId;
      this.clientId = clientId;
      this.clientHost = clientHost;
    }

    public String memberId() {
      return memberId;
    }

    public String clientId() {
      return clientId;
    }

    public String clientHost() {
      return clientHost;
    }

    public String rackId() {
      return rackId;
    }

    public int epoch() {
      return epoch;
    }

    public List<String> topicNames() {
      return topicNames;
    }

    public Set<ConsumerGroup.Owned> assigned() {
      return assigned;
    }
  }

  private final String groupId;
  private final ClusterState cluster;
  private final int sessionTimeoutMs;
  /** Called with a member's id when it leaves or its session expires: its acquired records go back. */
  private final Consumer<String> onMemberGone;
  private final Map<String, ShareMember> members = new LinkedHashMap<>();
  private int groupEpoch;
  /** The epoch the members' targets were computed at: behind the group epoch after a leave, until a heartbeat. */
  private int assignmentEpoch;
  /** What the current group epoch was reached with: the members' subscriptions and their topics' sizes. */
  private Object epochBasis;
  /**
   * The partitions whose share state the group has initialized (Kafka's InitializeShareGroupState,
   * which moves the group epoch on once done; the fake's state needs none, so it is done at once).
   */
  private final Set<ConsumerGroup.Owned> initialized = new TreeSet<>();

  ShareGroup(String groupId, ClusterState cluster, int sessionTimeoutMs, Consumer<String> onMemberGone) {
    this.groupId = groupId;
    this.cluster = cluster;
    this.sessionTimeoutMs = sessionTimeoutMs;
    this.onMemberGone = onMemberGone;
  }

  @Override
  public String groupId() {
    return groupId;
  }

  @Override
  public GroupType type() {
    return GroupType.SHARE;
  }

  /** Kafka's share group states: Empty or Stable (the assignment never waits on members). */
  @Override
  public String stateName() {
    return members.isEmpty() ? "Empty" : "Stable";
  }

  @Override
  public String protocolType() {
    return "share";
  }

  @Override
  public boolean isEmpty() {
    return members.isEmpty();
  }

  @Override
  public boolean isSubscribedTo(String topic) {
    return members.values().stream().anyMatch(m -> m.topicNames.contains(topic));
  }

  /** A share group has no committed offsets of the consumer kind: Kafka does not find it as a group to commit to. */
  @Override
  public short checkOffsetCommit(String memberId, String instanceId, int generationOrEpoch) {
    return ErrorCode.GROUP_ID_NOT_FOUND;
  }

  @Override
  public short checkOffsetFetch(String memberId, int memberEpoch) {
    return ErrorCode.GROUP_ID_NOT_FOUND;
  }

  public int groupEpoch() {
    return groupEpoch;
  }

  public int assignmentEpoch() {
    return assignmentEpoch;
  }

  /**
   * A partition's share state written by AlterShareGroupOffsets: initialized, so a member subscribing
   * later does not move the epoch for it (as on Kafka, the alter itself does not either).
   */
  public void markInitialized(ConsumerGroup.Owned partition) {
    initialized.add(partition);
  }

  /** Forgets the group's initialized share state of a topic (DeleteShareGroupOffsets): a member subscribing initializes it again. */
  public void forgetInitialized(java.util.UUID topicId) {
    initialized.removeIf(p -> p.topicId().equals(topicId));
  }

  public Collection<ShareMember> members() {
    return Collections.unmodifiableCollection(members.values());
  }

  public boolean isMember(String memberId) {
    return members.containsKey(memberId);
  }

  /** A heartbeat's answer: the error, or the member's id, epoch and (when it changed) assignment. */
  public record HeartbeatOutcome(short errorCode, String errorMessage, String memberId, int memberEpoch,
      Set<ConsumerGroup.Owned> assignment) {
    static HeartbeatOutcome error(short code, String message) {
      return new HeartbeatOutcome(code, message, null, 0, null);
    }
  }

  /**
   * One heartbeat. Epoch 0 joins (its subscription required), -1 leaves; any other epoch must be
   * the member's current one (FENCED_MEMBER_EPOCH), the member known (UNKNOWN_MEMBER_ID).
   */
  public HeartbeatOutcome heartbeat(String memberId, int memberEpoch, String rackId, List<String> topicNames,
      String clientId, String clientHost) {
    ShareMember member = members.get(memberId);
    if (memberEpoch == -1) {
      if (member == null) {
        return HeartbeatOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID, null);
      }
      remove(member);
      return new HeartbeatOutcome(ErrorCode.NONE, null, memberId, -1, null);
    }
    if (memberEpoch == 0) {
      if (topicNames == null && member == null) {
        return HeartbeatOutcome.error(ErrorCode.INVALID_REQUEST, "SubscribedTopicNames must be set in first request.");
      }
      if (member == null) {
        if (members.size() >= ClusterSettings.MAX_GROUP_SIZE) {
          return HeartbeatOutcome.error(ErrorCode.GROUP_MAX_SIZE_REACHED, null);
        }
        member = new ShareMember(memberId, clientId, clientHost);
        members.put(memberId, member);
      }
      member.assignmentSent = false;
    } else if (member == null) {
      return HeartbeatOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID, null);
    } else if (memberEpoch != member.epoch) {
      return HeartbeatOutcome.error(ErrorCode.FENCED_MEMBER_EPOCH, null);
    }
    if (rackId != null) {
      member.rackId = rackId;
    }
    if (topicNames != null) {
      member.topicNames = List.copyOf(topicNames);
    }
    touch(member);
    refresh();
    boolean send = !member.assignmentSent || !member.target.equals(member.assigned);
    member.assigned = member.target;
    member.epoch = assignmentEpoch;
    member.assignmentSent = true;
    return new HeartbeatOutcome(ErrorCode.NONE, null, memberId, member.epoch, send ? member.assigned : null);
  }

  /**
   * The simple assignor: each topic's partitions over its subscribers (in member-id order), round
   * robin when there are at least as many partitions as subscribers; otherwise every subscriber gets
   * one partition and partitions are shared, so that no member idles. Each member takes its new
   * assignment, and the assignment epoch, at its next heartbeat.
   */
  private void assign() {
    Map<String, Set<ConsumerGroup.Owned>> target = new TreeMap<>();
    for (String id : members.keySet()) {
      target.put(id, new TreeSet<>());
    }
    Map<String, Topic> topics = new TreeMap<>();
    for (Topic t : cluster.topics()) {
      topics.put(t.name(), t);
    }
    for (Topic t : topics.values()) {
      List<String> subscribers = new ArrayList<>();
      for (String id : target.keySet()) {
        if (members.get(id).topicNames.contains(t.name())) {
          subscribers.add(id);
        }
      }
      int partitions = t.partitions().size();
      if (subscribers.isEmpty() || partitions == 0) {
        continue;
      }
      int slots = Math.max(partitions, subscribers.size());
      for (int i = 0; i < slots; i++) {
        target.get(subscribers.get(i % subscribers.size())).add(new ConsumerGroup.Owned(t.id(), i % partitions));
      }
    }
    for (ShareMember m : members.values()) {
      m.target = Collections.unmodifiableSet(target.get(m.memberId));
    }
    assignmentEpoch = groupEpoch;
  }

  /**
   * At a heartbeat, as Kafka: the group epoch moves on when the members, their subscriptions or the
   * subscribed topics' partitions changed, and once more when partitions subscribed to had no share
   * state yet (initialized now); the members' targets are then computed at that epoch.
   */
  private void refresh() {
    moveEpochIfChanged();
    Set<ConsumerGroup.Owned> subscribed = new TreeSet<>();
    for (Topic t : cluster.topics()) {
      if (isSubscribedTo(t.name())) {
        for (int p = 0; p < t.partitions().size(); p++) {
          subscribed.add(new ConsumerGroup.Owned(t.id(), p));
        }
      }
    }
    if (!initialized.containsAll(subscribed)) {
      initialized.addAll(subscribed);
      groupEpoch = GroupEpochs.next(groupEpoch);
    }
    if (assignmentEpoch != groupEpoch) {
      assign();
    }
  }

  private void moveEpochIfChanged() {
    Map<String, Object> subscriptions = new TreeMap<>();
    members.values().forEach(m -> subscriptions.put(m.memberId, new TreeSet<>(m.topicNames)));
    Map<String, Object> topics = new TreeMap<>();
    for (Topic t : cluster.topics()) {
      if (isSubscribedTo(t.name())) {
        topics.put(t.name(), List.of(t.id(), t.partitions().size()));
      }
    }
    Object basis = List.of(subscriptions, topics);
    if (!basis.equals(epochBasis)) {
      epochBasis = basis;
      groupEpoch = GroupEpochs.next(groupEpoch);
    }
  }

  private void touch(ShareMember member) {
    if (member.sessionTimer != null) {
      member.sessionTimer.cancel();
    }
    member.sessionTimer = cluster.clock().schedule(sessionTimeoutMs, () -> {
      if (members.get(member.memberId) == member) {
        remove(member);
      }
    });
  }

  private void remove(ShareMember member) {
    if (member.sessionTimer != null) {
      member.sessionTimer.cancel();
    }
    members.remove(member.memberId);
    onMemberGone.accept(member.memberId);
    // As Kafka: the epoch moves on at once; the others' new targets wait for their next heartbeat.
    moveEpochIfChanged();
    if (members.isEmpty()) {
      assignmentEpoch = groupEpoch;
    }
  }
}
