package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.StreamsGroupDescribeRequestBuilder;
import io.kwire.messages.StreamsGroupDescribeResponse;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder.SubtopologyBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder.TopicInfoBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder.TopologyBuilder;
import io.kwire.messages.StreamsGroupHeartbeatResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** StreamsGroupHeartbeat on one broker: Kafka 4.4's request checks, a join's answer at v0 and v1, the describe. */
class StreamsGroupHeartbeatHandlerTest {
  private final TestBrokers brokers = new TestBrokers(1);
  private final StreamsGroupHeartbeatHandler handler = new StreamsGroupHeartbeatHandler(brokers.groups);

  private static StreamsGroupHeartbeatRequestBuilder joining(String memberId, int changelogPartitions) {
    return new StreamsGroupHeartbeatRequestBuilder().groupId("app").memberId(memberId).memberEpoch(0)
        .rebalanceTimeoutMs(30_000).processId("p").activeTasks(List.of()).standbyTasks(List.of()).warmupTasks(List.of())
        .topology(new TopologyBuilder().epoch(0).subtopologies(List.of(new SubtopologyBuilder().subtopologyId("0")
            .sourceTopics(List.of("in")).sourceTopicRegex(List.of()).repartitionSinkTopics(List.of())
            .repartitionSourceTopics(List.of()).copartitionGroups(List.of())
            .stateChangelogTopics(List.of(new TopicInfoBuilder().name("app-store-changelog")
                .partitions(changelogPartitions).topicConfigs(List.of()).build())).build())).build());
  }

  private StreamsGroupHeartbeatResponse send(StreamsGroupHeartbeatRequestBuilder request, int version) {
    return now(handler.handle(request.build(), at(0, version)));
  }

  @Test
  void invalidRequestsAreRefusedWithKafkasMessages() {
    assertEquals("MemberId can't be empty.", send(joining("", 0), 1).errorMessage());
    assertEquals("Topology must be non-null when (re-)joining.", send(joining("m", 0).topology(null), 1).errorMessage());
    assertEquals("RebalanceTimeoutMs must be provided in first request.",
        send(joining("m", 0).rebalanceTimeoutMs(-1), 1).errorMessage());
    assertEquals("If one task-type is non-null, all must be non-null.",
        send(joining("m", 0).standbyTasks(null), 1).errorMessage());
    assertEquals("Changelog topic app-store-changelog must have an undefined partition count, but it is set to 3.",
        send(joining("m", 3), 1).errorMessage());
    StreamsGroupHeartbeatResponse epoch = send(joining("m", 0).memberEpoch(-3), 1);
    assertEquals(ErrorCode.INVALID_REQUEST, epoch.errorCode());
    assertEquals("MemberEpoch is -3, but must be greater than or equal to -2.", epoch.errorMessage());
    assertEquals(ErrorCode.INVALID_REQUEST, send(joining("m", 0).groupId(""), 1).errorCode());
  }

  @Test
  void aJoinIsAnsweredAtEitherVersionAndDescribed() {
    brokers.cluster.createTopic("in", 2, 1, null, TopicConfigs.of(Map.of()));
    StreamsGroupHeartbeatResponse v0 = send(joining("a", 0), 0);
    assertEquals(ErrorCode.NONE, v0.errorCode());
    assertEquals(10_000, v0.acceptableRecoveryLagLegacy());
    assertEquals(1, v0.status().size(), "the changelog is created: " + v0.status());
    assertEquals(3, v0.status().get(0).statusCode());
    StreamsGroupHeartbeatResponse v1 = send(new StreamsGroupHeartbeatRequestBuilder().groupId("app").memberId("a")
        .memberEpoch(v0.memberEpoch()), 1);
    assertEquals(10_000L, v1.acceptableRecoveryLag());
    assertEquals(List.of(), v1.status());
    assertEquals(List.of(0, 1), v1.activeTasks().get(0).partitions());
    assertEquals(List.of(), v1.standbyTasks());
    assertNull(v1.partitionsByUserEndpoint(), "no member has an endpoint");

    StreamsGroupDescribeResponse.DescribedGroup described = now(new StreamsGroupDescribeHandler(brokers.groups)
        .handle(new StreamsGroupDescribeRequestBuilder().groupIds(List.of("app")).build(), at(0, 1))).groups().get(0);
    assertEquals("Stable", described.groupState());
    assertEquals(2, described.topology().subtopologies().get(0).stateChangelogTopics().get(0).partitions());
    assertEquals(List.of(0, 1), described.members().get(0).assignment().activeTasks().get(0).partitions());
    assertEquals("sticky", described.assignorName());
  }

  @Test
  void aLeaveIsAnsweredWithoutIntervalsOrLagAsKafkaAnswersIt() {
    brokers.cluster.createTopic("in", 2, 1, null, TopicConfigs.of(Map.of()));
    StreamsGroupHeartbeatResponse joined = send(joining("a", 0), 1);
    assertEquals(60_000, joined.taskOffsetIntervalMs());
    StreamsGroupHeartbeatResponse left = send(new StreamsGroupHeartbeatRequestBuilder().groupId("app").memberId("a")
        .memberEpoch(-1), 1);
    assertEquals(ErrorCode.NONE, left.errorCode());
    assertEquals(-1, left.memberEpoch());
    // Kafka 4.4.0's answer to a leave (e2e FakeMatchesKafkaTest): the fields' defaults
    assertEquals(0, left.heartbeatIntervalMs());
    assertEquals(0, left.taskOffsetIntervalMs());
    assertEquals(-1L, left.acceptableRecoveryLag());
  }
}
