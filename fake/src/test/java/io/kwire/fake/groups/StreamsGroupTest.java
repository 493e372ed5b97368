package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.ManualClock;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.StreamsTasks.TaskId;
import io.kwire.fake.groups.StreamsTopologyConfigurer.Status;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A streams group's life with a word count topology (subtopology 0 reads "words" and writes the
 * repartition topic; subtopology 1 reads it and keeps a store): internal topics created with the
 * derived partition counts, tasks split when a second instance joins (revoked first, then taken),
 * moved back when it leaves or its session expires, standby tasks on the other process, and the
 * statuses and refusals Kafka gives.
 */
class StreamsGroupTest {
  private static final String REPARTITION = "app-counts-repartition";
  private static final String CHANGELOG = "app-counts-changelog";
  private static final StreamsTopology WORD_COUNT = new StreamsTopology(0, List.of(
      new StreamsTopology.Subtopology("0", List.of("words"), List.of(REPARTITION), List.of(), List.of(), List.of()),
      new StreamsTopology.Subtopology("1", List.of(REPARTITION), List.of(),
          List.of(new StreamsTopology.InternalTopic(CHANGELOG, 0, (short) 0, Map.of("cleanup.policy", "compact"))),
          List.of(new StreamsTopology.InternalTopic(REPARTITION, 0, (short) 0, Map.of("cleanup.policy", "delete"))),
          List.of())));

  private final ManualClock clock = new ManualClock(0);
  private final ClusterState cluster = cluster(clock);
  private final GroupCoordinator groups = new GroupCoordinator(cluster);

  private static ClusterState cluster(ManualClock clock) {
    ClusterState cluster = new ClusterState("c", ClusterSettings.DEFAULT, clock, 1);
    cluster.brokers(List.of(new BrokerNode(0, "127.0.0.1", 9000, null)));
    return cluster;
  }

  private StreamsGroup.HeartbeatOutcome beat(String member, int epoch, String process, Set<TaskId> active) {
    StreamsGroup group = groups.streamsGroupForHeartbeat("app", epoch == 0).group();
    return group.heartbeat(new StreamsGroup.Heartbeat(member, epoch, null, null, epoch == 0 ? 30_000 : -1,
        epoch == 0 ? WORD_COUNT : null, active, process, null, null, null, null, false, 0, "client", "/127.0.0.1"));
  }

  private StreamsGroup.HeartbeatOutcome reportOffsets(String member, int epoch,
      List<StreamsMember.TaskOffset> taskOffsets) {
    StreamsGroup group = groups.streamsGroupForHeartbeat("app", false).group();
    return group.heartbeat(new StreamsGroup.Heartbeat(member, epoch, null, null, -1, null, null, null, null, null,
        taskOffsets, null, false, 0, "client", "/127.0.0.1"));
  }

  private static Set<TaskId> tasks(String subtopology, int... partitions) {
    Set<TaskId> out = new TreeSet<>();
    for (int p : partitions) {
      out.add(new TaskId(subtopology, p));
    }
    return out;
  }

  private static Set<TaskId> union(Set<TaskId> a, Set<TaskId> b) {
    Set<TaskId> out = new TreeSet<>(a);
    out.addAll(b);
    return out;
  }

  private StreamsGroup group() {
    return groups.streams("app").group();
  }

  @Test
  void theFirstHeartbeatCreatesTheInternalTopicsWithDerivedCountsAndTheNextAssignsEveryTask() {
    cluster.createTopic("words", 3, 1, null, TopicConfigs.of(Map.of()));
    StreamsGroup.HeartbeatOutcome first = beat("a", 0, "pa", null);
    assertEquals(ErrorCode.NONE, first.errorCode());
    assertEquals(List.of(new Status((byte) 3, "Internal topics are missing: " + REPARTITION + ", " + CHANGELOG)),
        first.status());
    assertEquals(StreamsTasks.NONE, first.tasks(), "nothing to assign yet, said once");
    assertEquals("NotReady", group().stateName());
    assertEquals(3, cluster.topic(REPARTITION).partitions().size(), "as many as the topic written to it from");
    assertEquals(3, cluster.topic(CHANGELOG).partitions().size(), "as many as its subtopology's tasks");
    assertEquals("compact", cluster.topic(CHANGELOG).configs().effective().get("cleanup.policy"));

    StreamsGroup.HeartbeatOutcome second = beat("a", first.memberEpoch(), null, null);
    assertEquals(List.of(), second.status());
    assertEquals(union(tasks("0", 0, 1, 2), tasks("1", 0, 1, 2)), second.tasks().active());
    assertEquals(group().groupEpoch(), second.memberEpoch());
    assertEquals("Stable", group().stateName());
    assertEquals(500, second.heartbeatIntervalMs(), "the fake's streams.heartbeat.interval.ms");
  }

