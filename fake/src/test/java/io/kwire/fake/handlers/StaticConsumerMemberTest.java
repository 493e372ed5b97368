package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.ConsumerGroupDescribeRequestBuilder;
import io.kwire.messages.ConsumerGroupDescribeResponse;
import io.kwire.messages.ConsumerGroupHeartbeatRequestBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatRequestBuilder.TopicPartitionsBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Static members of a KIP-848 group (an instance id in their heartbeats), as Kafka 4.4 keeps them
 * (the differential "KIP-848 static member" compares the same steps with the broker): a -2 keeps the
 * place until the session times out, a new member id with the instance id takes it, an instance id
 * in use is UNRELEASED_INSTANCE_ID. Each test starts from "a" (static, "instance-a") owning
 * partitions 0 and 1 and "b" (dynamic) owning 2 and 3, both at epoch 3, the group stable.
 */
class StaticConsumerMemberTest {
  private static final String INSTANCE = "instance-a";

  private final TestBrokers brokers = new TestBrokers(1);
  private final Topic topic = brokers.cluster.createTopic("t", 4, 1, null, TopicConfigs.of(Map.of()));
  private final ConsumerGroupHeartbeatHandler handler = new ConsumerGroupHeartbeatHandler(brokers.groups);

  @BeforeEach
  void twoMembersSettle() {
    assertEquals(2, handle(join("a").instanceId(INSTANCE)).memberEpoch());
    assertEquals(3, handle(join("b")).memberEpoch());
    assertEquals(List.of(0, 1), partitions(handle(beat("a", 2, List.of(0, 1, 2, 3)).instanceId(INSTANCE))));
    assertEquals(3, handle(beat("a", 2, List.of(0, 1)).instanceId(INSTANCE)).memberEpoch());
    assertEquals(List.of(2, 3), partitions(handle(beat("b", 3, List.of()))));
    assertEquals("Stable", describe().groupState());
  }

  @Test
  void aStaticLeaveKeepsTheMemberAndItsPartitionsWithoutARebalance() {
    ConsumerGroupHeartbeatResponse left = handle(beat("a", -2, null).instanceId(INSTANCE));
    assertEquals(ErrorCode.NONE, left.errorCode());
    assertEquals(-2, left.memberEpoch());
    assertEquals(0, left.heartbeatIntervalMs());
    assertNull(left.assignment());

    ConsumerGroupDescribeResponse.DescribedGroup described = describe();
    assertEquals(3, described.groupEpoch(), "no rebalance");
    assertEquals("Reconciling", described.groupState(), "as Kafka 4.4 describes a group with a member at -2");
    ConsumerGroupDescribeResponse.Member a = described.members().get(0);
    assertEquals("a", a.memberId());
    assertEquals(-2, a.memberEpoch());
    assertEquals(INSTANCE, a.instanceId());
    assertEquals(List.of(0, 1), a.assignment().topicPartitions().get(0).partitions());
    assertEquals(List.of(0, 1), a.targetAssignment().topicPartitions().get(0).partitions());

    ConsumerGroupHeartbeatResponse b = handle(beat("b", 3, List.of(2, 3)));
    assertEquals(3, b.memberEpoch());
    assertNull(b.assignment(), "b is not given a's partitions");
    assertEquals(ErrorCode.FENCED_MEMBER_EPOCH, handle(beat("a", 3, null).instanceId(INSTANCE)).errorCode());
  }

