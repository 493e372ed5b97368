package io.kwire.fake.groups;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ErrorCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * A classic consumer group: members join (a new member first gets MEMBER_ID_REQUIRED with its id),
 * a rebalance completes once every member has rejoined (or the rebalance timeout removes those that
 * did not), the leader's SyncGroup hands out the assignments, heartbeats keep sessions alive and
 * tell members of a rebalance. A member whose session times out, or that leaves, starts a
 * rebalance. Membership only: the committed offsets are the coordinator's ({@link OffsetStore}).
 * Confined to the cluster thread.
 */
public final class ClassicGroup implements ClassicProtocolGroup {
  private final String groupId;
  private final ClusterClock clock;
  private final int initialRebalanceDelayMs;
  private final Map<String, Member> members = new LinkedHashMap<>();
  /** Member ids handed out with MEMBER_ID_REQUIRED, until their owner joins with them or times out. */
  private final Map<String, ClusterClock.Timer> pendingMembers = new HashMap<>();
  /** Static members: group instance id to the member id it holds now. */
  private final Map<String, String> instances = new HashMap<>();
  private GroupState state = GroupState.EMPTY;
  private int generationId;
  private String protocolType;
  private String protocolName;
  private String leaderId;
  private ClusterClock.Timer rebalanceTimer;
  /** A new group's first rebalance waits out the initial delay even when every member is there. */
  private boolean holdForInitialDelay;

  ClassicGroup(String groupId, ClusterClock clock, int initialRebalanceDelayMs) {
    this.groupId = groupId;
    this.clock = clock;
    this.initialRebalanceDelayMs = initialRebalanceDelayMs;
  }

  @Override
  public String groupId() {
    return groupId;
  }

  @Override
  public GroupType type() {
    return GroupType.CLASSIC;
  }

  @Override
  public boolean isEmpty() {
    return members.isEmpty();
  }

  /**
   * Whether the group may still read {@code topic}: a group with members is taken to read every
   * topic (the fake does not parse the members' subscriptions out of their protocol metadata).
   */
  @Override
  public boolean isSubscribedTo(String topic) {
    return !members.isEmpty();
  }

  public GroupState state() {
    return state;
  }

  public int generationId() {
    return generationId;
  }

  public int memberCount() {
    return members.size();
  }

  /** The state's name as DescribeGroups and ListGroups give it. */
  @Override
  public String stateName() {
    return switch (state) {
      case EMPTY -> "Empty";
      case PREPARING_REBALANCE -> "PreparingRebalance";
      case COMPLETING_REBALANCE -> "CompletingRebalance";
      case STABLE -> "Stable";
    };
  }

  /** The members' protocol type ("consumer" for consumers), or "" before any joined. */
  @Override
  public String protocolType() {
    return protocolType == null ? "" : protocolType;
  }

  /** The protocol chosen (the assignor), or "" outside a generation. */
  public String protocolName() {
    return protocolName == null ? "" : protocolName;
  }

  /**
   * A consumer group whose members are all classic (its last KIP-848 member left) as a classic
   * group again: the same members with their assignments, at the consumer group's epoch as the
   * generation, rebalancing (a member whose epoch was behind hears ILLEGAL_GENERATION, the others
   * REBALANCE_IN_PROGRESS; all rejoin, and those that do not are out at the rebalance timeout).
   */
  static ClassicGroup downgraded(String groupId, ClusterClock clock, int initialRebalanceDelayMs, int generationId,
      List<Member> members) {
    ClassicGroup group = new ClassicGroup(groupId, clock, initialRebalanceDelayMs);
    group.generationId = generationId;
    group.protocolType = "consumer";
    group.state = GroupState.STABLE;
    for (Member m : members) {
      group.members.put(m.memberId, m);
      if (m.client.instanceId() != null) {
        group.instances.put(m.client.instanceId(), m.memberId);
      }
      group.touch(m);
    }
    group.prepareRebalance();
    return group;
  }

