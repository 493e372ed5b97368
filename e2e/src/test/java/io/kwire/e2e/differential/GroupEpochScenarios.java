package io.kwire.e2e.differential;

import static io.kwire.e2e.differential.Calls.call;

import io.kwire.messages.ConsumerGroupDescribeRequestBuilder;
import io.kwire.messages.ConsumerGroupDescribeRequestCodec;
import io.kwire.messages.ConsumerGroupDescribeResponseCodec;
import io.kwire.messages.ConsumerGroupHeartbeatRequest;
import io.kwire.messages.ConsumerGroupHeartbeatRequestBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatRequestCodec;
import io.kwire.messages.ConsumerGroupHeartbeatResponse;
import io.kwire.messages.ConsumerGroupHeartbeatResponseCodec;
import io.kwire.messages.CreatePartitionsRequestBuilder;
import io.kwire.messages.CreatePartitionsRequestCodec;
import io.kwire.messages.CreatePartitionsResponseCodec;
import io.kwire.messages.IncrementalAlterConfigsRequestBuilder;
import io.kwire.messages.IncrementalAlterConfigsRequestCodec;
import io.kwire.messages.IncrementalAlterConfigsResponseCodec;
import io.kwire.net.KwireClient;
import java.util.List;

/**
 * The epochs of a KIP-848 consumer group through each change Kafka 4.4 moves them at (docs/fake.md,
 * Group epochs): a new group's first join, a second member joining, a member leaving, a subscription
 * change that leaves the assignment as it is (and back), the same subscription again, partitions added to a
 * subscribed topic, the last member leaving; ConsumerGroupDescribe after each. The group assigns at
 * once ({@code consumer.assignment.interval.ms} 0, as the fake does), and each topic has one
 * subscriber, so any assignor gives the same partitions.
 */
final class GroupEpochScenarios {
  private static final byte GROUP_KEY = 0;
  private static final byte GROUP_RESOURCE = 32;
  private static final String FIRST = "AAAAAAAAAAAAAAAAAAAABA";
  private static final String SECOND = "AAAAAAAAAAAAAAAAAAAACA";
  private static final String WARM_UP_MEMBER = "AAAAAAAAAAAAAAAAAAAADA";
  private static final String THIRD = "AAAAAAAAAAAAAAAAAAAAEA";
  private static final String FOURTH = "AAAAAAAAAAAAAAAAAAAAFA";

  private GroupEpochScenarios() {}

  static void consumerGroupEpochs(Recording target, String names) {
    KwireClient client = target.recorded();
    KwireClient direct = target.direct();
    String a = names + "-a";
    String b = names + "-b";
    String group = names + "-group";
    twoTopicsAndAGroupAssigningAtOnce(target, names, group, a, b);
    ConsumerGroupHeartbeatResponse first = heartbeat(client, join(group, FIRST, List.of(a)));
    describe(client, group);
    List<ConsumerGroupHeartbeatRequest.TopicPartitions> owned = owned(first);
    heartbeat(client, beat(group, FIRST, first.memberEpoch(), owned));
    ConsumerGroupHeartbeatResponse second = heartbeat(client, join(group, SECOND, List.of(b)));
    describe(client, group);
    ConsumerGroupHeartbeatResponse moved = heartbeat(client, beat(group, FIRST, first.memberEpoch(), owned));
    heartbeat(client, beat(group, SECOND, second.memberEpoch(), owned(second)));
    heartbeat(client, beat(group, SECOND, -1, null));
    describe(client, group);
    moved = heartbeat(client, beat(group, FIRST, moved.memberEpoch(), owned));
    // Described only while the subscription is one topic: Kafka lists a member's topics in hash order.
    moved = heartbeat(client, beat(group, FIRST, moved.memberEpoch(), owned).subscribedTopicNames(
        List.of(a, names + "-not-there")));
    moved = heartbeat(client, beat(group, FIRST, moved.memberEpoch(), owned).subscribedTopicNames(List.of(a)));
    describe(client, group);
    moved = heartbeat(client, beat(group, FIRST, moved.memberEpoch(), owned).subscribedTopicNames(List.of(a)));

    call(direct, CreatePartitionsRequestCodec.INSTANCE, new CreatePartitionsRequestBuilder().timeoutMs(30_000)
        .topics(List.of(new CreatePartitionsRequestBuilder.CreatePartitionsTopicBuilder().name(a).count(2)
            .assignments(null).build())).build(), CreatePartitionsResponseCodec.INSTANCE);
    Calls.awaitLeaders(direct, a, 2);
    warmUp(direct, names + "-warm-up-grown", List.of(a), 2);
    ConsumerGroupHeartbeatResponse grown = heartbeat(client, beat(group, FIRST, moved.memberEpoch(), owned));
    describe(client, group);
    heartbeat(client, beat(group, FIRST, grown.memberEpoch(), owned(grown)));
    heartbeat(client, beat(group, FIRST, -1, null));
    describe(client, group);
  }

