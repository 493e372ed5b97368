package io.kwire.fake.groups;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.StreamsTasks.TaskId;
import io.kwire.fake.groups.StreamsTopologyConfigurer.Status;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A streams group (KIP-1071): the first member's topology is the group's; the coordinator configures
 * it against the topics (creating the internal ones), assigns tasks with {@link StreamsTaskAssignor}
 * at each group epoch, and reconciles each member towards its target through its member epoch, as
 * a consumer group does with partitions: a member first gives up the active tasks it must revoke
 * (its epoch stays), then takes its target's at the group epoch once no other member still holds
 * them; one that has not revoked within its rebalance timeout is fenced. The group's settings ({@code streams.*} of the GROUP config resource) are read when they
 * act. Membership only: the committed offsets are the coordinator's. Confined to the cluster thread.
 */
public final class StreamsGroup implements Group {
  public static final byte STALE_TOPOLOGY = 0;
  public static final byte SHUTDOWN_APPLICATION = 4;
  public static final byte ASSIGNMENT_DELAYED = 5;

  /** One heartbeat's fields; null where the client sent no change. */
  public record Heartbeat(String memberId, int memberEpoch, String instanceId, String rackId, int rebalanceTimeoutMs,
      StreamsTopology topology, Set<TaskId> activeTasks, String processId, StreamsMember.Endpoint endpoint,
      Map<String, String> clientTags, List<StreamsMember.TaskOffset> taskOffsets,
      List<StreamsMember.TaskOffset> taskEndOffsets, boolean shutdownApplication, int endpointInformationEpoch,
      String clientId, String clientHost) {}

  /** The source partitions of one endpoint's tasks (PartitionsByUserEndpoint), topic to partitions. */
  public record EndpointPartitions(StreamsMember.Endpoint endpoint, Map<String, List<Integer>> active,
      Map<String, List<Integer>> standby) {}

  /** A heartbeat's answer: the error, or the member's epoch, statuses and (when it changed) its tasks. */
  public record HeartbeatOutcome(short errorCode, String errorMessage, String memberId, int memberEpoch,
      int heartbeatIntervalMs, List<Status> status, StreamsTasks tasks, int endpointInformationEpoch,
      List<EndpointPartitions> endpoints) {
    static HeartbeatOutcome error(short code, String message) {
      return new HeartbeatOutcome(code, message, null, 0, 0, null, null, 0, null);
    }
  }

  private final String groupId;
  private final ClusterState cluster;
  private final GroupConfigs configs;
  /** Creates the internal topics a configured topology lacks. */
  private final Consumer<List<StreamsTopology.InternalTopic>> createTopics;
  private final Map<String, StreamsMember> members = new LinkedHashMap<>();
  private StreamsTopology topology;
  private StreamsTopologyConfigurer.Configured configured;
  private Map<String, StreamsTasks> target = Map.of();
  /** What the current group epoch was reached with: a change of it moves the epoch on. */
  private Object epochBasis;
  private int groupEpoch;
  private int assignmentEpoch;
  private long assignmentNotBeforeMs = Long.MIN_VALUE;
  private boolean initialDelay;
  private boolean shutdownRequested;
  private int endpointEpoch;
  private Object endpointBasis;

  StreamsGroup(String groupId, ClusterState cluster, GroupConfigs configs,
      Consumer<List<StreamsTopology.InternalTopic>> createTopics) {
    this.groupId = groupId;
    this.cluster = cluster;
    this.configs = configs;
    this.createTopics = createTopics;
  }

  @Override
  public String groupId() {
    return groupId;
  }

  @Override
  public GroupType type() {
    return GroupType.STREAMS;
  }

  @Override
  public String protocolType() {
    return "streams";
  }

  @Override
  public boolean isEmpty() {
    return members.isEmpty();
  }

  /** Kafka's streams group states: Empty, NotReady (no topology, or one that cannot be assigned), Assigning, Reconciling, Stable. */
  @Override
  public String stateName() {
    if (members.isEmpty()) {
      return "Empty";
    }
    if (configured == null || !configured.ready()) {
      return "NotReady";
    }
    if (assignmentEpoch != groupEpoch) {
      return "Assigning";
    }
    for (StreamsMember m : members.values()) {
      if (m.epoch != groupEpoch || !m.pendingRevocation.isEmpty() || !m.assigned.equals(targetOf(m.memberId))) {
        return "Reconciling";
      }
    }
    return "Stable";
  }

