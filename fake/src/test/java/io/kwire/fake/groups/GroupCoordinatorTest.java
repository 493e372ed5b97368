package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.ManualClock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * One group per id, of one type, and one offset store: an empty group changes type when a member of
 * the other protocol joins it (a group with members migrates online: GroupMigrationTest), the
 * offsets stay across the change and go with the group, transactional offsets wait for the
 * transaction's end. (GroupTypesAgainstKafkaTest in e2e checks the answers against Kafka 4.4.)
 */
class GroupCoordinatorTest {
  private static final Client CLIENT = new Client("client", "/127.0.0.1", null);
  private static final List<Protocol> RANGE = List.of(new Protocol("range", new byte[] {1}));
  private static final CommittedOffset SEVEN = new CommittedOffset(7, 0, "");

  private final ManualClock clock = new ManualClock(0);
  private final GroupCoordinator groups = coordinator(clock);

  private static GroupCoordinator coordinator(ManualClock clock) {
    ClusterState cluster = new ClusterState("c", ClusterSettings.DEFAULT, clock, 1);
    cluster.brokers(List.of(new BrokerNode(0, "127.0.0.1", 9000, null)));
    return new GroupCoordinator(cluster);
  }

  @Test
  void aCommitToANewGroupMakesAnEmptyClassicGroupThatAKip848MemberTurnsIntoAConsumerGroup() {
    assertEquals(ErrorCode.NONE, groups.validateOffsetCommit("g", "", null, -1));
    groups.commitOffset("g", "t", 0, SEVEN);
    assertEquals(GroupType.CLASSIC, groups.group("g").type());
    assertEquals("Empty", groups.group("g").stateName());

    ConsumerGroup consumers = groups.consumerGroupForHeartbeat("g", true).group();
    assertSame(consumers, groups.group("g"), "one group for the id");
    assertEquals(GroupType.CONSUMER, groups.group("g").type());
    assertEquals(7, groups.offsets().committed("g", "t", 0).offset(), "the offsets stay");
    assertEquals(ErrorCode.GROUP_ID_NOT_FOUND, groups.classic("g").errorCode());
    assertEquals("Group g is not a classic group.", groups.classic("g").errorMessage());
    assertSame(consumers, groups.classicGroupOfMembers("g"), "it answers the classic requests of its (classic) members");
  }

  @Test
  void aConsumerGroupWithMembersRefusesClassicMembersAndBecomesClassicOnceEmpty() {
    ConsumerGroup consumers = groups.consumerGroupForHeartbeat("g", true).group();
    consumers.heartbeat("m", 0, new ConsumerGroup.Subscription(null, null, List.of("t"), null, List.of()), "c", "h");
    CompletableFuture<JoinOutcome> refused = join("g");
    assertEquals(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, refused.join().errorCode());
    assertSame(consumers, groups.group("g"));

    consumers.heartbeat("m", -1, new ConsumerGroup.Subscription(null, null, null, null, null), "c", "h");
    assertEquals(ErrorCode.MEMBER_ID_REQUIRED, join("g").join().errorCode());
    assertEquals(GroupType.CLASSIC, groups.group("g").type());
  }

  @Test
  void aClassicGroupWithMembersRefusesAKip848MemberWithKafkasWords() {
    JoinOutcome required = join("g").join();
    groups.join("g", required.memberId(), CLIENT, 10_000, 10_000, "other", RANGE, true);
    GroupCoordinator.Lookup<ConsumerGroup> refused = groups.consumerGroupForHeartbeat("g", true);
    assertEquals(ErrorCode.GROUP_ID_NOT_FOUND, refused.errorCode());
    assertEquals("Cannot upgrade classic group g to consumer group because the group does not use the consumer "
        + "embedded protocol.", refused.errorMessage());
    assertEquals("Group g is not a consumer group.", groups.consumerGroupForHeartbeat("g", false).errorMessage());
    assertEquals("Consumer group none not found.", groups.consumerGroupForHeartbeat("none", false).errorMessage());
    assertEquals(ErrorCode.NON_EMPTY_GROUP, groups.delete("g"));
  }

  @Test
  void deletingAnEmptyGroupDropsItsOffsets() {
    groups.commitOffset("g", "t", 0, SEVEN);
    assertEquals(ErrorCode.NONE, groups.delete("g"));
    assertNull(groups.group("g"));
    assertNull(groups.offsets().committed("g", "t", 0));
    assertEquals(ErrorCode.GROUP_ID_NOT_FOUND, groups.delete("g"));
  }

  @Test
  void transactionalOffsetsWaitForTheCommitAndAnAbortDropsThem() {
    groups.offsets().stage("tx", "g", "t", 0, SEVEN);
    assertTrue(groups.offsets().hasPending("g", "t", 0));
    assertNull(groups.group("g"), "nothing applied before the end");
    groups.transactionEnded("tx", false);
    assertFalse(groups.offsets().hasPending("g", "t", 0));
    assertNull(groups.offsets().committed("g", "t", 0), "aborted");

    groups.offsets().stage("tx", "g", "t", 0, SEVEN);
    groups.transactionEnded("tx", true);
    assertEquals(7, groups.offsets().committed("g", "t", 0).offset());
    assertEquals(GroupType.CLASSIC, groups.group("g").type(), "committed offsets make an empty classic group");
  }

  @Test
  void aDeletedTopicsOffsetsGoStagedOnesToo() {
    groups.commitOffset("g", "t", 0, SEVEN);
    groups.commitOffset("g", "u", 0, SEVEN);
    groups.offsets().stage("tx", "g", "t", 1, SEVEN);
    groups.forgetTopic("t");
    assertNull(groups.offsets().committed("g", "t", 0));
    assertFalse(groups.offsets().hasPending("g", "t", 1));
    assertEquals(7, groups.offsets().committed("g", "u", 0).offset());
  }

  private CompletableFuture<JoinOutcome> join(String groupId) {
    return groups.join(groupId, "", CLIENT, 10_000, 10_000, "other", RANGE, true);
  }
}
