package io.kwire.fake.groups;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.kwire.fake.cluster.ClusterClock;
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
import java.util.UUID;

/**
 * A KIP-848 consumer group: the coordinator computes a target assignment (partitions spread
 * uniformly over the members, round robin in id order) at each group epoch, and reconciles each
 * member towards it through its member epoch. A member first gives up what it must revoke (its epoch
 * stays), then takes its target's partitions once no other member still holds them, at the group
 * epoch. Membership only: the committed offsets are the coordinator's ({@link OffsetStore}).
 * Confined to the cluster thread.
 */
public final class ConsumerGroup implements Group {
  /** A partition of a topic, by id as the protocol names it. */
  public record Owned(UUID topicId, int partition) implements Comparable<Owned> {
    @Override
    public int compareTo(Owned o) {
      int c = topicId.compareTo(o.topicId);
      return c != 0 ? c : Integer.compare(partition, o.partition);
    }
  }

  /** A member as the coordinator sees it. */
  public static final class ConsumerMember {
    private final String memberId;
    private final String instanceId;
    private String rackId;
    private final String clientId;
    private final String clientHost;
    private int epoch;
    /** The epoch before the last move: an OffsetCommit sent before the member heard of the move carries it. */
    private int previousEpoch = -1;
    private List<String> topicNames = List.of();
    private String topicRegex;
    private Pattern pattern;
    private Set<Owned> assigned = new TreeSet<>();
    private Set<Owned> reportedOwned;
    private boolean assignmentSent;
    private ClusterClock.Timer sessionTimer;

    ConsumerMember(String memberId, String instanceId, String clientId, String clientHost) {
      this.memberId = memberId;
      this.instanceId = instanceId;
      this.clientId = clientId;
      this.clientHost = clientHost;
    }

    public String memberId() {
      return memberId;
    }

    public String instanceId() {
      return instanceId;
    }

    public String rackId() {
      return rackId;
    }

    public String clientId() {
      return clientId;
    }

    public String clientHost() {
      return clientHost;
    }

    public int epoch() {
      return epoch;
    }

    public List<String> topicNames() {
      return topicNames;
    }

    public String topicRegex() {
      return topicRegex;
    }

    /** What the member was last told it owns. */
    public Set<Owned> assigned() {
      return Collections.unmodifiableSet(assigned);
    }

    boolean holds(Owned p) {
      return assigned.contains(p) || (reportedOwned != null && reportedOwned.contains(p));
    }
  }

  /** A heartbeat's answer: the error, or the member's id, epoch and (when it changed) assignment. */
  public record HeartbeatOutcome(short errorCode, String memberId, int memberEpoch, Set<Owned> assignment) {
    static HeartbeatOutcome error(short code) {
      return new HeartbeatOutcome(code, null, 0, null);
    }
  }

  /** The subscription fields of a heartbeat (null where the client sent no change). */
  public record Subscription(String instanceId, String rackId, List<String> topicNames, String topicRegex,
      List<Owned> ownedPartitions) {}

  private final String groupId;
  private final ClusterState cluster;
  private final int sessionTimeoutMs;
  private final Map<String, ConsumerMember> members = new LinkedHashMap<>();
  private Map<String, Set<Owned>> target = Map.of();
  private int groupEpoch;
  private int assignmentEpoch;

  ConsumerGroup(String groupId, ClusterState cluster, int sessionTimeoutMs) {
    this.groupId = groupId;
    this.cluster = cluster;
    this.sessionTimeoutMs = sessionTimeoutMs;
  }

  @Override
  public String groupId() {
    return groupId;
  }

  @Override
  public GroupType type() {
    return GroupType.CONSUMER;
  }

  @Override
  public String protocolType() {
    return "consumer";
  }

  /** A topic some member subscribes to, by name or by its regex. */
  @Override
  public boolean isSubscribedTo(String topic) {
    return members.values().stream().anyMatch(m -> subscribes(m, topic));
  }

  public int groupEpoch() {
    return groupEpoch;
  }

  public int assignmentEpoch() {
    return assignmentEpoch;
  }

  public Collection<ConsumerMember> members() {
    return Collections.unmodifiableCollection(members.values());
  }

  /** The partitions the member is to own at the current group epoch. */
  public Set<Owned> targetOf(String memberId) {
    return target.getOrDefault(memberId, Set.of());
  }