  /**
   * A static member (its instance id in every heartbeat) leaving at epoch -2 keeps its place: a
   * new member id with the same instance id takes its partitions and epoch, and a third member
   * asking for that instance id while it is held is refused, and so is its -2 with it; a -2 without
   * an instance id; the static member's -1 leaves for good.
   */
  static void staticMemberRejoin(Recording target, String names) {
    KwireClient client = target.recorded();
    String a = names + "-a";
    String b = names + "-b";
    String group = names + "-group";
    String instance = names + "-instance";
    twoTopicsAndAGroupAssigningAtOnce(target, names, group, a, b);
    ConsumerGroupHeartbeatResponse first = heartbeat(client, join(group, FIRST, List.of(a)).instanceId(instance));
    List<ConsumerGroupHeartbeatRequest.TopicPartitions> owned = owned(first);
    heartbeat(client, beat(group, FIRST, first.memberEpoch(), owned).instanceId(instance));
    ConsumerGroupHeartbeatResponse second = heartbeat(client, join(group, SECOND, List.of(b)));
    ConsumerGroupHeartbeatResponse firstMoved = heartbeat(client,
        beat(group, FIRST, first.memberEpoch(), owned).instanceId(instance));
    ConsumerGroupHeartbeatResponse secondMoved = heartbeat(client,
        beat(group, SECOND, second.memberEpoch(), owned(second)));
    describe(client, group);
    heartbeat(client, beat(group, FIRST, -2, null).instanceId(instance));
    describe(client, group);
    ConsumerGroupHeartbeatResponse back = heartbeat(client, join(group, THIRD, List.of(a)).instanceId(instance));
    describe(client, group);
    heartbeat(client, join(group, FOURTH, List.of(a)).instanceId(instance));
    heartbeat(client, beat(group, FOURTH, -2, null).instanceId(instance));
    heartbeat(client, beat(group, THIRD, back.memberEpoch(), owned(back)).instanceId(instance));
    heartbeat(client, beat(group, SECOND, -2, null));
    describe(client, group);
    heartbeat(client, beat(group, THIRD, -1, null).instanceId(instance));
    describe(client, group);
    if (firstMoved.errorCode() != 0 || secondMoved.errorCode() != 0) {
      throw new AssertionError("the two members did not settle: " + firstMoved + " " + secondMoved);
    }
  }

  /** A group of its own (direct) joins until it is given {@code partitions} partitions, then leaves. */
  /**
   * Topics {@code a} and {@code b} of one partition; {@code group} set to assign at once
   * (consumer.assignment.interval.ms 0, recorded); Kafka's coordinator waited for until it knows both
   * topics and the config (direct); then the recorded FindCoordinator of the group.
   */
  private static void twoTopicsAndAGroupAssigningAtOnce(Recording target, String names, String group, String a,
      String b) {
    KwireClient direct = target.direct();
    Calls.createTopic(direct, a, 1);
    Calls.createTopic(direct, b, 1);
    Calls.awaitCoordinator(direct, GROUP_KEY, group);
    call(target.recorded(), IncrementalAlterConfigsRequestCodec.INSTANCE, new IncrementalAlterConfigsRequestBuilder()
        .resources(List.of(GroupTypeScenarios.setting(GROUP_RESOURCE, group, "consumer.assignment.interval.ms", "0")))
        .build(), IncrementalAlterConfigsResponseCodec.INSTANCE);
    // Kafka's group coordinator assigns a topic only once its metadata image has it, and takes a group
    // config from the metadata log a moment after it is altered.
    warmUp(direct, names + "-warm-up", List.of(a, b), 2);
    GroupTypeScenarios.awaitGroupConfig(direct, group, "consumer.assignment.interval.ms", "0");
    Calls.findCoordinator(target.recorded(), GROUP_KEY, group);
  }

  private static void warmUp(KwireClient direct, String group, List<String> topics, int partitions) {
    Calls.await(() -> heartbeat(direct, join(group, WARM_UP_MEMBER, topics)), r -> r.errorCode() == 0
        && r.assignment() != null && r.assignment().topicPartitions().stream().mapToInt(t -> t.partitions().size())
        .sum() == partitions, partitions + " partitions of " + topics);
    heartbeat(direct, beat(group, WARM_UP_MEMBER, -1, null));
  }

  private static ConsumerGroupHeartbeatRequestBuilder join(String group, String member, List<String> topics) {
    return new ConsumerGroupHeartbeatRequestBuilder().groupId(group).memberId(member).memberEpoch(0)
        .rebalanceTimeoutMs(30_000).subscribedTopicNames(topics).topicPartitions(List.of());
  }

  private static ConsumerGroupHeartbeatRequestBuilder beat(String group, String member, int epoch,
      List<ConsumerGroupHeartbeatRequest.TopicPartitions> owned) {
    return new ConsumerGroupHeartbeatRequestBuilder().groupId(group).memberId(member).memberEpoch(epoch)
        .topicPartitions(owned);
  }

  private static ConsumerGroupHeartbeatResponse heartbeat(KwireClient client, ConsumerGroupHeartbeatRequestBuilder b) {
    return call(client, ConsumerGroupHeartbeatRequestCodec.INSTANCE, b.build(),
        ConsumerGroupHeartbeatResponseCodec.INSTANCE);
  }

  private static List<ConsumerGroupHeartbeatRequest.TopicPartitions> owned(ConsumerGroupHeartbeatResponse r) {
    return r.assignment() == null ? List.of() : r.assignment().topicPartitions().stream()
        .map(tp -> new ConsumerGroupHeartbeatRequestBuilder.TopicPartitionsBuilder().topicId(tp.topicId())
            .partitions(tp.partitions()).build()).toList();
  }

  private static void describe(KwireClient client, String group) {
    call(client, ConsumerGroupDescribeRequestCodec.INSTANCE, new ConsumerGroupDescribeRequestBuilder()
        .groupIds(List.of(group)).build(), ConsumerGroupDescribeResponseCodec.INSTANCE);
  }
}
