package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.ManualClock;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.ConsumerProtocolAssignment;
import io.kwire.messages.ConsumerProtocolAssignmentCodec;
import io.kwire.messages.ConsumerProtocolSubscription;
import io.kwire.messages.ConsumerProtocolSubscriptionCodec;
import io.kwire.runtime.wire.WireWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Groups moving between the classic and the consumer protocol while they have members, as Kafka
 * 4.4's default {@code group.consumer.migration.policy} moves them (the answers' shapes checked
 * against the broker by GroupTypesAgainstKafkaTest and GroupMigrationScenariosTest in e2e): a
 * classic "consumer" group upgraded by a KIP-848 member, a classic member taken into a consumer
 * group, the group back to classic when its last KIP-848 member leaves, and what Kafka refuses.
 */
class GroupMigrationTest {
  private static final Client CLIENT = new Client("client", "/127.0.0.1", null);
  private static final int SESSION_MS = 60_000;

  private final ManualClock clock = new ManualClock(0);
  private final ClusterState cluster = cluster(clock);
  private final Topic topic = cluster.createTopic("t", 2, 1, null, TopicConfigs.of(Map.of()));
  private final GroupCoordinator groups = new GroupCoordinator(cluster);
  private final ConsumerGroup.Owned p0 = new ConsumerGroup.Owned(topic.id(), 0);
  private final ConsumerGroup.Owned p1 = new ConsumerGroup.Owned(topic.id(), 1);

  private static ClusterState cluster(ManualClock clock) {
    ClusterState cluster = new ClusterState("c", ClusterSettings.DEFAULT, clock, 1);
    cluster.brokers(List.of(new BrokerNode(0, "127.0.0.1", 9000, null)));
    return cluster;
  }

  @Test
  void aKip848MemberUpgradesAClassicGroupWhoseMembersRejoinToGiveUpWhatItGets() {
    String a = classicLeaderWithEverything();
    groups.commitOffset("g", "t", 0, new CommittedOffset(5, 0, ""));

    ConsumerGroup.HeartbeatOutcome b = kip848Join("b");
    ConsumerGroup consumers = groups.consumer("g").group();
    assertSame(consumers, groups.group("g"), "the id's group is now a consumer group");
    assertEquals(GroupType.CONSUMER, consumers.type());
    assertEquals(2, b.memberEpoch(), "the classic generation 1 was the group epoch; b moved it on");
    assertEquals(Set.of(), b.assignment(), "a still owns both partitions");
    assertEquals("Reconciling", consumers.stateName());
    ConsumerGroup.ConsumerMember classicA = member(consumers, a);
    assertTrue(classicA.isClassic());
    assertEquals(1, classicA.epoch());
    assertEquals(Set.of(p0, p1), classicA.assigned());
    assertEquals(List.of("t"), classicA.topicNames(), "read from its JoinGroup metadata");
    assertEquals(Set.of(p1), consumers.targetOf("b"), "sticky: a keeps p0, gives its last partition up");
    assertEquals(Set.of(p0), consumers.targetOf(a));
    assertEquals(5, groups.offsets().committed("g", "t", 0).offset(), "the offsets stay");

    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, consumers.heartbeat(a, 1));
    assertEquals(ErrorCode.NONE, groups.validateOffsetCommit("g", a, null, 1), "a commits at its generation");
    assertEquals(ErrorCode.ILLEGAL_GENERATION, groups.validateOffsetCommit("g", a, null, 2));