  @Override
  public boolean isSubscribedTo(String topic) {
    if (members.isEmpty() || topology == null) {
      return false;
    }
    return topology.subtopologies().stream().anyMatch(s -> s.sourceTopics().contains(topic)
        || s.repartitionSourceTopics().stream().anyMatch(t -> t.name().equals(topic)));
  }

  public int groupEpoch() {
    return groupEpoch;
  }

  public int assignmentEpoch() {
    return assignmentEpoch;
  }

  public StreamsTopology topology() {
    return topology;
  }

  /** The topology as configured against the topics now (null before any). */
  public StreamsTopologyConfigurer.Configured configured() {
    return configured;
  }

  public Collection<StreamsMember> members() {
    return Collections.unmodifiableCollection(members.values());
  }

  public StreamsMember member(String memberId) {
    return members.get(memberId);
  }

  public StreamsTasks targetOf(String memberId) {
    return target.getOrDefault(memberId, StreamsTasks.NONE);
  }

  /** One heartbeat: epoch 0 joins (with the topology), -1 leaves, -2 is a static member's temporary leave. */
  public HeartbeatOutcome heartbeat(Heartbeat h) {
    StreamsMember member = members.get(h.memberId());
    if (h.memberEpoch() == -1 || h.memberEpoch() == -2) {
      if (member == null) {
        return HeartbeatOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID,
            "Member " + h.memberId() + " is not a member of group " + groupId + ".");
      }
      remove(member);
      return new HeartbeatOutcome(ErrorCode.NONE, null, h.memberId(), h.memberEpoch(), 0, null, null, endpointEpoch,
          null);
    }
    if (h.memberEpoch() == 0) {
      if (member == null) {
        if (members.size() >= ClusterSettings.MAX_GROUP_SIZE) {
          return HeartbeatOutcome.error(ErrorCode.GROUP_MAX_SIZE_REACHED,
              "The streams group has reached its maximum capacity of " + ClusterSettings.MAX_GROUP_SIZE + " members.");
        }
        if (members.isEmpty()) {
          // A group's first member: the initial rebalance delay lets others join before tasks are handed out.
          int delay = configs.intValue(groupId, "streams.initial.rebalance.delay.ms");
          initialDelay = delay > 0;
          assignmentNotBeforeMs = cluster.clock().nowMs() + delay;
          shutdownRequested = false;
        }
        member = new StreamsMember(h.memberId(), h.clientId(), h.clientHost());
        members.put(h.memberId(), member);
      } else {
        // A known member rejoining starts over: what it had is revoked.
        member.assigned = StreamsTasks.NONE;
        member.pendingRevocation = Set.of();
        cancel(member.revocationTimer);
        member.assignedAtEpoch.clear();
        member.epoch = 0;
      }
      member.assignmentSent = false;
      member.topologyEpoch = h.topology().epoch();
      if (topology == null || (members.size() == 1 && h.topology().epoch() > topology.epoch())) {
        topology = h.topology();
      }
    } else if (member == null) {
      return HeartbeatOutcome.error(ErrorCode.UNKNOWN_MEMBER_ID,
          "Member " + h.memberId() + " is not a member of group " + groupId + ".");
    } else if (h.memberEpoch() > member.epoch) {
      return HeartbeatOutcome.error(ErrorCode.FENCED_MEMBER_EPOCH, "The streams group member has a greater member "
          + "epoch (" + h.memberEpoch() + ") than the one known by the group coordinator (" + member.epoch
          + "). The member must abandon all its partitions and rejoin.");
    } else if (h.memberEpoch() < member.epoch && (h.memberEpoch() != member.previousEpoch
        || h.activeTasks() != null && !member.assigned.active().containsAll(h.activeTasks()))) {
      return HeartbeatOutcome.error(ErrorCode.FENCED_MEMBER_EPOCH, "The streams group member has a smaller member "
          + "epoch (" + h.memberEpoch() + ") than the one known by the group coordinator (" + member.epoch
          + "). The member must abandon all its partitions and rejoin.");
    }
    update(member, h);
    touch(member);
    List<Status> status = new ArrayList<>();
    refresh(status, true);
    if (member.topologyEpoch < topology.epoch()) {
      status.add(new Status(STALE_TOPOLOGY, "The member's topology epoch " + member.topologyEpoch
          + " is behind the group's topology epoch " + topology.epoch() + "."));
    }
    if (shutdownRequested) {
      status.add(new Status(SHUTDOWN_APPLICATION, "Streams group member " + h.memberId()
          + " encountered a fatal error and requested a shutdown for the entire application."));
    }
    StreamsTasks tasks = reconcile(member, h.activeTasks());
    List<EndpointPartitions> endpoints = h.endpointInformationEpoch() == endpointEpoch ? null : endpoints();
    return new HeartbeatOutcome(ErrorCode.NONE, null, member.memberId, member.epoch,
        configs.intValue(groupId, "streams.heartbeat.interval.ms"), status, tasks, endpointEpoch, endpoints);
  }

  private void update(StreamsMember member, Heartbeat h) {
    if (h.instanceId() != null) {
      member.instanceId = h.instanceId();
    }
    if (h.rackId() != null) {
      member.rackId = h.rackId();
    }
    if (h.rebalanceTimeoutMs() > 0) {
      member.rebalanceTimeoutMs = h.rebalanceTimeoutMs();
    }
    if (h.processId() != null) {
      member.processId = h.processId();
    }
    if (h.endpoint() != null) {
      member.endpoint = h.endpoint();
    }
    if (h.clientTags() != null) {
      member.clientTags = Map.copyOf(h.clientTags());
    }
    if (h.taskOffsets() != null) {
      member.taskOffsets = List.copyOf(h.taskOffsets());
    }
    if (h.taskEndOffsets() != null) {
      member.taskEndOffsets = List.copyOf(h.taskEndOffsets());
    }
    if (h.shutdownApplication()) {
      shutdownRequested = true;
    }
  }

  /**
   * Configures the topology against the topics now (creating the internal topics it lacks), moves the
   * group epoch on when the members, their processes, the tasks or the standby setting changed, and
   * computes the target assignment ({@code assignNow}) unless the initial delay or the assignment
   * interval holds it back.
   */
  private void refresh(List<Status> status, boolean assignNow) {
    if (topology == null) {
      return;
    }
    configured = StreamsTopologyConfigurer.configure(topology, name -> {
      Topic t = cluster.topic(name);
      return t == null ? -1 : t.partitions().size();
    });
    if (!configured.toCreate().isEmpty()) {
      createTopics.accept(configured.toCreate());
    }
    if (configured.status() != null) {
      status.add(configured.status());
    }
    Map<String, String> processes = new LinkedHashMap<>();
    members.values().forEach(m -> processes.put(m.memberId, m.processId));
    int standbys = configs.intValue(groupId, "streams.num.standby.replicas");
    Object basis = List.of(processes, configured.ready() ? configured.tasks() : Map.of(), standbys, topology.epoch());
    if (!basis.equals(epochBasis)) {
      epochBasis = basis;
      groupEpoch = GroupEpochs.next(groupEpoch);
    } else if (assignmentEpoch == groupEpoch && aWarmupCaughtUp()) {
      // Probing: a member has caught up on a task it warms up, so the next assignment moves it there.
      groupEpoch++;
    }
    if (assignmentEpoch == groupEpoch || !assignNow) {
      return;
    }
    long now = cluster.clock().nowMs();
    if (now < assignmentNotBeforeMs) {
      status.add(new Status(ASSIGNMENT_DELAYED, initialDelay
          ? "Assignment delayed due to the configured initial rebalance delay."
          : "Assignment delayed due to the configured assignment interval."));
      return;
    }
    if (!configured.ready()) {
      Map<String, StreamsTasks> none = new LinkedHashMap<>();
      members.keySet().forEach(id -> none.put(id, StreamsTasks.NONE));
      target = none;
    } else {
      List<StreamsTaskAssignor.MemberSpec> specs = new ArrayList<>();
      for (StreamsMember m : members.values()) {
        Set<TaskId> held = new TreeSet<>(m.assigned.active());
        held.addAll(m.pendingRevocation);
        specs.add(new StreamsTaskAssignor.MemberSpec(m.memberId, m.processId,
            new StreamsTasks(held, m.assigned.standby(), m.assigned.warmup())));
      }
      Set<String> stateful = new HashSet<>();
      topology.subtopologies().stream().filter(StreamsTopology.Subtopology::stateful)
          .forEach(s -> stateful.add(s.id()));
      Map<String, Set<TaskId>> held = new LinkedHashMap<>();
      specs.forEach(m -> held.put(m.memberId(), m.current().active()));
      target = StreamsTaskAssignor.assign(configured.tasks(), stateful, specs, standbys);
      int warmups = warmupReplicas();
      if (warmups > 0) {
        target = StreamsWarmups.refine(target, held, stateful, this::caughtUp, warmups);
      }
    }
    assignmentEpoch = groupEpoch;
    initialDelay = false;
    // The interval spaces the assignments that hand out tasks; a topology becoming ready is assigned at once.
    assignmentNotBeforeMs = configured.ready() ? now + configs.intValue(groupId, "streams.assignment.interval.ms")
        : Long.MIN_VALUE;
  }

  /**
   * Kafka 4.4.0 assigns no warm-up tasks, even with {@code streams.num.warmup.replicas} set (checked
   * against the broker); the fake warms up only when the group sets it above 0, as KIP-1071 describes.
   */
  private int warmupReplicas() {
    return configs.isSet(groupId, "streams.num.warmup.replicas")
        ? configs.intValue(groupId, "streams.num.warmup.replicas") : 0;
  }

  private boolean aWarmupCaughtUp() {
    for (Map.Entry<String, StreamsTasks> e : target.entrySet()) {
      for (TaskId task : e.getValue().warmup()) {
        if (caughtUp(e.getKey(), task)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether the member's reported offset sum of the task is within the acceptable lag of its end offset sum. */
  private boolean caughtUp(String memberId, TaskId task) {
    StreamsMember member = members.get(memberId);
    if (member == null) {
      return false;
    }
    Long reported = null;
    for (StreamsMember.TaskOffset o : member.taskOffsets) {
      if (o.subtopologyId().equals(task.subtopologyId()) && o.partition() == task.partition()) {
        reported = o.offset();
      }
    }
    return StreamsWarmups.caughtUp(endOffset(task), reported,
        configs.longValue(groupId, "streams.acceptable.recovery.lag"));
  }

  /**
   * A task's changelog end offset sum: the fake's own changelog partitions, or what a member reports
   * as the task's end offset when that is more (a member may know of records the fake's log lacks).
   */
  private long endOffset(TaskId task) {
    long fromLogs = 0;
    for (StreamsTopology.Subtopology s : topology.subtopologies()) {
      if (s.id().equals(task.subtopologyId())) {
        for (StreamsTopology.InternalTopic changelog : s.stateChangelogTopics()) {
          Topic t = cluster.topic(changelog.name());
          if (t != null && task.partition() < t.partitions().size()) {
            fromLogs += t.partition(task.partition()).log().endOffset();
          }
        }
      }
    }
    long reported = 0;
    for (StreamsMember m : members.values()) {
      for (StreamsMember.TaskOffset o : m.taskEndOffsets) {
        if (o.subtopologyId().equals(task.subtopologyId()) && o.partition() == task.partition()) {
          reported = Math.max(reported, o.offset());
        }
      }
    }
    return Math.max(fromLogs, reported);
  }

  /**
   * Moves the member towards its target: revokes first (active tasks it must give up stay pending
   * until it reports it no longer runs them), then takes the target at the group epoch, each active
   * task once no other member holds it. Returns its tasks when they changed (or were never sent).
   */
  private StreamsTasks reconcile(StreamsMember member, Set<TaskId> reportedActive) {
    StreamsTasks before = member.assigned;
    if (!member.pendingRevocation.isEmpty() && reportedActive != null
        && Collections.disjoint(reportedActive, member.pendingRevocation)) {
      member.pendingRevocation = Set.of();
      cancel(member.revocationTimer);
    }
    if (member.pendingRevocation.isEmpty()) {
      // Members move to the target of the assignment epoch: while the next assignment is held back
      // (the interval, the initial delay), that is the previous one, and a new member gets no tasks
      // at its epoch, as Kafka gives it (an epoch above 0, so that the client counts itself joined).
      int epoch = Math.max(assignmentEpoch, 1);
      StreamsTasks goal = targetOf(member.memberId);
      Set<TaskId> revoke = new TreeSet<>(member.assigned.active());
      revoke.removeAll(goal.active());
      if (!revoke.isEmpty()) {
        Set<TaskId> kept = new TreeSet<>(member.assigned.active());
        kept.retainAll(goal.active());
        Set<TaskId> standby = new TreeSet<>(member.assigned.standby());
        standby.retainAll(goal.standby());
        member.pendingRevocation = Collections.unmodifiableSet(revoke);
        member.assigned = new StreamsTasks(kept, standby, Set.of());
        revoke.forEach(member.assignedAtEpoch::remove);
        awaitRevocation(member);
      } else {
        if (member.epoch != epoch) {
          member.previousEpoch = member.epoch;
          member.epoch = epoch;
        }
        Set<TaskId> active = new TreeSet<>(member.assigned.active());
        for (TaskId t : goal.active()) {
          if (!active.contains(t) && !heldByOther(member, t)) {
            active.add(t);
            member.assignedAtEpoch.put(t, member.epoch);
          }
        }
        member.assigned = new StreamsTasks(active, goal.standby(), goal.warmup());
      }
    }
    boolean changed = !before.equals(member.assigned) || !member.assignmentSent;
    member.assignmentSent = true;
    return changed ? member.assigned : null;
  }

  private boolean heldByOther(StreamsMember member, TaskId task) {
    for (StreamsMember other : members.values()) {
      if (other != member && other.holdsActive(task)) {
        return true;
      }
    }
    return false;
  }

  /** Each endpoint's source partitions, when members have endpoints; the epoch moves on when they change. */
  private List<EndpointPartitions> endpoints() {
    List<EndpointPartitions> out = new ArrayList<>();
    for (StreamsMember m : members.values()) {
      if (m.endpoint != null) {
        out.add(new EndpointPartitions(m.endpoint, partitionsOf(m.assigned.active()),
            partitionsOf(m.assigned.standby())));
      }
    }
    if (!out.equals(endpointBasis)) {
      endpointBasis = out;
      endpointEpoch++;
    }
    return out.isEmpty() ? null : out;
  }

  private Map<String, List<Integer>> partitionsOf(Set<TaskId> tasks) {
    Map<String, List<Integer>> out = new java.util.TreeMap<>();
    if (topology == null) {
      return out;
    }
    for (StreamsTopology.Subtopology s : topology.subtopologies()) {
      List<String> sources = new ArrayList<>(s.sourceTopics());
      s.repartitionSourceTopics().forEach(t -> sources.add(t.name()));
      for (TaskId t : tasks) {
        if (t.subtopologyId().equals(s.id())) {
          sources.forEach(topic -> out.computeIfAbsent(topic, k -> new ArrayList<>()).add(t.partition()));
        }
      }
    }
    return out;
  }

  /** As Kafka: a member that has not revoked its tasks within its rebalance timeout is fenced (removed). */
  private void awaitRevocation(StreamsMember member) {
    cancel(member.revocationTimer);
    if (member.rebalanceTimeoutMs <= 0) {
      return;
    }
    Set<TaskId> pending = member.pendingRevocation;
    member.revocationTimer = cluster.clock().schedule(member.rebalanceTimeoutMs, () -> {
      if (members.get(member.memberId) == member && member.pendingRevocation == pending) {
        remove(member);
      }
    });
  }

  private static void cancel(io.kwire.fake.cluster.ClusterClock.Timer timer) {
    if (timer != null) {
      timer.cancel();
    }
  }

  private void touch(StreamsMember member) {
    if (member.sessionTimer != null) {
      member.sessionTimer.cancel();
    }
    member.sessionTimer = cluster.clock().schedule(configs.intValue(groupId, "streams.session.timeout.ms"), () -> {
      if (members.get(member.memberId) == member) {
        remove(member);
      }
    });
  }

  private void remove(StreamsMember member) {
    cancel(member.sessionTimer);
    cancel(member.revocationTimer);
    members.remove(member.memberId);
    if (members.isEmpty()) {
      target = Map.of();
      shutdownRequested = false;
    }
    // As Kafka: the epoch moves on at once, the target waits for the next heartbeat (Assigning
    // meanwhile), but for a group left empty.
    refresh(new ArrayList<>(), members.isEmpty());
  }

  /**
   * An OffsetCommit or TxnOffsetCommit: without members anyone may commit (epoch -1); otherwise the
   * member must exist and commit at its epoch, or at an older one no older than when it got its
   * oldest active task (Kafka 4.4 checks that epoch per committed task; the fake per member).
   */
  @Override
  public short checkOffsetCommit(String memberId, String instanceId, int memberEpoch) {
    if (memberEpoch < 0 && members.isEmpty()) {
      return ErrorCode.NONE;
    }
    StreamsMember member = members.get(memberId);
    if (member == null) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    if (memberEpoch == member.epoch) {
      return ErrorCode.NONE;
    }
    if (memberEpoch > member.epoch || member.assignedAtEpoch.isEmpty()) {
      return ErrorCode.STALE_MEMBER_EPOCH;
    }
    int newest = Collections.max(member.assignedAtEpoch.values());
    return memberEpoch >= newest ? ErrorCode.NONE : ErrorCode.STALE_MEMBER_EPOCH;
  }

  /** An OffsetFetch as a member: it must exist, at its epoch. */
  @Override
  public short checkOffsetFetch(String memberId, int memberEpoch) {
    StreamsMember member = members.get(memberId);
    if (member == null) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    return Objects.equals(memberEpoch, member.epoch) ? ErrorCode.NONE : ErrorCode.STALE_MEMBER_EPOCH;
  }
}