  @Test
  void aNewGroupIsAtEpochTwoAfterItsFirstHeartbeatAndThreeOnceItsInternalTopicsAreThereAsKafkas() {
    cluster.createTopic("words", 2, 1, null, TopicConfigs.of(Map.of()));
    StreamsGroup.HeartbeatOutcome first = beat("a", 0, "pa", null);
    assertEquals(2, first.memberEpoch());
    assertEquals(2, group().groupEpoch());
    assertEquals(2, group().assignmentEpoch());
    StreamsGroup.HeartbeatOutcome second = beat("a", 2, null, null);
    assertEquals(3, second.memberEpoch(), "the topics it reads changed: the group epoch moved on");
    assertEquals(3, group().assignmentEpoch());
    beat("a", -1, null, null);
    assertEquals("Empty", group().stateName());
    assertEquals(4, group().groupEpoch(), "the last leave moves it too");
  }

  @Test
  void aSecondInstanceSplitsTheTasksAfterTheFirstRevokesAndTheyMoveBackWhenItLeaves() {
    cluster.createTopic("words", 2, 1, null, TopicConfigs.of(Map.of()));
    StreamsGroup.HeartbeatOutcome joined = beat("a", 0, "pa", null);
    StreamsGroup.HeartbeatOutcome a = beat("a", joined.memberEpoch(), null, null);
    Set<TaskId> all = union(tasks("0", 0, 1), tasks("1", 0, 1));
    assertEquals(all, a.tasks().active());
    int epoch = a.memberEpoch();

    clock.advance(1_000); // streams.assignment.interval.ms since the last assignment
    StreamsGroup.HeartbeatOutcome b = beat("b", 0, "pb", null);
    assertEquals(group().groupEpoch(), b.memberEpoch(), "b is at the new epoch at once");
    assertEquals(Set.of(), b.tasks().active(), "its tasks are still a's");
    assertEquals(2, group().targetOf("b").active().size(), "the target halves the four tasks");

    StreamsGroup.HeartbeatOutcome revoke = beat("a", epoch, null, null);
    assertEquals(epoch, revoke.memberEpoch(), "a keeps its epoch while it revokes");
    Set<TaskId> kept = group().targetOf("a").active();
    assertEquals(kept, revoke.tasks().active());
    assertEquals("Reconciling", group().stateName());
    assertNull(beat("b", b.memberEpoch(), null, null).tasks(), "nothing released yet");

    StreamsGroup.HeartbeatOutcome released = beat("a", epoch, null, kept);
    assertEquals(group().groupEpoch(), released.memberEpoch());
    StreamsGroup.HeartbeatOutcome taken = beat("b", b.memberEpoch(), null, null);
    Set<TaskId> moved = new TreeSet<>(all);
    moved.removeAll(kept);
    assertEquals(moved, taken.tasks().active());
    assertEquals("Stable", group().stateName());
    assertEquals(2, group().member("a").assigned().active().size());

    clock.advance(1_000);
    StreamsGroup.HeartbeatOutcome left = beat("b", -1, null, null);
    assertEquals(-1, left.memberEpoch());
    assertEquals("Assigning", group().stateName(), "as Kafka: the epoch moved, the target waits for a heartbeat");
    assertEquals(group().groupEpoch() - 1, group().assignmentEpoch());
    StreamsGroup.HeartbeatOutcome back = beat("a", released.memberEpoch(), null, null);
    assertEquals(all, back.tasks().active(), "every task back on a");
    assertEquals(group().groupEpoch(), back.memberEpoch());
    assertEquals(1, group().members().size());
  }