  /** Kafka's state names: Empty, Assigning (target not computed), Reconciling, Stable. */
  @Override
  public String stateName() {
    if (members.isEmpty()) {
      return "Empty";
    }
    if (assignmentEpoch != groupEpoch) {
      return "Assigning";
    }
    for (ConsumerMember m : members.values()) {
      if (m.epoch != groupEpoch || !m.assigned.equals(targetOf(m.memberId))) {
        return "Reconciling";
      }
    }
    return "Stable";
  }

  /**
   * One heartbeat. Epoch 0 joins (a new member, or a static member coming back), -1 leaves, -2 is a
   * static member's temporary leave; any other epoch must be the member's current one.
   */
  public HeartbeatOutcome heartbeat(String memberId, int memberEpoch, Subscription subscription,
      String clientId, String clientHost) {
    if (memberEpoch == -1 || memberEpoch == -2) {
      ConsumerMember leaving = members.get(memberId);
      if (leaving == null) {
        return HeartbeatOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID);
      }
      remove(leaving);
      return new HeartbeatOutcome(ErrorCode.NONE, memberId, memberEpoch, null);
    }
    ConsumerMember member = members.get(memberId);
    if (memberEpoch == 0) {
      if (subscription.topicNames() == null && subscription.topicRegex() == null) {
        return HeartbeatOutcome.error(ErrorCode.INVALID_REQUEST);
      }
      if (member == null && subscription.instanceId() != null) {
        ConsumerMember previous = byInstance(subscription.instanceId());
        if (previous != null) {
          remove(previous);
        }
      }
      if (member == null) {
        if (members.size() >= io.kwire.fake.cluster.ClusterSettings.MAX_GROUP_SIZE) {
          return HeartbeatOutcome.error(ErrorCode.GROUP_MAX_SIZE_REACHED);
        }
        member = new ConsumerMember(memberId, subscription.instanceId(), clientId, clientHost);
        members.put(memberId, member);
      } else {
        // A known member rejoining starts over: what it had is revoked.
        member.assigned.clear();
        member.reportedOwned = null;
        member.epoch = 0;
      }
      member.assignmentSent = false;
    } else if (member == null) {
      return HeartbeatOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID);
    } else if (memberEpoch != member.epoch) {
      return HeartbeatOutcome.error(ErrorCode.FENCED_MEMBER_EPOCH);
    }
    short error = update(member, subscription);
    if (error != ErrorCode.NONE) {
      return HeartbeatOutcome.error(error);
    }
    touch(member);
    refreshTarget();
    return reconcile(member);
  }

  private short update(ConsumerMember member, Subscription s) {
    if (s.rackId() != null) {
      member.rackId = s.rackId();
    }
    if (s.topicNames() != null) {
      member.topicNames = List.copyOf(s.topicNames());
    }
    if (s.topicRegex() != null) {
      if (s.topicRegex().isEmpty()) {
        member.topicRegex = null;
        member.pattern = null;
      } else {
        try {
          member.pattern = Pattern.compile(s.topicRegex());
          member.topicRegex = s.topicRegex();
        } catch (PatternSyntaxException e) {
          return ErrorCode.INVALID_REGULAR_EXPRESSION;
        }
      }
    }
    if (s.ownedPartitions() != null) {
      member.reportedOwned = new TreeSet<>(s.ownedPartitions());
    }
    return ErrorCode.NONE;
  }

  /** Recomputes the target from the members' subscriptions and the topics; a change bumps the group epoch. */
  private void refreshTarget() {
    Map<String, Set<Owned>> next = computeTarget();
    if (!next.equals(target) || assignmentEpoch != groupEpoch) {
      if (!next.equals(target)) {
        groupEpoch++;
      }
      target = next;
      assignmentEpoch = groupEpoch;
    }
  }

  private Map<String, Set<Owned>> computeTarget() {
    Map<String, Set<Owned>> out = new TreeMap<>();
    for (String id : members.keySet()) {
      out.put(id, new TreeSet<>());
    }
    // Each partition goes to the next member (in id order) subscribed to its topic.
    Map<String, Topic> topics = new TreeMap<>();
    for (Topic t : cluster.topics()) {
      topics.put(t.name(), t);
    }
    List<String> ids = new ArrayList<>(out.keySet());
    int next = 0;
    for (Topic t : topics.values()) {
      List<String> subscribers = new ArrayList<>();
      for (String id : ids) {
        if (subscribes(members.get(id), t.name())) {
          subscribers.add(id);
        }
      }
      if (subscribers.isEmpty()) {
        continue;
      }
      for (int p = 0; p < t.partitions().size(); p++) {
        out.get(subscribers.get(next++ % subscribers.size())).add(new Owned(t.id(), p));
      }
    }
    return out;
  }

  private static boolean subscribes(ConsumerMember m, String topic) {
    return m.topicNames.contains(topic) || (m.pattern != null && m.pattern.matcher(topic).matches());
  }

  private HeartbeatOutcome reconcile(ConsumerMember member) {
    Set<Owned> goal = targetOf(member.memberId);
    Set<Owned> before = new TreeSet<>(member.assigned);
    if (!goal.containsAll(member.assigned)) {
      // Revoke first: the member holds what it gives up until it reports it no longer owns it; its
      // epoch moves on then.
      member.reportedOwned = before;
      member.assigned.retainAll(goal);
    } else {
      boolean released = member.reportedOwned == null || goal.containsAll(member.reportedOwned);
      if (released) {
        if (member.epoch != groupEpoch) {
          member.previousEpoch = member.epoch;
        }
        member.epoch = groupEpoch;
        for (Owned p : goal) {
          if (!member.assigned.contains(p) && !heldByOther(member, p)) {
            member.assigned.add(p);
          }
        }
      }
    }
    boolean changed = !before.equals(member.assigned) || !member.assignmentSent;
    member.assignmentSent = true;
    return new HeartbeatOutcome(ErrorCode.NONE, member.memberId, member.epoch,
        changed ? Collections.unmodifiableSet(new TreeSet<>(member.assigned)) : null);
  }

  private boolean heldByOther(ConsumerMember member, Owned p) {
    for (ConsumerMember other : members.values()) {
      if (other != member && other.holds(p)) {
        return true;
      }
    }
    return false;
  }

  private ConsumerMember byInstance(String instanceId) {
    for (ConsumerMember m : members.values()) {
      if (instanceId.equals(m.instanceId)) {
        return m;
      }
    }
    return null;
  }

  private void touch(ConsumerMember member) {
    if (member.sessionTimer != null) {
      member.sessionTimer.cancel();
    }
    member.sessionTimer = cluster.clock().schedule(sessionTimeoutMs, () -> {
      if (members.get(member.memberId) == member) {
        remove(member);
      }
    });
  }

  private void remove(ConsumerMember member) {
    if (member.sessionTimer != null) {
      member.sessionTimer.cancel();
    }
    members.remove(member.memberId);
    refreshTarget();
  }

  /**
   * Checks an OffsetCommit's or OffsetFetch's member id and epoch: none (epoch -1) when the group has
   * no members; otherwise the member must exist and commit at its epoch, as Kafka checks; or at the
   * epoch just before it, which a commit in flight while a heartbeat moved the member on still carries
   * (its client retries a STALE_MEMBER_EPOCH commit only with the epoch it knows, so refusing that
   * one would fail a commitSync that raced a rebalance).
   */
  @Override
  public short checkOffsetCommit(String memberId, String instanceId, int memberEpoch) {
    return checkMember(memberId, memberEpoch);
  }

  @Override
  public short checkOffsetFetch(String memberId, int memberEpoch) {
    return checkMember(memberId, memberEpoch);
  }

  short checkMember(String memberId, int memberEpoch) {
    if (memberEpoch < 0 && (memberId == null || memberId.isEmpty())) {
      return members.isEmpty() ? ErrorCode.NONE : ErrorCode.UNKNOWN_MEMBER_ID;
    }
    ConsumerMember member = members.get(memberId);
    if (member == null) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    boolean current = memberEpoch == member.epoch || (memberEpoch == member.previousEpoch && memberEpoch > 0);
    return current ? ErrorCode.NONE : ErrorCode.STALE_MEMBER_EPOCH;
  }

  /** Partitions grouped by topic id, in order: as the protocol lists them. */
  public static Map<UUID, List<Integer>> byTopic(Set<Owned> owned) {
    Map<UUID, List<Integer>> grouped = new LinkedHashMap<>();
    for (Owned p : owned) {
      grouped.computeIfAbsent(p.topicId(), id -> new ArrayList<>()).add(p.partition());
    }
    return grouped;
  }

  @Override
  public boolean isEmpty() {
    return members.isEmpty();
  }
}
