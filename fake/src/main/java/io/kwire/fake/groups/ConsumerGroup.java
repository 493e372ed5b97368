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
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A KIP-848 consumer group: the coordinator computes a target assignment ({@link UniformAssignor}:
 * partitions spread uniformly over the members, sticky to the previous target) at each group epoch, and reconciles each
 * member towards it through its member epoch. A member first gives up what it must revoke (its epoch
 * stays), then takes its target's partitions once no other member still holds them, at the group
 * epoch. Members may also speak the classic protocol (a classic group upgraded online when a
 * KIP-848 member joined it, or a classic "consumer" member that joined): they keep their JoinGroup,
 * SyncGroup and Heartbeat, which this group answers from its target assignment, and when the last
 * KIP-848 member leaves, the group goes back to classic with them. Membership only: the committed
 * offsets are the coordinator's ({@link OffsetStore}). Confined to the cluster thread.
 */
public final class ConsumerGroup implements ClassicProtocolGroup {
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
    /** A static member's epoch when it left with -2: the member taking its place goes on from it. */
    private int epochBeforeLeave;
    private List<String> topicNames = List.of();
    private String topicRegex;
    private Pattern pattern;
    /** The server-side assignor the member names (its heartbeats' ServerAssignor), or null. */
    private String serverAssignor;
    private Set<Owned> assigned = new TreeSet<>();
    private Set<Owned> reportedOwned;
    private boolean assignmentSent;
    private ClusterClock.Timer sessionTimer;
    /** Null for a KIP-848 member; a classic member's protocols and timeouts. */
    private ClassicMembership classic;
    /** A classic member's next step due (its SyncGroup after a join, or a rejoin it was told of), or null. */
    private ClusterClock.Timer classicDeadline;

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

    /** The server-side assignor the member names, or null when it names none. */
    public String serverAssignor() {
      return serverAssignor;
    }

    /** Whether the member speaks the classic protocol (ConsumerGroupDescribe's member type 0). */
    public boolean isClassic() {
      return classic != null;
    }

    /** What the member was last told it owns. */
    public Set<Owned> assigned() {
      return Collections.unmodifiableSet(assigned);
    }