  @Test
  void aStatefulTaskWarmsUpOnALaggingNewMemberAndMovesOnceItReportsItIsCaughtUp() {
    groups.configs().put("app", "streams.num.warmup.replicas", "2");
    cluster.createTopic("words", 3, 1, null, TopicConfigs.of(Map.of()));
    StreamsGroup.HeartbeatOutcome joined = beat("a", 0, "pa", null);
    StreamsGroup.HeartbeatOutcome a = beat("a", joined.memberEpoch(), null, null);
    Set<TaskId> all = union(tasks("0", 0, 1, 2), tasks("1", 0, 1, 2));
    assertEquals(all, a.tasks().active());
    for (int p = 0; p < 3; p++) { // 20000 records in each changelog partition: twice the acceptable lag
      cluster.topic(CHANGELOG).partition(p).log().append(new StoredBatch(0, 19_999, 0, new byte[61]));
    }

    clock.advance(1_000);
    StreamsGroup.HeartbeatOutcome b = beat("b", 0, "pb", null);
    assertEquals(new StreamsTasks(Set.of(), Set.of(), tasks("1", 0, 1)), b.tasks(),
        "the assignor gives b subtopology 1's tasks; b has no state, so it warms up two (the cap), 1_2 waits");
    assertEquals(new StreamsTasks(all, Set.of(), Set.of()), group().targetOf("a"), "a keeps running them all");
    StreamsGroup.HeartbeatOutcome aAgain = beat("a", a.memberEpoch(), null, all);
    assertNull(aAgain.tasks(), "nothing to revoke");
    assertEquals("Stable", group().stateName());

    int before = group().groupEpoch();
    StreamsGroup.HeartbeatOutcome behind = reportOffsets("b", b.memberEpoch(),
        List.of(new StreamsMember.TaskOffset("1", 0, 9_999), new StreamsMember.TaskOffset("1", 1, 5_000)));
    assertEquals(before, group().groupEpoch(), "10001 behind is not caught up");
    StreamsGroup.HeartbeatOutcome caughtUp = reportOffsets("b", behind.memberEpoch(),
        List.of(new StreamsMember.TaskOffset("1", 0, 10_000), new StreamsMember.TaskOffset("1", 1, 5_000)));
    assertEquals(before + 1, group().groupEpoch(), "a warm-up caught up: the next assignment probes");
    assertEquals(List.of(StreamsGroup.ASSIGNMENT_DELAYED), caughtUp.status().stream().map(Status::code).toList());

    clock.advance(1_000);
    StreamsGroup.HeartbeatOutcome probed = beat("b", caughtUp.memberEpoch(), null, null);
    assertEquals(new StreamsTasks(tasks("1", 0), Set.of(), tasks("1", 1, 2)), group().targetOf("b"),
        "1_0 moves to b; 1_1 and 1_2 warm up");
    assertEquals(new StreamsTasks(Set.of(), Set.of(), tasks("1", 1, 2)), probed.tasks(), "1_0 is still a's");
    Set<TaskId> kept = union(tasks("0", 0, 1, 2), tasks("1", 1, 2));
    assertEquals(kept, beat("a", aAgain.memberEpoch(), null, all).tasks().active(), "a revokes 1_0");
    assertEquals(group().groupEpoch(), beat("a", aAgain.memberEpoch(), null, kept).memberEpoch());
    assertEquals(new StreamsTasks(tasks("1", 0), Set.of(), tasks("1", 1, 2)),
        beat("b", probed.memberEpoch(), null, null).tasks());
    assertEquals("Stable", group().stateName());
  }

  @Test
  void aMemberWithinTheAcceptableLagTakesAStatefulTaskAtOnce() {
    movesAtOnce(9_999, true);
  }

  @Test
  void withoutWarmupReplicasSetOnTheGroupAStatefulTaskMovesAtOnceAsKafka440Does() {
    movesAtOnce(50_000, false);
  }

  private void movesAtOnce(int changelogRecords, boolean warmupReplicasSet) {
    assertEquals(ErrorCode.NONE, GroupConfigs.validate("streams.num.warmup.replicas", "2"));
    assertEquals(ErrorCode.NONE, GroupConfigs.validate("streams.acceptable.recovery.lag", "10000"));
    assertEquals(ErrorCode.INVALID_CONFIG, GroupConfigs.validate("streams.acceptable.recovery.lag", "-1"));
    if (warmupReplicasSet) {
      groups.configs().put("app", "streams.num.warmup.replicas", "2");
    }
    cluster.createTopic("words", 1, 1, null, TopicConfigs.of(Map.of()));
    StreamsGroup.HeartbeatOutcome joined = beat("a", 0, "pa", null);
    StreamsGroup.HeartbeatOutcome a = beat("a", joined.memberEpoch(), null, null);
    cluster.topic(CHANGELOG).partition(0).log().append(new StoredBatch(0, changelogRecords, 0, new byte[61]));

    clock.advance(1_000);
    StreamsGroup.HeartbeatOutcome b = beat("b", 0, "pb", null);
    assertEquals(Map.of("a", new StreamsTasks(tasks("0", 0), Set.of(), Set.of()),
        "b", new StreamsTasks(tasks("1", 0), Set.of(), Set.of())),
        Map.of("a", group().targetOf("a"), "b", group().targetOf("b")),
        "within the acceptable lag, or no warm-up replicas: no warm-up");
    assertEquals(tasks("0", 0), beat("a", a.memberEpoch(), null, a.tasks().active()).tasks().active());
    beat("a", a.memberEpoch(), null, tasks("0", 0));
    assertEquals(tasks("1", 0), beat("b", b.memberEpoch(), null, null).tasks().active());
  }

