package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.batch;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.AlterShareGroupOffsetsRequestBuilder;
import io.kwire.messages.AlterShareGroupOffsetsRequestBuilder.AlterShareGroupOffsetsRequestPartitionBuilder;
import io.kwire.messages.AlterShareGroupOffsetsRequestBuilder.AlterShareGroupOffsetsRequestTopicBuilder;
import io.kwire.messages.DeleteShareGroupOffsetsRequestBuilder;
import io.kwire.messages.DeleteShareGroupOffsetsRequestBuilder.DeleteShareGroupOffsetsRequestTopicBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsRequestBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsRequestBuilder.DescribeShareGroupOffsetsRequestGroupBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsRequestBuilder.DescribeShareGroupOffsetsRequestTopicBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsResponse;
import io.kwire.messages.ShareAcknowledgeRequestBuilder;
import io.kwire.messages.ShareAcknowledgeResponse;
import io.kwire.messages.ShareFetchRequestBuilder;
import io.kwire.messages.ShareFetchResponse;
import io.kwire.messages.ShareGroupHeartbeatRequestBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ShareFetch, ShareAcknowledge and DescribeShareGroupOffsets on one broker, in the fields the
 * differential (e2e FakeMatchesKafkaTest's share group round) compares with the 4.4.0 broker's.
 */
class ShareHandlersTest {
  private final TestBrokers brokers = new TestBrokers(1);
  private final ShareSessions sessions = new ShareSessions();
  private final Topic topic = brokers.cluster.createTopic("s", 1, 1, null, TopicConfigs.of(Map.of()));

  @Test
  void aLedPartitionsCurrentLeaderIsLeftAtTheDefaultsAsKafkaLeavesIt() {
    now(new ProduceHandler(brokers.cluster, brokers.transactions)
        .handle(ProduceHandlerTest.request(-1, "s", 0, batch(1, "a", "b")), at(0, 9)));
    brokers.groups.configs().put("g", "share.auto.offset.reset", "earliest");
    now(new ShareGroupHeartbeatHandler(brokers.groups).handle(new ShareGroupHeartbeatRequestBuilder().groupId("g")
        .memberId("m").memberEpoch(0).subscribedTopicNames(List.of("s")).build(), at(0, 1)));
    ShareFetchResponse fetched = now(new ShareFetchHandler(brokers.cluster, brokers.groups, sessions).handle(
        new ShareFetchRequestBuilder().groupId("g").memberId("m").shareSessionEpoch(0).maxRecords(500).batchSize(500)
            .topics(List.of(new ShareFetchRequestBuilder.FetchTopicBuilder().topicId(topic.id()).partitions(List.of(
                new ShareFetchRequestBuilder.FetchPartitionBuilder().partitionIndex(0).build())).build()))
            .build(), at(0, 2)));
    ShareFetchResponse.PartitionData partition = fetched.responses().get(0).partitions().get(0);
    assertEquals(2, partition.acquiredRecords().get(0).lastOffset() + 1, "both records acquired");
    assertEquals(new ShareFetchResponse.LeaderIdAndEpoch(0, 0, partition.currentLeader().unknownTaggedFields()),
        partition.currentLeader(), "not -1, -1: Kafka sends the message's defaults without NOT_LEADER_OR_FOLLOWER");

    ShareAcknowledgeResponse acknowledged = now(new ShareAcknowledgeHandler(brokers.cluster, brokers.groups, sessions)
        .handle(new ShareAcknowledgeRequestBuilder().groupId("g").memberId("m").shareSessionEpoch(1).topics(List.of(
            new ShareAcknowledgeRequestBuilder.AcknowledgeTopicBuilder().topicId(topic.id()).partitions(List.of(
                new ShareAcknowledgeRequestBuilder.AcknowledgePartitionBuilder().partitionIndex(0)
                    .acknowledgementBatches(List.of(new ShareAcknowledgeRequestBuilder.AcknowledgementBatchBuilder()
                        .firstOffset(0).lastOffset(1).acknowledgeTypes(List.of((byte) 1, (byte) 2)).build()))
                    .build())).build())).build(), at(0, 2)));
    ShareAcknowledgeResponse.PartitionData ack = acknowledged.responses().get(0).partitions().get(0);
    assertEquals(ErrorCode.NONE, ack.errorCode());
    assertEquals(0, ack.currentLeader().leaderId());
    assertEquals(0, ack.currentLeader().leaderEpoch());
  }

  @Test
  void aPartitionWithoutStateIsDescribedAtLeaderEpochZeroAsKafkaPassesOnItsSummary() {
    brokers.groups.configs().put("g", "share.auto.offset.reset", "earliest");
    now(new ShareGroupHeartbeatHandler(brokers.groups).handle(new ShareGroupHeartbeatRequestBuilder().groupId("g")
        .memberId("m").memberEpoch(0).subscribedTopicNames(List.of("s")).build(), at(0, 1)));
    now(new ShareFetchHandler(brokers.cluster, brokers.groups, sessions).handle(new ShareFetchRequestBuilder()
        .groupId("g").memberId("m").shareSessionEpoch(0).maxRecords(500).batchSize(500)
        .topics(List.of(new ShareFetchRequestBuilder.FetchTopicBuilder().topicId(topic.id()).partitions(List.of(
            new ShareFetchRequestBuilder.FetchPartitionBuilder().partitionIndex(0).build())).build()))
        .build(), at(0, 2)));
    now(new ShareGroupHeartbeatHandler(brokers.groups).handle(new ShareGroupHeartbeatRequestBuilder().groupId("g")
        .memberId("m").memberEpoch(-1).build(), at(0, 1)));
    DescribeShareGroupOffsetsHandler describe = new DescribeShareGroupOffsetsHandler(brokers.cluster, brokers.groups);
    DescribeShareGroupOffsetsRequestBuilder request = new DescribeShareGroupOffsetsRequestBuilder().groups(List.of(
        new DescribeShareGroupOffsetsRequestGroupBuilder().groupId("g").topics(List.of(
            new DescribeShareGroupOffsetsRequestTopicBuilder().topicName("s").partitions(List.of(0)).build())).build()));
    assertEquals("0 0 0", describe(describe, request), "started at 0, nothing to deliver");

    DeleteShareGroupOffsetsHandler delete = new DeleteShareGroupOffsetsHandler(brokers.cluster, brokers.groups);
    assertEquals(ErrorCode.NONE, now(delete.handle(new DeleteShareGroupOffsetsRequestBuilder().groupId("g").topics(
        List.of(new DeleteShareGroupOffsetsRequestTopicBuilder().topicName("s").build())).build(), at(0, 0)))
        .responses().get(0).errorCode());
    assertEquals("-1 0 -1", describe(describe, request), "no state: leader epoch 0, not -1");
  }

  @Test
  void anUnknownTopicsOffsetsAreRefusedWithKafkasMessage() {
    now(new ShareGroupHeartbeatHandler(brokers.groups).handle(new ShareGroupHeartbeatRequestBuilder().groupId("g")
        .memberId("m").memberEpoch(0).subscribedTopicNames(List.of("s")).build(), at(0, 1)));
    now(new ShareGroupHeartbeatHandler(brokers.groups).handle(new ShareGroupHeartbeatRequestBuilder().groupId("g")
        .memberId("m").memberEpoch(-1).build(), at(0, 1)));
    List<String> answers = now(new AlterShareGroupOffsetsHandler(brokers.cluster, brokers.groups).handle(
        new AlterShareGroupOffsetsRequestBuilder().groupId("g").topics(List.of(
            new AlterShareGroupOffsetsRequestTopicBuilder().topicName("s").partitions(List.of(
                new AlterShareGroupOffsetsRequestPartitionBuilder().partitionIndex(0).startOffset(0).build())).build(),
            new AlterShareGroupOffsetsRequestTopicBuilder().topicName("missing").partitions(List.of(
                new AlterShareGroupOffsetsRequestPartitionBuilder().partitionIndex(0).startOffset(0).build())).build()))
            .build(), at(0, 0))).responses().stream().map(t -> t.topicName() + " " + t.partitions().get(0).errorCode()
                + " " + t.partitions().get(0).errorMessage()).sorted().toList();
    assertEquals(List.of("missing 3 This server does not host this topic-partition.", "s 0 null"), answers);
  }

  @Test
  void deletedShareOffsetsAreInitializedAgainAtTheNextJoinAndAlteredOnesAreNotAsOnKafka() {
    // Measured against Kafka 4.4.0: a join after DeleteShareGroupOffsets moves the epoch twice (the
    // join, then the state initialized again), after AlterShareGroupOffsets once (the state is there).
    assertEquals(3, shareHeartbeat(0, List.of("s")), "a new group at 2, its partition initialized: 3");
    shareHeartbeat(-1, null);
    DeleteShareGroupOffsetsHandler delete = new DeleteShareGroupOffsetsHandler(brokers.cluster, brokers.groups);
    now(delete.handle(new DeleteShareGroupOffsetsRequestBuilder().groupId("g").topics(List.of(
        new DeleteShareGroupOffsetsRequestTopicBuilder().topicName("s").build())).build(), at(0, 0)));
    assertEquals(6, shareHeartbeat(0, List.of("s")), "4 after the leave");
    shareHeartbeat(-1, null);
    now(delete.handle(new DeleteShareGroupOffsetsRequestBuilder().groupId("g").topics(List.of(
        new DeleteShareGroupOffsetsRequestTopicBuilder().topicName("s").build())).build(), at(0, 0)));
    now(new AlterShareGroupOffsetsHandler(brokers.cluster, brokers.groups).handle(
        new AlterShareGroupOffsetsRequestBuilder().groupId("g").topics(List.of(
            new AlterShareGroupOffsetsRequestTopicBuilder().topicName("s").partitions(List.of(
                new AlterShareGroupOffsetsRequestPartitionBuilder().partitionIndex(0).startOffset(0).build())).build()))
            .build(), at(0, 0)));
    assertEquals(7, brokers.groups.share("g").group().groupEpoch(), "the alter itself moves nothing");
    assertEquals(8, shareHeartbeat(0, List.of("s")));
  }

  /** Member "m" of share group "g" heartbeats; its epoch. */
  private int shareHeartbeat(int epoch, List<String> topics) {
    return now(new ShareGroupHeartbeatHandler(brokers.groups).handle(new ShareGroupHeartbeatRequestBuilder().groupId("g")
        .memberId("m").memberEpoch(epoch).subscribedTopicNames(topics).build(), at(0, 1))).memberEpoch();
  }

  /** "startOffset leaderEpoch lag" of partition 0. */
  private static String describe(DescribeShareGroupOffsetsHandler handler, DescribeShareGroupOffsetsRequestBuilder request) {
    DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponsePartition p = now(handler.handle(request.build(),
        at(0, 1))).groups().get(0).topics().get(0).partitions().get(0);
    return p.startOffset() + " " + p.leaderEpoch() + " " + p.lag();
  }
}