    boolean holds(Owned p) {
      return assigned.contains(p) || (reportedOwned != null && reportedOwned.contains(p));
    }
  }

  /** A heartbeat's answer: the error (and a message, or null), or the member's id, epoch and new assignment. */
  public record HeartbeatOutcome(short errorCode, String errorMessage, String memberId, int memberEpoch,
      Set<Owned> assignment) {
    static HeartbeatOutcome error(short code) {
      return error(code, null);
    }

    static HeartbeatOutcome error(short code, String message) {
      return new HeartbeatOutcome(code, message, null, 0, null);
    }
  }

  /** The member epoch of a static member that left for now (epoch -2) and keeps its place. */
  public static final int STATIC_LEAVE_EPOCH = -2;

  /** The subscription fields of a heartbeat (null where the client sent no change). */
  public record Subscription(String instanceId, String rackId, List<String> topicNames, String topicRegex,
      List<Owned> ownedPartitions, String serverAssignor) {
    /** A subscription that names no server-side assignor. */
    public Subscription(String instanceId, String rackId, List<String> topicNames, String topicRegex,
        List<Owned> ownedPartitions) {
      this(instanceId, rackId, topicNames, topicRegex, ownedPartitions, null);
    }
  }

  private final String groupId;
  private final ClusterState cluster;
  private final int sessionTimeoutMs;
  private final Map<String, ConsumerMember> members = new LinkedHashMap<>();
  private Map<String, Set<Owned>> target = Map.of();
  /** The assignor the target was computed with (null before the first). */
  private String targetAssignor;
  private int groupEpoch;
  private int assignmentEpoch;
  /** What the current group epoch was reached with ({@link #epochBasis()}): a change of it moves the epoch on. */
  private EpochBasis epochBasis;
  /** Called when the last KIP-848 member left and classic members remain: the group goes back to classic. */
  private final Consumer<ConsumerGroup> onlyClassicMembersLeft;

  ConsumerGroup(String groupId, ClusterState cluster, int sessionTimeoutMs,
      Consumer<ConsumerGroup> onlyClassicMembersLeft) {
    this.groupId = groupId;
    this.cluster = cluster;
    this.sessionTimeoutMs = sessionTimeoutMs;
    this.onlyClassicMembersLeft = onlyClassicMembersLeft;
  }

  /**
   * A classic "consumer" group with members as a consumer group (an online upgrade): each member
   * kept with its subscription and assignment read from its protocol bytes, at the classic generation
   * as its epoch, which is also the group epoch; the target is what they own, until the joining
   * member moves it on. Throws {@link IllegalArgumentException}, the classic group untouched, when a
   * member's bytes are not the consumer protocol's.
   */
  static ConsumerGroup upgraded(ClassicGroup classic, ClusterState cluster, int sessionTimeoutMs,
      Consumer<ConsumerGroup> onlyClassicMembersLeft) {
    ConsumerGroup group = new ConsumerGroup(classic.groupId(), cluster, sessionTimeoutMs, onlyClassicMembersLeft);
    String chosen = classic.protocolName();
    int generation = classic.generationId();
    for (Member m : classic.currentMembers()) {
      ConsumerProtocolBytes.Subscription subscription = ConsumerProtocolBytes.subscription(
          ClassicGroup.subscriptionOf(m, chosen), cluster);
      ConsumerMember member = new ConsumerMember(m.memberId, m.client.instanceId(), m.client.id(), m.client.host());
      member.classic = new ClassicMembership(chosenFirst(m.protocols, chosen), m.sessionTimeoutMs,
          m.rebalanceTimeoutMs);
      member.topicNames = subscription.topics();
      member.rackId = subscription.rackId();
      member.assigned = ConsumerProtocolBytes.assignment(m.assignment, cluster);
      member.epoch = generation;
      member.assignmentSent = true;
      group.members.put(member.memberId, member);
    }
    classic.dissolve();
    Map<String, Set<Owned>> owned = new TreeMap<>();
    for (ConsumerMember m : group.members.values()) {
      owned.put(m.memberId, new TreeSet<>(m.assigned));
      group.touch(m);
    }
    group.target = owned;
    group.groupEpoch = generation;
    group.assignmentEpoch = generation;
    group.epochBasis = group.epochBasis();
    return group;
  }

  /** The protocols with the one the classic group chose first: the one its member is told about. */
  private static List<Protocol> chosenFirst(List<Protocol> protocols, String chosen) {
    List<Protocol> out = new ArrayList<>();
    protocols.stream().filter(p -> p.name().equals(chosen)).forEach(out::add);
    protocols.stream().filter(p -> !p.name().equals(chosen)).forEach(out::add);
    return List.copyOf(out);
  }

  /**
   * The classic members as a classic group's, for the group to go back to classic: each with the
   * assignment it was last told (in the consumer protocol's bytes); their session timers stop.
   */
  List<Member> dissolveIntoClassic() {
    List<Member> out = new ArrayList<>();
    for (ConsumerMember m : members.values()) {
      if (m.sessionTimer != null) {
        m.sessionTimer.cancel();
      }
      disarmClassicDeadline(m);
      Member member = new Member(m.memberId, new Client(m.clientId, m.clientHost, m.instanceId),
          m.classic.sessionTimeoutMs(), m.classic.rebalanceTimeoutMs(), m.classic.protocols());
      member.assignment = ConsumerProtocolBytes.assignment(m.assigned, cluster);
      out.add(member);
    }
    members.clear();
    return out;
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
   * One heartbeat. Epoch 0 joins (a new member, or a static member taking back the place it left
   * with -2), -1 leaves, -2 is a static member's temporary leave (the handler has checked that it
   * names its instance id); any other epoch must be the member's current one.
   */
  public HeartbeatOutcome heartbeat(String memberId, int memberEpoch, Subscription subscription,
      String clientId, String clientHost) {
    if (memberEpoch == -1) {
      ConsumerMember leaving = members.get(memberId);
      if (leaving == null) {
        return HeartbeatOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID);
      }
      remove(leaving);
      return new HeartbeatOutcome(ErrorCode.NONE, null, memberId, memberEpoch, null);
    }
    if (memberEpoch == STATIC_LEAVE_EPOCH) {
      return leaveForNow(memberId, subscription.instanceId());
    }
    ConsumerMember member = members.get(memberId);
    if (memberEpoch == 0) {
      if (subscription.topicNames() == null && subscription.topicRegex() == null) {
        return HeartbeatOutcome.error(ErrorCode.INVALID_REQUEST);
      }
      boolean tookPlace = false;
      if (member == null && subscription.instanceId() != null) {
        ConsumerMember previous = byInstance(subscription.instanceId());
        if (previous != null && previous.epoch != STATIC_LEAVE_EPOCH) {
          return HeartbeatOutcome.error(ErrorCode.UNRELEASED_INSTANCE_ID, "Static member " + memberId
              + " with instance id " + subscription.instanceId()
              + " cannot join the group because the instance id is owned by " + previous.memberId + " member.");
        }
        if (previous != null) {
          member = takePlace(previous, memberId, clientId, clientHost);
          tookPlace = true;
        }
      }
      if (tookPlace) {
        // It goes on from its predecessor's assignment and epoch; what it owns is what it reports now.
        member.reportedOwned = null;
      } else if (member == null) {
        if (members.size() >= io.kwire.fake.cluster.ClusterSettings.MAX_GROUP_SIZE) {
          return HeartbeatOutcome.error(ErrorCode.GROUP_MAX_SIZE_REACHED);
        }
        member = new ConsumerMember(memberId, subscription.instanceId(), clientId, clientHost);
        members.put(memberId, member);
      } else {
        // A known member rejoining starts over: what it had is revoked; a classic one now speaks KIP-848.
        member.classic = null;
        disarmClassicDeadline(member);
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

  /**
   * A static member's -2: as Kafka, it stays a member with its assignment and target (the group epoch
   * does not move, nobody takes its partitions) until its session times out, counted from its last
   * heartbeat, or a member with its instance id takes its place. What it was giving up is released.
   * Found by its instance id, as Kafka finds it: another member's instance id is FENCED_INSTANCE_ID.
   */
  private HeartbeatOutcome leaveForNow(String memberId, String instanceId) {
    if (instanceId == null) {
      return HeartbeatOutcome.error(ErrorCode.INVALID_REQUEST, "InstanceId can't be null.");
    }
    ConsumerMember leaving = byInstance(instanceId);
    if (leaving == null) {
      return HeartbeatOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID);
    }
    if (!leaving.memberId.equals(memberId)) {
      return HeartbeatOutcome.error(ErrorCode.FENCED_INSTANCE_ID, "Static member " + memberId + " with instance id "
          + instanceId + " was fenced by member " + leaving.memberId + ".");
    }
    leaving.epochBeforeLeave = leaving.epoch;
    leaving.epoch = STATIC_LEAVE_EPOCH;
    leaving.reportedOwned = null;
    return new HeartbeatOutcome(ErrorCode.NONE, null, memberId, STATIC_LEAVE_EPOCH, null);
  }

  /**
   * A new member id with the instance id of a member that left with -2 takes its place: in the same
   * spot of the member list, with its subscription, assignment, target and epoch, so that the group
   * epoch moves only if the joining heartbeat changes the subscription.
   */
  private ConsumerMember takePlace(ConsumerMember previous, String memberId, String clientId, String clientHost) {
    boolean basisCurrent = epochBasis().equals(epochBasis);
    if (previous.sessionTimer != null) {
      previous.sessionTimer.cancel();
    }
    disarmClassicDeadline(previous);
    ConsumerMember member = new ConsumerMember(memberId, previous.instanceId, clientId, clientHost);
    member.rackId = previous.rackId;
    member.epoch = previous.epochBeforeLeave;
    member.previousEpoch = previous.previousEpoch;
    member.topicNames = previous.topicNames;
    member.topicRegex = previous.topicRegex;
    member.pattern = previous.pattern;
    member.serverAssignor = previous.serverAssignor;
    member.assigned = new TreeSet<>(previous.assigned);
    Map<String, ConsumerMember> reordered = new LinkedHashMap<>();
    members.forEach((id, m) -> reordered.put(m == previous ? memberId : id, m == previous ? member : m));
    members.clear();
    members.putAll(reordered);
    if (target.containsKey(previous.memberId)) {
      Map<String, Set<Owned>> renamed = new TreeMap<>(target);
      renamed.put(memberId, renamed.remove(previous.memberId));
      target = renamed;
    }
    if (basisCurrent) {
      epochBasis = epochBasis();
    }
    return member;
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
    if (s.serverAssignor() != null) {
      member.serverAssignor = s.serverAssignor();
    }
    return ErrorCode.NONE;
  }

  /**
   * Moves the group epoch on when what the assignment is computed from changed (as Kafka: a member
   * joined or left, a subscription changed, a subscribed topic came, went or grew), even when the
   * target it gives is the same; then recomputes the target at that epoch.
   */
  private void refreshTarget() {
    boolean moved = moveEpochIfChanged();
    // As Kafka: a member naming another assignor does not move the epoch; the next epoch applies it.
    String assignor = moved || assignmentEpoch != groupEpoch || targetAssignor == null ? assignorName()
        : targetAssignor;
    Map<String, Set<Owned>> next = computeTarget(assignor);
    if (!moved && assignmentEpoch == groupEpoch && !next.equals(target)) {
      groupEpoch = GroupEpochs.next(groupEpoch);
    }
    if (assignmentEpoch != groupEpoch) {
      target = next;
      targetAssignor = assignor;
      assignmentEpoch = groupEpoch;
      for (ConsumerMember m : members.values()) {
        if (m.classic != null && m.classicDeadline == null && !settled(m)) {
          armClassicDeadline(m);
        }
      }
    }
  }

  /** Moves the group epoch on if its basis changed; whether it did. */
  private boolean moveEpochIfChanged() {
    EpochBasis basis = epochBasis();
    if (basis.equals(epochBasis)) {
      return false;
    }
    epochBasis = basis;
    groupEpoch = GroupEpochs.next(groupEpoch);
    return true;
  }

  /** What a group epoch is computed from: each member's subscription, each subscribed topic's id and size. */
  private record EpochBasis(Map<String, Subscribed> subscriptions, Map<String, TopicShape> topics) {}

  private record Subscribed(Set<String> topicNames, String topicRegex) {}

  private record TopicShape(UUID id, int partitions) {}

  private EpochBasis epochBasis() {
    Map<String, Subscribed> subscriptions = new TreeMap<>();
    for (ConsumerMember m : members.values()) {
      subscriptions.put(m.memberId, new Subscribed(new TreeSet<>(m.topicNames), m.topicRegex));
    }
    Map<String, TopicShape> topics = new TreeMap<>();
    for (Topic t : cluster.topics()) {
      if (isSubscribedTo(t.name())) {
        topics.put(t.name(), new TopicShape(t.id(), t.partitions().size()));
      }
    }
    return new EpochBasis(subscriptions, topics);
  }

  /** A classic member at the group epoch owning its target: nothing to rejoin for. */
  private boolean settled(ConsumerMember member) {
    return member.epoch == groupEpoch && member.assigned.equals(targetOf(member.memberId));
  }

  /**
   * As Kafka: a classic member must sync after its join, and rejoin once told to, within its
   * rebalance timeout, or it is out (its partitions go to the others); heartbeats do not keep it.
   */
  private void armClassicDeadline(ConsumerMember member) {
    disarmClassicDeadline(member);
    member.classicDeadline = cluster.clock().schedule(member.classic.rebalanceTimeoutMs(), () -> {
      member.classicDeadline = null;
      if (members.get(member.memberId) == member) {
        remove(member);
      }
    });
  }

  private static void disarmClassicDeadline(ConsumerMember member) {
    if (member.classicDeadline != null) {
      member.classicDeadline.cancel();
      member.classicDeadline = null;
    }
  }

  /** The server-side assignor the group uses: the one its members name most ({@link ServerAssignors}). */
  public String assignorName() {
    List<String> named = new ArrayList<>();
    members.values().forEach(m -> named.add(m.serverAssignor));
    return ServerAssignors.preferred(named);
  }

  /** The group's assignor's target: the uniform one sticky to the current target, or ranges. */
  private Map<String, Set<Owned>> computeTarget(String assignor) {
    Map<String, Topic> topics = new TreeMap<>();
    for (Topic t : cluster.topics()) {
      topics.put(t.name(), t);
    }
    Map<String, Set<UUID>> subscriptions = new TreeMap<>();
    Set<UUID> subscribed = new TreeSet<>();
    for (ConsumerMember m : members.values()) {
      Set<UUID> ids = new TreeSet<>();
      for (Topic t : topics.values()) {
        if (subscribes(m, t.name())) {
          ids.add(t.id());
        }
      }
      subscriptions.put(m.memberId, ids);
      subscribed.addAll(ids);
    }
    List<UniformAssignor.TopicSpec> specs = new ArrayList<>();
    for (Topic t : topics.values()) {
      if (subscribed.contains(t.id())) {
        specs.add(new UniformAssignor.TopicSpec(t.id(), t.partitions().size()));
      }
    }
    return ServerAssignors.RANGE.equals(assignor) ? RangeAssignor.assign(subscriptions, specs)
        : UniformAssignor.assign(subscriptions, specs, target);
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
    return new HeartbeatOutcome(ErrorCode.NONE, null, member.memberId, member.epoch,
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
    int timeoutMs = member.classic == null ? sessionTimeoutMs : member.classic.sessionTimeoutMs();
    member.sessionTimer = cluster.clock().schedule(timeoutMs, () -> {
      if (members.get(member.memberId) == member) {
        remove(member);
      }
    });
  }

  private void remove(ConsumerMember member) {
    if (member.sessionTimer != null) {
      member.sessionTimer.cancel();
    }
    disarmClassicDeadline(member);
    members.remove(member.memberId);
    if (member.classic == null && !members.isEmpty() && members.values().stream().allMatch(m -> m.classic != null)) {
      // Kafka's default group.consumer.migration.policy: the last KIP-848 member gone, the group
      // goes back to classic with the members it has, at this group epoch as their generation.
      onlyClassicMembersLeft.accept(this);
      return;
    }
    // As Kafka: the epoch moves on at once, the target waits for the next heartbeat (Assigning
    // meanwhile), but for a group left empty.
    moveEpochIfChanged();
    if (members.isEmpty()) {
      target = Map.of();
      assignmentEpoch = groupEpoch;
    }
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
    if (member.classic != null) {
      // A classic member commits at the generation its last JoinGroup gave it, as in a classic group.
      return memberEpoch == member.epoch ? ErrorCode.NONE : ErrorCode.ILLEGAL_GENERATION;
    }
    boolean current = memberEpoch == member.epoch || (memberEpoch == member.previousEpoch && memberEpoch > 0);
    return current ? ErrorCode.NONE : ErrorCode.STALE_MEMBER_EPOCH;
  }

  /**
   * A classic member's JoinGroup (protocol type "consumer"; the coordinator checked it): answered at
   * once, as Kafka answers it, with the member's epoch as the generation, no leader and no members
   * (the assignment is the group's, not a leader's). A new member first gets MEMBER_ID_REQUIRED (v4+),
   * and any member id it then joins with is taken, as Kafka takes it. The member gives up first what
   * it loses (its epoch stays, and it is told to rejoin), then gets its target's partitions that no
   * other member holds, at the group epoch; it owns only what its subscription says it still owns
   * (an eager member has given everything up before it joins).
   */
  JoinOutcome joinClassic(String memberId, Client client, int sessionTimeoutMs, int rebalanceTimeoutMs,
      List<Protocol> protocols, boolean requireKnownMemberId) {
    if (protocols.isEmpty()) {
      return JoinOutcome.error(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, memberId);
    }
    ConsumerProtocolBytes.Subscription subscription;
    try {
      subscription = ConsumerProtocolBytes.subscription(protocols.get(0).metadata(), cluster);
    } catch (IllegalArgumentException e) {
      return JoinOutcome.error(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, memberId);
    }
    String instance = client.instanceId();
    String id = memberId;
    if (id.isEmpty()) {
      id = UUID.randomUUID().toString();
      if (requireKnownMemberId && instance == null) {
        return JoinOutcome.error(ErrorCode.MEMBER_ID_REQUIRED, id);
      }
    }
    ConsumerMember member = members.get(id);
    if (member != null && member.classic == null) {
      return JoinOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID, memberId);
    }
    if (member == null) {
      ConsumerMember previous = instance == null ? null : byInstance(instance);
      if (previous != null && previous.classic == null) {
        return JoinOutcome.error(ErrorCode.FENCED_INSTANCE_ID, memberId);
      }
      if (previous != null) {
        remove(previous);
      }
      if (members.size() >= io.kwire.fake.cluster.ClusterSettings.MAX_GROUP_SIZE) {
        return JoinOutcome.error(ErrorCode.GROUP_MAX_SIZE_REACHED, memberId);
      }
      member = new ConsumerMember(id, instance, client.id(), client.host());
      members.put(id, member);
    }
    member.classic = new ClassicMembership(List.copyOf(protocols), sessionTimeoutMs, rebalanceTimeoutMs);
    member.topicNames = subscription.topics();
    member.rackId = subscription.rackId();
    member.assigned.retainAll(subscription.owned());
    member.reportedOwned = new TreeSet<>(subscription.owned());
    touch(member);
    refreshTarget();
    reconcile(member);
    armClassicDeadline(member);
    return new JoinOutcome(ErrorCode.NONE, member.epoch, "consumer", member.classic.protocolName(), "", id,
        List.of());
  }

  /** A classic member's SyncGroup: its assignment at once, in the consumer protocol's bytes. */
  @Override
  public CompletableFuture<SyncOutcome> sync(String memberId, int generation, String protocolType,
      String protocolName, Map<String, byte[]> assignments) {
    ConsumerMember member = members.get(memberId);
    SyncOutcome outcome;
    if (member == null || member.classic == null) {
      outcome = SyncOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID);
    } else if (generation != member.epoch) {
      outcome = SyncOutcome.error(ErrorCode.ILLEGAL_GENERATION);
    } else if (protocolType != null && !protocolType.equals("consumer")
        || protocolName != null && !protocolName.equals(member.classic.protocolName())) {
      outcome = SyncOutcome.error(ErrorCode.INCONSISTENT_GROUP_PROTOCOL);
    } else {
      touch(member);
      disarmClassicDeadline(member);
      if (!settled(member)) {
        armClassicDeadline(member);
      }
      outcome = new SyncOutcome(ErrorCode.NONE, "consumer", member.classic.protocolName(),
          ConsumerProtocolBytes.assignment(member.assigned, cluster));
    }
    return CompletableFuture.completedFuture(outcome);
  }

  /**
   * A classic member's Heartbeat: REBALANCE_IN_PROGRESS while its epoch is behind the group's or what
   * it owns is not its target (it rejoins to give up or take partitions).
   */
  @Override
  public short heartbeat(String memberId, int generation) {
    ConsumerMember member = members.get(memberId);
    if (member == null || member.classic == null) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    if (generation != member.epoch) {
      return ErrorCode.ILLEGAL_GENERATION;
    }
    touch(member);
    return settled(member) ? ErrorCode.NONE : ErrorCode.REBALANCE_IN_PROGRESS;
  }

  /** A LeaveGroup: as in Kafka, a KIP-848 member may be made to leave by it too. */
  @Override
  public short leave(String memberId) {
    ConsumerMember member = members.get(memberId);
    if (member == null) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    remove(member);
    return ErrorCode.NONE;
  }

  @Override
  public short checkInstance(String memberId, String instanceId) {
    ConsumerMember holder = instanceId == null ? null : byInstance(instanceId);
    return holder == null || holder.memberId.equals(memberId) ? ErrorCode.NONE : ErrorCode.FENCED_INSTANCE_ID;
  }

  @Override
  public String memberOf(String instanceId, String memberId) {
    ConsumerMember holder = instanceId == null ? null : byInstance(instanceId);
    return holder == null ? memberId : holder.memberId;
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