  @Test
  void aMemberJoiningWithinTheAssignmentIntervalWaitsAtTheAssignmentEpochWithoutTasks() {
    cluster.createTopic("words", 2, 1, null, TopicConfigs.of(Map.of()));
    int epoch = beat("a", beat("a", 0, "pa", null).memberEpoch(), null, null).memberEpoch();
    clock.advance(500); // half of streams.assignment.interval.ms since a's assignment
    StreamsGroup.HeartbeatOutcome b = beat("b", 0, "pb", null);
    assertEquals(epoch, b.memberEpoch(), "the assignment epoch, not 0");
    assertEquals(Set.of(), b.tasks().active());
    assertEquals(List.of(new Status(StreamsGroup.ASSIGNMENT_DELAYED,
        "Assignment delayed due to the configured assignment interval.")), b.status());
    assertEquals("Assigning", group().stateName());
    clock.advance(500);
    StreamsGroup.HeartbeatOutcome assigned = beat("b", b.memberEpoch(), null, null);
    assertEquals(group().groupEpoch(), assigned.memberEpoch());
    assertEquals(List.of(), assigned.status());
    assertEquals(2, group().targetOf("b").active().size());
  }

  @Test
  void anExpiredSessionMovesTheTasksToTheOtherInstance() {
    cluster.createTopic("words", 2, 1, null, TopicConfigs.of(Map.of()));
    beat("a", beat("a", 0, "pa", null).memberEpoch(), null, null);
    clock.advance(1_000);
    StreamsGroup.HeartbeatOutcome b = beat("b", 0, "pb", null);
    assertEquals(Set.of(), b.tasks().active());
    clock.advance(43_999);
    assertNotNull(group().member("a"));
    clock.advance(1); // a's last heartbeat was streams.session.timeout.ms (45 s) ago
    assertNull(group().member("a"), "a's session expired");
    StreamsGroup.HeartbeatOutcome all = beat("b", b.memberEpoch(), null, null);
    assertEquals(4, all.tasks().active().size());
  }

  @Test
  void aMemberThatDoesNotRevokeWithinItsRebalanceTimeoutIsFenced() {
    cluster.createTopic("words", 2, 1, null, TopicConfigs.of(Map.of()));
    int epoch = beat("a", beat("a", 0, "pa", null).memberEpoch(), null, null).memberEpoch();
    clock.advance(1_000);
    StreamsGroup.HeartbeatOutcome b = beat("b", 0, "pb", null);
    beat("a", epoch, null, null); // told to revoke two tasks; it never reports them released
    clock.advance(29_999);
    beat("b", b.memberEpoch(), null, null);
    assertNotNull(group().member("a"));
    clock.advance(1); // the 30 s rebalance timeout a joined with
    assertNull(group().member("a"), "fenced");
    clock.advance(1_000);
    assertEquals(4, beat("b", b.memberEpoch(), null, null).tasks().active().size());
  }

  @Test
  void standbyReplicasGoToAnotherProcessForTheStatefulTasksOnly() {
    assertEquals(ErrorCode.NONE, GroupConfigs.validate("streams.num.standby.replicas", "1"));
    groups.configs().put("app", "streams.num.standby.replicas", "1");
    cluster.createTopic("words", 2, 1, null, TopicConfigs.of(Map.of()));
    beat("a", 0, "pa", null);
    beat("b", 0, "pb", null);
    StreamsGroup group = group();
    beat("a", group.member("a").epoch(), null, null);
    beat("b", group.member("b").epoch(), null, null);
    for (String member : List.of("a", "b")) {
      StreamsTasks target = group.targetOf(member);
      String other = member.equals("a") ? "b" : "a";
      Set<TaskId> expected = new TreeSet<>(group.targetOf(other).active());
      expected.removeIf(t -> t.subtopologyId().equals("0"));
      assertEquals(expected, target.standby(), member + " stands by for the other's stateful tasks");
      assertEquals(2, target.active().size());
    }
    assertEquals(Set.of(), group.targetOf("a").warmup());
  }