  /**
   * The members as they are, for a consumer group that takes this group's place (an online
   * upgrade): the joins and syncs waiting are answered REBALANCE_IN_PROGRESS (their members join
   * again, and the consumer group answers), every timer stops.
   */
  List<Member> dissolve() {
    cancelRebalanceTimer();
    pendingMembers.values().forEach(ClusterClock.Timer::cancel);
    pendingMembers.clear();
    List<Member> out = new ArrayList<>(members.values());
    for (Member m : out) {
      if (m.session != null) {
        m.session.cancel();
      }
      if (m.pendingJoin != null) {
        m.pendingJoin.complete(JoinOutcome.error(ErrorCode.REBALANCE_IN_PROGRESS, m.memberId));
        m.pendingJoin = null;
      }
      if (m.pendingSync != null) {
        m.pendingSync.complete(SyncOutcome.error(ErrorCode.REBALANCE_IN_PROGRESS));
        m.pendingSync = null;
      }
    }
    return out;
  }

  /** The members as they are now. */
  List<Member> currentMembers() {
    return List.copyOf(members.values());
  }

  /** The metadata a member sent for the protocol chosen (its first one outside a generation). */
  static byte[] subscriptionOf(Member member, String protocolName) {
    return protocolName != null && member.supports(protocolName) ? member.metadata(protocolName)
        : member.protocols.get(0).metadata();
  }

  /** A member as DescribeGroups shows it. */
  public record MemberView(String memberId, Client client, byte[] metadata, byte[] assignment) {}

  public List<MemberView> members() {
    List<MemberView> out = new ArrayList<>();
    for (Member m : members.values()) {
      out.add(new MemberView(m.memberId, m.client, protocolName == null ? new byte[0] : m.metadata(protocolName),
          state == GroupState.STABLE ? m.assignment : new byte[0]));
    }
    return out;
  }