    // A cooperative member still owning both: it is told to give p1 up, at its epoch.
    JoinOutcome rejoined = classicJoin(a, List.of(0, 1));
    assertEquals(ErrorCode.NONE, rejoined.errorCode());
    assertEquals(1, rejoined.generationId());
    assertEquals("", rejoined.leader(), "the group assigns, not a leader");
    assertEquals(List.of(), rejoined.members());
    assertEquals("range", rejoined.protocolName());
    assertEquals(List.of(0), assigned(sync(consumers, a, 1)));
    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, consumers.heartbeat(a, 1));
    assertNull(kip848Beat(consumers, "b", 2).assignment(), "a has not confirmed the revocation yet: b's is unchanged");

    JoinOutcome revoked = classicJoin(a, List.of(0));
    assertEquals(2, revoked.generationId());
    assertEquals(List.of(0), assigned(sync(consumers, a, 2)));
    assertEquals(ErrorCode.NONE, consumers.heartbeat(a, 2));
    assertEquals(Set.of(p1), kip848Beat(consumers, "b", 2).assignment());
    assertEquals("Stable", consumers.stateName());
    assertEquals(ErrorCode.ILLEGAL_GENERATION, consumers.heartbeat(a, 1));
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, consumers.heartbeat("b", 2), "b is no classic member");
  }

  @Test
  void anEagerMemberThatGaveEverythingUpMovesToTheGroupEpochAtOnce() {
    String a = classicLeaderWithEverything();
    kip848Join("b");
    ConsumerGroup consumers = groups.consumer("g").group();
    JoinOutcome rejoined = classicJoin(a, List.of());
    assertEquals(2, rejoined.generationId());
    assertEquals(List.of(0), assigned(sync(consumers, a, 2)));
    assertEquals(Set.of(p1), kip848Beat(consumers, "b", 2).assignment(), "p1 is free at once");
  }

  @Test
  void aClassicConsumerMemberJoinsAConsumerGroupWithMembers() {
    kip848Join("b");
    ConsumerGroup consumers = groups.consumer("g").group();
    JoinOutcome required = groups.join("g", "", CLIENT, SESSION_MS, 5_000, "consumer", protocols(List.of()), true)
        .join();
    assertEquals(ErrorCode.MEMBER_ID_REQUIRED, required.errorCode());
    assertFalse(required.memberId().isEmpty());
    assertEquals(ErrorCode.INCONSISTENT_GROUP_PROTOCOL,
        groups.join("g", "", CLIENT, SESSION_MS, 5_000, "other", protocols(List.of()), true).join().errorCode());

    // Kafka takes any member id a classic member joins with.
    JoinOutcome joined = classicJoin("c-member", List.of());
    assertEquals(ErrorCode.NONE, joined.errorCode());
    assertEquals(3, joined.generationId(), "b's join left the new group at epoch 2");
    assertEquals("consumer", joined.protocolType());
    assertSame(consumers, groups.group("g"));
    assertEquals(List.of(), assigned(sync(consumers, "c-member", 3)), "b still holds p1");
    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, consumers.heartbeat("c-member", 3));
    assertEquals(ErrorCode.ILLEGAL_GENERATION,
        sync(consumers, "c-member", 4).errorCode());
    assertEquals(ErrorCode.INCONSISTENT_GROUP_PROTOCOL,
        consumers.sync("c-member", 3, "consumer", "roundrobin", Map.of()).join().errorCode());

    assertEquals(Set.of(p0), kip848Beat(consumers, "b", 2).assignment(), "b gives p1 up");
    kip848Beat(consumers, "b", 2, List.of(0));
    assertEquals(3, member(consumers, "b").epoch());
    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, consumers.heartbeat("c-member", 3), "p1 is free: rejoin for it");
    classicJoin("c-member", List.of());
    assertEquals(List.of(1), assigned(sync(consumers, "c-member", 3)));
    assertEquals(ErrorCode.NONE, consumers.heartbeat("c-member", 3));
    assertEquals("Stable", consumers.stateName());

    assertEquals(ErrorCode.NONE, consumers.leave("c-member"));
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, consumers.leave("c-member"));
    assertEquals("Assigning", consumers.stateName(), "as Kafka: the target waits for the next heartbeat");
    assertEquals(Set.of(p0), consumers.targetOf("b"));
    kip848Beat(consumers, "b", 3);
    assertEquals(Set.of(p0, p1), consumers.targetOf("b"));
    assertSame(consumers, groups.group("g"), "a consumer group still: b is a KIP-848 member");
  }

  @Test
  void theLastKip848MemberLeavingTurnsTheGroupBackToClassicWithTheClassicMembers() {
    String a = classicLeaderWithEverything();
    kip848Join("b");
    ConsumerGroup consumers = groups.consumer("g").group();
    classicJoin(a, List.of());
    classicJoin("c-member", List.of());
    int groupEpoch = consumers.groupEpoch();
    assertEquals(3, groupEpoch);

    consumers.heartbeat("b", -1, new ConsumerGroup.Subscription(null, null, null, null, null), "c", "h");
    ClassicGroup classic = groups.classic("g").group();
    assertSame(classic, groups.group("g"));
    assertEquals(GroupState.PREPARING_REBALANCE, classic.state());
    assertEquals(groupEpoch, classic.generationId(), "the group epoch is the generation");
    assertEquals("consumer", classic.protocolType());
    assertEquals(2, classic.memberCount());
    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, classic.heartbeat("c-member", 3));
    assertEquals(ErrorCode.ILLEGAL_GENERATION, classic.heartbeat(a, 2), "a had not rejoined at epoch 3");

    CompletableFuture<JoinOutcome> aJoin = groups.join("g", a, CLIENT, SESSION_MS, 5_000, "consumer",
        protocols(List.of()), true);
    assertFalse(aJoin.isDone(), "the rebalance waits for c");
    JoinOutcome cJoin = classicJoin("c-member", List.of());
    assertEquals(4, cJoin.generationId());
    assertEquals(4, aJoin.join().generationId());
    assertEquals(2, aJoin.join().members().size() + cJoin.members().size(), "the leader sees both members");
    assertEquals(GroupState.COMPLETING_REBALANCE, classic.state());
  }

  @Test
  void aLeaveGroupOfTheKip848MemberTurnsTheGroupBackToClassicToo() {
    String a = classicLeaderWithEverything();
    kip848Join("b");
    assertEquals(ErrorCode.NONE, groups.consumer("g").group().leave("b"), "Kafka's answer too");
    assertEquals(GroupType.CLASSIC, groups.group("g").type());
    assertEquals(List.of(a), groups.classic("g").group().members().stream().map(ClassicGroup.MemberView::memberId)
        .toList());
  }

  @Test
  void aClassicMemberThatRejoinsWithTheConsumerProtocolIsAKip848MemberFromThen() {
    String a = classicLeaderWithEverything();
    kip848Join("b");
    ConsumerGroup consumers = groups.consumer("g").group();
    consumers.heartbeat(a, 0, new ConsumerGroup.Subscription(null, null, List.of("t"), null, List.of()), "c", "h");
    assertFalse(member(consumers, a).isClassic());
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, consumers.heartbeat(a, member(consumers, a).epoch()));
    consumers.heartbeat("b", -1, new ConsumerGroup.Subscription(null, null, null, null, null), "c", "h");
    assertSame(consumers, groups.group("g"), "a KIP-848 member remains: still a consumer group");
  }

  @Test
  void aClassicMemberOfAConsumerGroupKeepsItsOwnSessionTimeout() {
    kip848Join("b");
    ConsumerGroup consumers = groups.consumer("g").group();
    JoinOutcome joined = groups.join("g", "c-member", CLIENT, 10_000, 20_000, "consumer", protocols(List.of()), true)
        .join();
    sync(consumers, "c-member", joined.generationId());
    clock.advance(9_999);
    assertEquals(2, consumers.members().size(), "1 ms before its session timeout");
    clock.advance(1);
    assertEquals(List.of("b"), consumers.members().stream().map(ConsumerGroup.ConsumerMember::memberId).toList());
  }

  @Test
  void aClassicMemberThatDoesNotRejoinWithinItsRebalanceTimeoutIsOutAndItsPartitionsGo() {
    String a = classicLeaderWithEverything();
    kip848Join("b");
    ConsumerGroup consumers = groups.consumer("g").group();
    clock.advance(4_999);
    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, consumers.heartbeat(a, 1), "heartbeats do not keep it");
    clock.advance(1);
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, consumers.heartbeat(a, 1), "as Kafka: out at its rebalance timeout");
    assertEquals(Set.of(p0, p1), kip848Beat(consumers, "b", 2).assignment());
  }

  @Test
  void aClassicMemberThatJoinsButDoesNotSyncWithinItsRebalanceTimeoutIsOut() {
    kip848Join("b");
    ConsumerGroup consumers = groups.consumer("g").group();
    JoinOutcome joined = classicJoin("c-member", List.of());
    clock.advance(4_999);
    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, consumers.heartbeat("c-member", joined.generationId()));
    clock.advance(1);
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, consumers.heartbeat("c-member", joined.generationId()));

    // One that syncs and owns its target has nothing due.
    String a = "a-member";
    classicJoin(a, List.of());
    assertEquals(List.of(), assigned(sync(consumers, a, consumers.groupEpoch())), "b holds p0 and p1");
    kip848Beat(consumers, "b", 2);
    kip848Beat(consumers, "b", 2, List.of(0));
    classicJoin(a, List.of());
    assertEquals(List.of(1), assigned(sync(consumers, a, consumers.groupEpoch())));
    clock.advance(30_000);
    assertEquals(ErrorCode.NONE, consumers.heartbeat(a, consumers.groupEpoch()));
  }

  @Test
  void aKip848MemberWhoseSessionEndsLeavesTheClassicMembersAClassicGroup() {
    String a = classicLeaderWithEverything();
    kip848Join("b");
    classicJoin(a, List.of());
    assertEquals(List.of(0), assigned(sync(groups.consumer("g").group(), a, 2)));
    clock.advance(GroupCoordinator.CONSUMER_SESSION_TIMEOUT_MS + 1);
    ClassicGroup classic = groups.classic("g").group();
    assertEquals(1, classic.memberCount());
    assertEquals(GroupState.PREPARING_REBALANCE, classic.state());
    clock.advance(5_001);
    assertEquals(0, classic.memberCount(), "a did not rejoin within its rebalance timeout");
    assertEquals(GroupState.EMPTY, classic.state());
  }

  @Test
  void anUpgradeAnswersTheJoinsWaitingInARebalance() {
    classicLeaderWithEverything();
    CompletableFuture<JoinOutcome> newcomer = groups.join("g", "", CLIENT, SESSION_MS, 5_000, "consumer",
        protocols(List.of()), false);
    assertFalse(newcomer.isDone(), "the rebalance waits for the leader to rejoin");
    kip848Join("b");
    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, newcomer.join().errorCode(), "it joins again, the consumer group answers");
    ConsumerGroup consumers = groups.consumer("g").group();
    assertEquals(3, consumers.members().size());
  }

  @Test
  void kafkasRefusalsOfAnUpgrade() {
    JoinOutcome required = groups.join("g", "", CLIENT, SESSION_MS, 5_000, "consumer",
        List.of(new Protocol("range", new byte[] {1})), true).join();
    groups.join("g", required.memberId(), CLIENT, SESSION_MS, 5_000, "consumer",
        List.of(new Protocol("range", new byte[] {1})), true);
    GroupCoordinator.Lookup<ConsumerGroup> malformed = groups.consumerGroupForHeartbeat("g", true);
    assertEquals(ErrorCode.GROUP_ID_NOT_FOUND, malformed.errorCode());
    assertEquals("Cannot upgrade classic group g to consumer group because the embedded consumer protocol is "
        + "malformed.", malformed.errorMessage());
    assertInstanceOf(ClassicGroup.class, groups.group("g"), "the classic group stays as it was");
    assertEquals(1, groups.classic("g").group().memberCount());

    for (int i = 0; i < ClusterSettings.MAX_GROUP_SIZE; i++) {
      groups.join("full", "", CLIENT, SESSION_MS, 5_000, "consumer", protocols(List.of()), false);
    }
    GroupCoordinator.Lookup<ConsumerGroup> full = groups.consumerGroupForHeartbeat("full", true);
    assertEquals(ErrorCode.GROUP_ID_NOT_FOUND, full.errorCode());
    assertEquals("Cannot upgrade classic group full to consumer group because its group size exceeds the consumer "
        + "group maximum size.", full.errorMessage());
  }

  /** A classic member joins group "g" with a subscription to t and, as leader, assigns itself both partitions. */
  private String classicLeaderWithEverything() {
    JoinOutcome required = groups.join("g", "", CLIENT, SESSION_MS, 5_000, "consumer", protocols(List.of()), true)
        .join();
    JoinOutcome joined = groups.join("g", required.memberId(), CLIENT, SESSION_MS, 5_000, "consumer",
        protocols(List.of()), true).join();
    assertEquals(1, joined.generationId());
    ClassicGroup classic = groups.classic("g").group();
    SyncOutcome synced = classic.sync(joined.memberId(), 1, "consumer", "range",
        Map.of(joined.memberId(), assignment(0, 1))).join();
    assertEquals(ErrorCode.NONE, synced.errorCode());
    assertEquals(GroupState.STABLE, classic.state());
    return joined.memberId();
  }

  private ConsumerGroup.HeartbeatOutcome kip848Join(String memberId) {
    GroupCoordinator.Lookup<ConsumerGroup> found = groups.consumerGroupForHeartbeat("g", true);
    assertEquals(ErrorCode.NONE, found.errorCode(), found.errorMessage());
    return found.group().heartbeat(memberId, 0,
        new ConsumerGroup.Subscription(null, null, List.of("t"), null, List.of()), "c", "h");
  }

  private ConsumerGroup.HeartbeatOutcome kip848Beat(ConsumerGroup group, String memberId, int epoch) {
    return group.heartbeat(memberId, epoch, new ConsumerGroup.Subscription(null, null, null, null, null), "c", "h");
  }

  private ConsumerGroup.HeartbeatOutcome kip848Beat(ConsumerGroup group, String memberId, int epoch, List<Integer> owned) {
    return group.heartbeat(memberId, epoch, new ConsumerGroup.Subscription(null, null, null, null,
        owned.stream().map(p -> new ConsumerGroup.Owned(topic.id(), p)).toList()), "c", "h");
  }

  private JoinOutcome classicJoin(String memberId, List<Integer> owned) {
    return groups.join("g", memberId, CLIENT, SESSION_MS, 5_000, "consumer", protocols(owned), true).join();
  }

  private static SyncOutcome sync(ConsumerGroup group, String memberId, int generation) {
    return group.sync(memberId, generation, "consumer", "range", Map.of()).join();
  }

  private static ConsumerGroup.ConsumerMember member(ConsumerGroup group, String memberId) {
    return group.members().stream().filter(m -> m.memberId().equals(memberId)).findFirst().orElseThrow();
  }

  /** The consumer's protocols, as kafka-clients offers them: range, then cooperative-sticky. */
  private static List<Protocol> protocols(List<Integer> owned) {
    WireWriter out = new WireWriter(64);
    out.writeInt16((short) 3);
    ConsumerProtocolSubscriptionCodec.INSTANCE.write(new ConsumerProtocolSubscription(List.of("t"), null,
        owned.isEmpty() ? List.of() : List.of(new ConsumerProtocolSubscription.TopicPartition("t", owned)), -1, null),
        (short) 3, out);
    byte[] metadata = out.toByteArray();
    return List.of(new Protocol("range", metadata), new Protocol("cooperative-sticky", metadata));
  }

  private static byte[] assignment(Integer... partitions) {
    WireWriter out = new WireWriter(64);
    out.writeInt16((short) 3);
    ConsumerProtocolAssignmentCodec.INSTANCE.write(new ConsumerProtocolAssignment(
        List.of(new ConsumerProtocolAssignment.TopicPartition("t", List.of(partitions))), null), (short) 3, out);
    return out.toByteArray();
  }

  /** The partitions of t in a SyncGroup's assignment bytes. */
  private static List<Integer> assigned(SyncOutcome synced) {
    assertEquals(ErrorCode.NONE, synced.errorCode());
    byte[] bytes = synced.assignment();
    assertEquals(3, ((bytes[0] & 0xff) << 8) | (bytes[1] & 0xff), "written at version 3");
    ConsumerProtocolAssignment a = ConsumerProtocolAssignmentCodec.INSTANCE.decode(
        Arrays.copyOfRange(bytes, 2, bytes.length), (short) 3);
    return a.assignedPartitions().isEmpty() ? List.of() : a.assignedPartitions().get(0).partitions();
  }
}
