package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.ManualClock;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The group epochs of KIP-848 consumer groups and share groups, numbered as Kafka 4.4.0 numbers
 * them (measured against the broker, step by step, with ConsumerGroupDescribe and
 * ShareGroupDescribe; FakeMatchesKafkaTest compares them exactly): a new group is at 2 after its
 * first heartbeat; each later join, leave, subscription change or change of a subscribed topic's
 * partitions moves it by one, even when the assignment stays the same; a share group moves once
 * more when it has initialized the share state of partitions newly subscribed to.
 */
class GroupEpochsTest {
  private final ManualClock clock = new ManualClock(0);
  private final ClusterState cluster = cluster(clock);
  private final Topic topic = cluster.createTopic("t", 2, 1, null, TopicConfigs.of(Map.of()));
  private final GroupCoordinator groups = new GroupCoordinator(cluster);

  private static ClusterState cluster(ManualClock clock) {
    ClusterState cluster = new ClusterState("c", ClusterSettings.DEFAULT, clock, 1);
    cluster.brokers(List.of(new BrokerNode(0, "127.0.0.1", 9000, null)));
    return cluster;
  }

  // ---- KIP-848 consumer groups

  @Test
  void aNewConsumerGroupIsAtEpochTwoAfterItsFirstHeartbeatWhateverItSubscribesTo() {
    assertEquals(2, consumerJoin("g", "a", List.of("t")).memberEpoch());
    assertEquals(2, consumers("g").groupEpoch());
    assertEquals(2, consumers("g").assignmentEpoch());
    assertEquals(2, consumerJoin("other", "a", List.of("no-such-topic")).memberEpoch());
  }

  @Test
  void aSubscriptionChangeMovesTheConsumerGroupEpochEvenWhenTheAssignmentStaysTheSame() {
    consumerJoin("g", "a", List.of("t"));
    ConsumerGroup group = consumers("g");
    ConsumerGroup.HeartbeatOutcome same = consumerBeat(group, "a", 2, List.of("t"));
    assertEquals(2, same.memberEpoch(), "the same subscription again: no change");
    ConsumerGroup.HeartbeatOutcome widened = consumerBeat(group, "a", 2, List.of("t", "no-such-topic"));
    assertEquals(3, widened.memberEpoch());
    assertEquals(null, widened.assignment(), "the same partitions");
    assertEquals(3, group.groupEpoch());
  }

  @Test
  void everyJoinAndLeaveMovesTheConsumerGroupEpochTheLastLeaveToo() {
    // A leave moves the group epoch at once and the assignment epoch at the next heartbeat, as
    // Kafka's does (Assigning meanwhile); the last leave moves both.
    consumerJoin("g", "a", List.of("t"));
    ConsumerGroup group = consumers("g");
    assertEquals(3, consumerJoin("g", "b", List.of("t")).memberEpoch());
    group.heartbeat("b", -1, new ConsumerGroup.Subscription(null, null, null, null, null), "c", "h");
    assertEquals(4, group.groupEpoch());
    assertEquals(3, group.assignmentEpoch(), "as Kafka: the target waits for the next heartbeat");
    assertEquals("Assigning", group.stateName());
    assertEquals(4, consumerBeat(group, "a", 2, null).memberEpoch());
    assertEquals(4, group.assignmentEpoch());
    group.heartbeat("a", -1, new ConsumerGroup.Subscription(null, null, null, null, null), "c", "h");
    assertEquals("Empty", group.stateName());
    assertEquals(5, group.groupEpoch());
    assertEquals(5, group.assignmentEpoch());
    assertEquals(6, consumerJoin("g", "a", List.of("t")).memberEpoch(), "an empty group is not new: one more");
  }

  @Test
  void partitionsAddedToASubscribedTopicMoveTheConsumerGroupEpochAtTheNextHeartbeat() {
    consumerJoin("g", "a", List.of("t"));
    ConsumerGroup group = consumers("g");
    cluster.addPartitions(topic, 3, null);
    assertEquals(2, group.groupEpoch(), "noticed at a heartbeat, as Kafka");
    ConsumerGroup.HeartbeatOutcome grown = consumerBeat(group, "a", 2, null);
    assertEquals(3, grown.memberEpoch());
    assertEquals(3, grown.assignment().size());
  }

  // ---- share groups