  @Test
  void missingSourceTopicsAreAStatusAndNoTasks() {
    StreamsGroup.HeartbeatOutcome first = beat("a", 0, "pa", null);
    assertEquals(List.of(new Status((byte) 1, "Source topics words are missing.")), first.status());
    assertEquals(StreamsTasks.NONE, first.tasks());
    assertEquals("NotReady", group().stateName());
    assertNull(cluster.topic(REPARTITION), "nothing created while a source topic is missing");

    cluster.createTopic("words", 1, 1, null, TopicConfigs.of(Map.of()));
    beat("a", first.memberEpoch(), null, null);
    StreamsGroup.HeartbeatOutcome ready = beat("a", group().member("a").epoch(), null, null);
    assertEquals(List.of(), ready.status());
    assertEquals(union(tasks("0", 0), tasks("1", 0)), ready.tasks().active());
  }

  @Test
  void copartitionedTopicsMustAgree() {
    cluster.createTopic("left", 2, 1, null, TopicConfigs.of(Map.of()));
    cluster.createTopic("right", 3, 1, null, TopicConfigs.of(Map.of()));
    StreamsTopology join = new StreamsTopology(0, List.of(new StreamsTopology.Subtopology("0",
        List.of("left", "right"), List.of(), List.of(), List.of(), List.of(List.of("left", "right")))));
    StreamsTopologyConfigurer.Configured configured = StreamsTopologyConfigurer.configure(join,
        name -> cluster.topic(name) == null ? -1 : cluster.topic(name).partitions().size());
    assertEquals(new Status((byte) 2, "Following topics do not have the same number of partitions: [left:2, right:3]"),
        configured.status());
  }

  @Test
  void theGroupsOfOtherTypesAndTheirMembersAreRefusedAsKafkaRefusesThem() {
    cluster.createTopic("words", 1, 1, null, TopicConfigs.of(Map.of()));
    groups.consumerGroupForHeartbeat("consumers", true);
    GroupCoordinator.Lookup<StreamsGroup> other = groups.streamsGroupForHeartbeat("consumers", true);
    assertEquals(ErrorCode.GROUP_ID_NOT_FOUND, other.errorCode());
    assertEquals("Group consumers is not a streams group.", other.errorMessage());
    assertEquals("Streams group nope not found.", groups.streamsGroupForHeartbeat("nope", false).errorMessage());

    int epoch = beat("a", beat("a", 0, "pa", null).memberEpoch(), null, null).memberEpoch();
    assertEquals(GroupType.STREAMS, groups.group("app").type());
    assertEquals("streams", groups.group("app").protocolType());
    assertEquals("Group app is not a consumer group.", groups.consumerGroupForHeartbeat("app", true).errorMessage());
    assertEquals(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, groups.join("app", "", new Client("c", "/h", null), 10_000,
        10_000, "consumer", List.of(new Protocol("range", new byte[0])), false).join().errorCode());
    assertEquals(ErrorCode.NON_EMPTY_GROUP, groups.delete("app"));

    assertEquals(ErrorCode.NONE, groups.validateOffsetCommit("app", "a", null, epoch));
    assertEquals(ErrorCode.STALE_MEMBER_EPOCH, groups.validateOffsetCommit("app", "a", null, epoch + 1));
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, groups.validateOffsetCommit("app", "nobody", null, epoch));
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, groups.validateOffsetCommit("app", "", null, -1),
        "a group with members takes no commit without a member");
    StreamsGroup.HeartbeatOutcome fenced = beat("a", epoch + 5, null, null);
    assertEquals(ErrorCode.FENCED_MEMBER_EPOCH, fenced.errorCode());
    assertNotNull(fenced.errorMessage());
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, beat("z", 3, null, null).errorCode());

    beat("a", -1, null, null);
    assertEquals("Empty", group().stateName());
    assertEquals(ErrorCode.NONE, groups.validateOffsetCommit("app", "", null, -1));
    assertEquals(ErrorCode.NONE, groups.delete("app"));
    assertTrue(groups.group("app") == null);
  }
}