  @Test
  void aNewMemberIdWithTheInstanceIdTakesTheLeftMembersPlaceAndEpoch() {
    handle(beat("a", -2, null).instanceId(INSTANCE));
    ConsumerGroupHeartbeatResponse back = handle(join("a2").instanceId(INSTANCE));
    assertEquals(ErrorCode.NONE, back.errorCode());
    assertEquals("a2", back.memberId());
    assertEquals(3, back.memberEpoch(), "a's epoch, the group epoch unmoved");
    assertEquals(List.of(0, 1), partitions(back));

    ConsumerGroupDescribeResponse.DescribedGroup described = describe();
    assertEquals(3, described.groupEpoch());
    assertEquals(3, described.assignmentEpoch());
    assertEquals("Stable", described.groupState());
    assertEquals(List.of("a2", "b"), described.members().stream().map(ConsumerGroupDescribeResponse.Member::memberId)
        .toList(), "in a's place");
    assertNull(handle(beat("b", 3, List.of(2, 3))).assignment());
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, handle(beat("a", 3, null)).errorCode(), "a is gone");
  }

  @Test
  void anInstanceIdHeldByAnActiveMemberIsUnreleased() {
    ConsumerGroupHeartbeatResponse refused = handle(join("c").instanceId(INSTANCE));
    assertEquals(ErrorCode.UNRELEASED_INSTANCE_ID, refused.errorCode());
    assertEquals("Static member c with instance id instance-a cannot join the group because the instance id is"
        + " owned by a member.", refused.errorMessage());
    assertNull(refused.memberId());
    assertEquals(3, handle(beat("a", 3, List.of(0, 1)).instanceId(INSTANCE)).memberEpoch(), "a keeps its place");
    assertEquals(2, describe().members().size());
    assertEquals(3, describe().groupEpoch());
  }

  @Test
  void aStaticLeaveNeedsTheMembersOwnInstanceId() {
    ConsumerGroupHeartbeatResponse noInstance = handle(beat("b", -2, null));
    assertEquals(ErrorCode.INVALID_REQUEST, noInstance.errorCode());
    assertEquals("InstanceId can't be null.", noInstance.errorMessage());
    ConsumerGroupHeartbeatResponse other = handle(beat("b", -2, null).instanceId(INSTANCE));
    assertEquals(ErrorCode.FENCED_INSTANCE_ID, other.errorCode());
    assertEquals("Static member b with instance id instance-a was fenced by member a.", other.errorMessage());
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, handle(beat("b", -2, null).instanceId("nobody")).errorCode());
    assertEquals(2, describe().members().size());
    assertEquals("Stable", describe().groupState());
  }

  @Test
  void theLeftMemberIsRemovedWhenItsSessionTimesOutAndTheGroupRebalances() {
    brokers.clock.advance(10_000);
    handle(beat("a", -2, null).instanceId(INSTANCE));
    handle(beat("b", 3, List.of(2, 3)));
    // The session runs from a's last heartbeat before its -2, which does not renew it.
    brokers.clock.advance(GroupCoordinator.CONSUMER_SESSION_TIMEOUT_MS - 11_000);
    handle(beat("b", 3, List.of(2, 3)));
    assertEquals(2, describe().members().size(), "still there just before its session ends");
    brokers.clock.advance(2_000);
    ConsumerGroupDescribeResponse.DescribedGroup described = describe();
    assertEquals(List.of("b"), described.members().stream().map(ConsumerGroupDescribeResponse.Member::memberId)
        .toList());
    assertEquals(4, described.groupEpoch());
    ConsumerGroupHeartbeatResponse alone = handle(beat("b", 3, List.of(2, 3)));
    assertEquals(4, alone.memberEpoch());
    assertEquals(List.of(0, 1, 2, 3), partitions(alone));
    ConsumerGroupHeartbeatResponse fresh = handle(join("a2").instanceId(INSTANCE));
    assertEquals(5, fresh.memberEpoch(), "the instance id now joins as a new member");
  }

  @Test
  void aStaticMembersMinusOneLeavesForGood() {
    assertEquals(-1, handle(beat("a", -1, null).instanceId(INSTANCE)).memberEpoch());
    ConsumerGroupDescribeResponse.DescribedGroup described = describe();
    assertEquals(4, described.groupEpoch());
    assertEquals(1, described.members().size());
    ConsumerGroupHeartbeatResponse fresh = handle(join("a2").instanceId(INSTANCE));
    assertEquals(ErrorCode.NONE, fresh.errorCode());
    assertEquals(5, fresh.memberEpoch(), "a new member, a new epoch");
  }

  private static ConsumerGroupHeartbeatRequestBuilder join(String memberId) {
    return new ConsumerGroupHeartbeatRequestBuilder().groupId("g").memberId(memberId).memberEpoch(0)
        .subscribedTopicNames(List.of("t")).rebalanceTimeoutMs(30_000).topicPartitions(List.of());
  }

  private ConsumerGroupHeartbeatRequestBuilder beat(String memberId, int epoch, List<Integer> owned) {
    ConsumerGroupHeartbeatRequestBuilder b = new ConsumerGroupHeartbeatRequestBuilder().groupId("g")
        .memberId(memberId).memberEpoch(epoch);
    if (owned != null) {
      b.topicPartitions(List.of(new TopicPartitionsBuilder().topicId(topic.id()).partitions(owned).build()));
    }
    return b;
  }

  private ConsumerGroupHeartbeatResponse handle(ConsumerGroupHeartbeatRequestBuilder request) {
    return now(handler.handle(request.build(), at(0, 1)));
  }

  private static List<Integer> partitions(ConsumerGroupHeartbeatResponse response) {
    assertNotNull(response.assignment(), "an assignment");
    List<Integer> out = new ArrayList<>();
    response.assignment().topicPartitions().forEach(t -> out.addAll(t.partitions()));
    return out;
  }

  private ConsumerGroupDescribeResponse.DescribedGroup describe() {
    return now(new ConsumerGroupDescribeHandler(brokers.cluster, brokers.groups).handle(
        new ConsumerGroupDescribeRequestBuilder().groupIds(List.of("g")).build(), at(0, 1))).groups().get(0);
  }
}