  @Test
  void aNewShareGroupIsAtTwoThenThreeOnceItHasInitializedItsPartitionsShareState() {
    ShareGroup.HeartbeatOutcome joined = shareJoin("s", "a", List.of("t"));
    assertEquals(3, joined.memberEpoch());
    assertEquals(2, joined.assignment().size());
    assertEquals(3, share("s").groupEpoch());
    assertEquals(3, share("s").assignmentEpoch());
    assertEquals(2, shareJoin("nothing-to-initialize", "a", List.of("no-such-topic")).memberEpoch());
  }

  @Test
  void aShareGroupInitializesAPartitionOnceSoAJoinAfterwardsMovesItByOne() {
    shareJoin("s", "a", List.of("t"));
    assertEquals(4, shareJoin("s", "b", List.of("t")).memberEpoch());
    ShareGroup group = share("s");
    ShareGroup.HeartbeatOutcome widened = group.heartbeat("a", 3, null, List.of("t", "no-such-topic"), "c", "h");
    assertEquals(5, widened.memberEpoch(), "a subscription change, nothing to initialize");
  }

  @Test
  void aLeaveMovesTheShareGroupEpochAtOnceAndTheAssignmentEpochAtTheOthersNextHeartbeat() {
    shareJoin("s", "a", List.of("t"));
    shareJoin("s", "b", List.of("t"));
    ShareGroup group = share("s");
    ShareGroup.HeartbeatOutcome shared = group.heartbeat("a", 3, null, null, "c", "h");
    assertEquals(4, shared.memberEpoch());
    assertEquals(1, shared.assignment().size(), "b has the other partition");
    group.heartbeat("b", -1, null, null, "c", "h");
    assertEquals(5, group.groupEpoch());
    assertEquals(4, group.assignmentEpoch(), "Kafka computes the new target at the next heartbeat");
    ShareGroup.HeartbeatOutcome alone = group.heartbeat("a", 4, null, null, "c", "h");
    assertEquals(5, alone.memberEpoch());
    assertEquals(2, alone.assignment().size());
    assertEquals(5, group.assignmentEpoch());
    group.heartbeat("a", -1, null, null, "c", "h");
    assertEquals("Empty", group.stateName());
    assertEquals(6, group.groupEpoch(), "the last leave moves it too");
    assertEquals(6, group.assignmentEpoch());
    assertEquals(7, shareJoin("s", "a", List.of("t")).memberEpoch(), "its partitions' state is there already");
  }

  @Test
  void partitionsAddedMoveTheShareGroupEpochForTheTopicsChangeAndForTheNewPartitionsState() {
    shareJoin("s", "a", List.of("t"));
    ShareGroup group = share("s");
    cluster.addPartitions(topic, 3, null);
    ShareGroup.HeartbeatOutcome grown = group.heartbeat("a", 3, null, null, "c", "h");
    assertEquals(5, grown.memberEpoch());
    assertEquals(3, grown.assignment().size());
  }

  @Test
  void aShareTopicWhoseStateWasDeletedIsInitializedAgainAtTheNextJoin() {
    shareJoin("s", "a", List.of("t"));
    ShareGroup group = share("s");
    group.heartbeat("a", -1, null, null, "c", "h");
    group.forgetInitialized(topic.id());
    assertEquals(6, shareJoin("s", "a", List.of("t")).memberEpoch(), "4 after the leave, a join, an initialization");
  }

  private ConsumerGroup consumers(String groupId) {
    return groups.consumer(groupId).group();
  }

  private ConsumerGroup.HeartbeatOutcome consumerJoin(String groupId, String memberId, List<String> topics) {
    GroupCoordinator.Lookup<ConsumerGroup> found = groups.consumerGroupForHeartbeat(groupId, true);
    assertEquals(ErrorCode.NONE, found.errorCode(), found.errorMessage());
    return found.group().heartbeat(memberId, 0, new ConsumerGroup.Subscription(null, null, topics, null, List.of()),
        "c", "h");
  }

  private static ConsumerGroup.HeartbeatOutcome consumerBeat(ConsumerGroup group, String memberId, int epoch,
      List<String> topics) {
    return group.heartbeat(memberId, epoch, new ConsumerGroup.Subscription(null, null, topics, null, null), "c", "h");
  }

  private ShareGroup share(String groupId) {
    return groups.share(groupId).group();
  }

  private ShareGroup.HeartbeatOutcome shareJoin(String groupId, String memberId, List<String> topics) {
    GroupCoordinator.Lookup<ShareGroup> found = groups.shareGroupForHeartbeat(groupId, true);
    assertEquals(ErrorCode.NONE, found.errorCode(), found.errorMessage());
    return found.group().heartbeat(memberId, 0, null, topics, "c", "h");
  }
}