  /**
   * A JoinGroup. {@code requireKnownMemberId} (v4+): a member without an id gets one with
   * MEMBER_ID_REQUIRED and must join again with it.
   */
  public CompletableFuture<JoinOutcome> join(String memberId, Client client, int sessionTimeoutMs,
      int rebalanceTimeoutMs, String type, List<Protocol> protocols, boolean requireKnownMemberId) {
    if (type.isEmpty() || protocols.isEmpty() || !compatible(memberId, type, protocols)) {
      return CompletableFuture.completedFuture(JoinOutcome.error(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, memberId));
    }
    Member member;
    String instance = client.instanceId();
    if (instance != null && !memberId.isEmpty() && !memberId.equals(instances.get(instance))) {
      return CompletableFuture.completedFuture(JoinOutcome.error(
          instances.containsKey(instance) ? ErrorCode.FENCED_INSTANCE_ID : ErrorCode.UNKNOWN_MEMBER_ID, memberId));
    }
    if (memberId.isEmpty() && instance != null && instances.containsKey(instance)) {
      // A static member back (a restart): it takes its place under a new id; the old id is fenced.
      member = replace(members.get(instances.get(instance)), client.id() + "-" + UUID.randomUUID());
      member.protocols = List.copyOf(protocols);
      member.sessionTimeoutMs = sessionTimeoutMs;
      member.rebalanceTimeoutMs = rebalanceTimeoutMs;
    } else if (memberId.isEmpty()) {
      if (members.size() + pendingMembers.size() >= ClusterSettings.MAX_GROUP_SIZE) {
        return CompletableFuture.completedFuture(JoinOutcome.error(ErrorCode.GROUP_MAX_SIZE_REACHED, memberId));
      }
      String id = client.id() + "-" + UUID.randomUUID();
      // A static member is known by its instance id: it joins at once, without MEMBER_ID_REQUIRED.
      if (requireKnownMemberId && instance == null) {
        pendingMembers.put(id, clock.schedule(sessionTimeoutMs, () -> {
          pendingMembers.remove(id);
          maybeCompleteJoin();
        }));
        return CompletableFuture.completedFuture(JoinOutcome.error(ErrorCode.MEMBER_ID_REQUIRED, id));
      }
      member = add(id, client, sessionTimeoutMs, rebalanceTimeoutMs, protocols);
    } else if (pendingMembers.containsKey(memberId)) {
      pendingMembers.remove(memberId).cancel();
      member = add(memberId, client, sessionTimeoutMs, rebalanceTimeoutMs, protocols);
    } else {
      member = members.get(memberId);
      if (member == null) {
        return CompletableFuture.completedFuture(JoinOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID, memberId));
      }
      member.protocols = List.copyOf(protocols);
      member.sessionTimeoutMs = sessionTimeoutMs;
      member.rebalanceTimeoutMs = rebalanceTimeoutMs;
    }
    if (members.size() == 1) {
      protocolType = type;
    }
    if (member.pendingJoin != null) {
      member.pendingJoin.complete(JoinOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID, member.memberId));
    }
    CompletableFuture<JoinOutcome> joined = new CompletableFuture<>();
    member.pendingJoin = joined;
    if (member.session != null) {
      // A member waiting in a join is alive until the rebalance ends: the rebalance timeout bounds it.
      member.session.cancel();
    }
    if (state != GroupState.PREPARING_REBALANCE) {
      prepareRebalance();
    }
    maybeCompleteJoin();
    return joined;
  }

  /**
   * FENCED_INSTANCE_ID when {@code instanceId} (a static member's, or null) is now held by another
   * member id than {@code memberId}: an older incarnation of a restarted static member.
   */
  @Override
  public short checkInstance(String memberId, String instanceId) {
    if (instanceId == null || !instances.containsKey(instanceId)) {
      return ErrorCode.NONE;
    }
    return instances.get(instanceId).equals(memberId) ? ErrorCode.NONE : ErrorCode.FENCED_INSTANCE_ID;
  }

  /** The member id a static member's instance id holds, or {@code memberId} when it holds none. */
  @Override
  public String memberOf(String instanceId, String memberId) {
    return instanceId != null && instances.containsKey(instanceId) ? instances.get(instanceId) : memberId;
  }

  /** A SyncGroup: the leader's brings the assignments; every member's waits for them. */
  @Override
  public CompletableFuture<SyncOutcome> sync(String memberId, int generation, String type, String protocol,
      Map<String, byte[]> assignments) {
    Member member = members.get(memberId);
    if (member == null) {
      return CompletableFuture.completedFuture(SyncOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID));
    }
    if (generation != generationId) {
      return CompletableFuture.completedFuture(SyncOutcome.error(ErrorCode.ILLEGAL_GENERATION));
    }
    if (type != null && !type.equals(protocolType) || protocol != null && !protocol.equals(protocolName)) {
      return CompletableFuture.completedFuture(SyncOutcome.error(ErrorCode.INCONSISTENT_GROUP_PROTOCOL));
    }
    if (state == GroupState.PREPARING_REBALANCE) {
      return CompletableFuture.completedFuture(SyncOutcome.error(ErrorCode.REBALANCE_IN_PROGRESS));
    }
    touch(member);
    if (state == GroupState.STABLE) {
      return CompletableFuture.completedFuture(new SyncOutcome(ErrorCode.NONE, protocolType, protocolName,
          member.assignment));
    }
    CompletableFuture<SyncOutcome> synced = new CompletableFuture<>();
    member.pendingSync = synced;
    if (memberId.equals(leaderId)) {
      state = GroupState.STABLE;
      for (Member m : members.values()) {
        m.assignment = assignments.getOrDefault(m.memberId, new byte[0]);
        if (m.pendingSync != null) {
          CompletableFuture<SyncOutcome> waiting = m.pendingSync;
          m.pendingSync = null;
          waiting.complete(new SyncOutcome(ErrorCode.NONE, protocolType, protocolName, m.assignment));
        }
      }
    }
    return synced;
  }

  /** A Heartbeat: keeps the session alive; REBALANCE_IN_PROGRESS tells the member to rejoin. */
  @Override
  public short heartbeat(String memberId, int generation) {
    Member member = members.get(memberId);
    if (member == null) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    if (generation != generationId) {
      return ErrorCode.ILLEGAL_GENERATION;
    }
    touch(member);
    return state == GroupState.PREPARING_REBALANCE ? ErrorCode.REBALANCE_IN_PROGRESS : ErrorCode.NONE;
  }

  /** A member leaving (LeaveGroup): the others rebalance. */
  @Override
  public short leave(String memberId) {
    Member member = members.get(memberId);
    if (member == null) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    remove(member);
    return ErrorCode.NONE;
  }

  /** A static member's commit from an older incarnation is fenced; then {@link #checkCommit}. */
  @Override
  public short checkOffsetCommit(String memberId, String instanceId, int generation) {
    short fenced = checkInstance(memberId, instanceId);
    return fenced != ErrorCode.NONE ? fenced : checkCommit(memberId, generation);
  }

  /** Anyone may read a classic group's offsets. */
  @Override
  public short checkOffsetFetch(String memberId, int memberEpoch) {
    return ErrorCode.NONE;
  }

  /**
   * Whether an OffsetCommit from {@code memberId} at {@code generation} may commit: a group
   * without members takes commits without a generation (a consumer that assigns its partitions).
   */
  short checkCommit(String memberId, int generation) {
    if (generation < 0 && members.isEmpty()) {
      return ErrorCode.NONE;
    }
    Member member = members.get(memberId);
    if (member == null) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    if (generation != generationId) {
      return ErrorCode.ILLEGAL_GENERATION;
    }
    if (state == GroupState.COMPLETING_REBALANCE) {
      return ErrorCode.REBALANCE_IN_PROGRESS;
    }
    touch(member);
    return ErrorCode.NONE;
  }

  private Member add(String id, Client client, int sessionTimeoutMs, int rebalanceTimeoutMs,
      List<Protocol> protocols) {
    Member member = new Member(id, client, sessionTimeoutMs, rebalanceTimeoutMs, List.copyOf(protocols));
    members.put(id, member);
    if (client.instanceId() != null) {
      instances.put(client.instanceId(), id);
    }
    return member;
  }

  /** {@code old}'s place (its assignment, its leadership) under {@code newId}; a join the old one waits in is fenced. */
  private Member replace(Member old, String newId) {
    members.remove(old.memberId);
    if (old.session != null) {
      old.session.cancel();
    }
    if (old.pendingJoin != null) {
      old.pendingJoin.complete(JoinOutcome.error(ErrorCode.FENCED_INSTANCE_ID, old.memberId));
    }
    if (old.pendingSync != null) {
      old.pendingSync.complete(SyncOutcome.error(ErrorCode.FENCED_INSTANCE_ID));
    }
    Member member = new Member(newId, old.client, old.sessionTimeoutMs, old.rebalanceTimeoutMs, old.protocols);
    member.assignment = old.assignment;
    members.put(newId, member);
    instances.put(old.client.instanceId(), newId);
    if (old.memberId.equals(leaderId)) {
      leaderId = newId;
    }
    return member;
  }

  /** An empty group takes any protocol; otherwise the type must match and one protocol be common to all. */
  private boolean compatible(String memberId, String type, List<Protocol> protocols) {
    boolean othersPresent = members.keySet().stream().anyMatch(id -> !id.equals(memberId));
    if (!othersPresent) {
      return true;
    }
    if (!type.equals(protocolType)) {
      return false;
    }
    for (Protocol p : protocols) {
      boolean common = members.values().stream()
          .allMatch(m -> m.memberId.equals(memberId) || m.supports(p.name()));
      if (common) {
        return true;
      }
    }
    return false;
  }

  private void prepareRebalance() {
    boolean wasEmpty = state == GroupState.EMPTY;
    for (Member m : members.values()) {
      if (m.pendingSync != null) {
        CompletableFuture<SyncOutcome> waiting = m.pendingSync;
        m.pendingSync = null;
        waiting.complete(SyncOutcome.error(ErrorCode.REBALANCE_IN_PROGRESS));
      }
    }
    state = GroupState.PREPARING_REBALANCE;
    int timeout = members.values().stream().mapToInt(m -> m.rebalanceTimeoutMs).max().orElse(0);
    long delay = wasEmpty ? Math.min(initialRebalanceDelayMs, timeout) : timeout;
    holdForInitialDelay = wasEmpty && delay > 0;
    cancelRebalanceTimer();
    rebalanceTimer = clock.schedule(delay, this::rebalanceDeadline);
  }

  private void maybeCompleteJoin() {
    if (state != GroupState.PREPARING_REBALANCE || holdForInitialDelay || !pendingMembers.isEmpty()) {
      return;
    }
    for (Member m : members.values()) {
      if (m.pendingJoin == null) {
        return;
      }
    }
    completeJoin();
  }

  /** The rebalance's time is up: the members that did not rejoin are out. */
  private void rebalanceDeadline() {
    if (state != GroupState.PREPARING_REBALANCE) {
      return;
    }
    holdForInitialDelay = false;
    for (Member m : new ArrayList<>(members.values())) {
      if (m.pendingJoin == null) {
        drop(m);
      }
    }
    completeJoin();
  }

  private void completeJoin() {
    cancelRebalanceTimer();
    generationId++;
    if (members.isEmpty()) {
      state = GroupState.EMPTY;
      protocolName = null;
      leaderId = null;
      return;
    }
    protocolName = vote();
    if (leaderId == null || !members.containsKey(leaderId)) {
      leaderId = members.keySet().iterator().next();
    }
    state = GroupState.COMPLETING_REBALANCE;
    List<JoinOutcome.JoinedMember> all = new ArrayList<>();
    for (Member m : members.values()) {
      all.add(new JoinOutcome.JoinedMember(m.memberId, m.client.instanceId(), m.metadata(protocolName)));
    }
    for (Member m : new ArrayList<>(members.values())) {
      CompletableFuture<JoinOutcome> waiting = m.pendingJoin;
      m.pendingJoin = null;
      touch(m);
      waiting.complete(new JoinOutcome(ErrorCode.NONE, generationId, protocolType, protocolName, leaderId,
          m.memberId, m.memberId.equals(leaderId) ? all : List.of()));
    }
  }

  /** Each member votes for the first of its protocols that every member supports; the most votes win. */
  private String vote() {
    Map<String, Integer> votes = new LinkedHashMap<>();
    for (Member m : members.values()) {
      for (Protocol p : m.protocols) {
        if (members.values().stream().allMatch(other -> other.supports(p.name()))) {
          votes.merge(p.name(), 1, Integer::sum);
          break;
        }
      }
    }
    String best = null;
    for (Map.Entry<String, Integer> e : votes.entrySet()) {
      if (best == null || e.getValue() > votes.get(best)) {
        best = e.getKey();
      }
    }
    return best;
  }

  private void touch(Member member) {
    if (member.session != null) {
      member.session.cancel();
    }
    member.session = clock.schedule(member.sessionTimeoutMs, () -> {
      if (members.get(member.memberId) == member && member.pendingJoin == null) {
        remove(member);
      }
    });
  }

  /** Takes a member out and rebalances the others. */
  private void remove(Member member) {
    drop(member);
    if (state == GroupState.STABLE || state == GroupState.COMPLETING_REBALANCE) {
      prepareRebalance();
    }
    maybeCompleteJoin();
  }

  private void drop(Member member) {
    members.remove(member.memberId);
    if (member.client.instanceId() != null) {
      instances.remove(member.client.instanceId(), member.memberId);
    }
    if (member.session != null) {
      member.session.cancel();
    }
    if (member.pendingJoin != null) {
      member.pendingJoin.complete(JoinOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID, member.memberId));
      member.pendingJoin = null;
    }
    if (member.pendingSync != null) {
      member.pendingSync.complete(SyncOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID));
      member.pendingSync = null;
    }
  }

  private void cancelRebalanceTimer() {
    if (rebalanceTimer != null) {
      rebalanceTimer.cancel();
      rebalanceTimer = null;
    }
  }
}
