package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.AlterPartitionReassignmentsRequestBuilder;
import io.kwire.messages.AlterPartitionReassignmentsResponse;
import io.kwire.messages.DescribeTopicPartitionsRequestBuilder;
import io.kwire.messages.DescribeTopicPartitionsResponse;
import io.kwire.messages.ElectLeadersRequestBuilder;
import io.kwire.messages.ElectLeadersResponse;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The admin APIs' caps against requests naming millions of partitions: DescribeTopicPartitions
 * answers at most 2,000 partitions whatever limit is asked (Kafka's max.request.partition.size.limit),
 * and ElectLeaders and AlterPartitionReassignments refuse more than 10,000 partition changes with
 * POLICY_VIOLATION, moving nothing (Kafka's controller bound on one operation's records).
 */
class AdminHostileRequestsTest {
  private static final int MILLION = 1_000_000;
  private final TestBrokers brokers = new TestBrokers(2);

  @Test
  void describeTopicPartitionsAnswersAtMostTwoThousandPartitions() {
    brokers.cluster.createTopic("wide", 10_000, 1, null, TopicConfigs.of(Map.of()));
    DescribeTopicPartitionsResponse response = now(new DescribeTopicPartitionsHandler(brokers.cluster).handle(
        new DescribeTopicPartitionsRequestBuilder().responsePartitionLimit(Integer.MAX_VALUE).topics(List.of(
            new DescribeTopicPartitionsRequestBuilder.TopicRequestBuilder().name("wide").build())).build(), at(0, 0)));
    assertEquals(2_000, response.topics().get(0).partitions().size());
    assertEquals("wide", response.nextCursor().topicName());
    assertEquals(2_000, response.nextCursor().partitionIndex());
  }

  @Test
  void electingAMillionPartitionsIsAPolicyViolationAndMovesNothing() {
    brokers.cluster.createTopic("many", 10_001, 2, null, TopicConfigs.of(Map.of()));
    // every partition led by its second replica: electing the preferred one would move them all
    brokers.cluster.topic("many").partitions().forEach(p -> p.electLeader(p.replicas().get(1)));
    List<Integer> million = IntStream.range(0, MILLION).boxed().toList();
    long started = System.nanoTime();
    ElectLeadersResponse refused = now(new ElectLeadersHandler(brokers.cluster).handle(new ElectLeadersRequestBuilder()
        .electionType((byte) 0).topicPartitions(List.of(new ElectLeadersRequestBuilder.TopicPartitionsBuilder()
            .topic("many").partitions(million).build())).build(), at(0, 2)));
    assertEquals(ElectLeadersHandler.POLICY_VIOLATION, refused.errorCode());
    assertEquals(MILLION, refused.replicaElectionResults().get(0).partitionResult().size());
    assertEquals(brokers.cluster.topic("many").partition(0).replicas().get(1),
        brokers.cluster.topic("many").partition(0).leaderId(), "nothing moved");
    assertEquals(ElectLeadersHandler.POLICY_VIOLATION, now(new ElectLeadersHandler(brokers.cluster).handle(
        new ElectLeadersRequestBuilder().electionType((byte) 0).topicPartitions(null).build(), at(0, 2))).errorCode(),
        "all partitions: 10,001 elections");
    System.out.printf("a million-partition ElectLeaders refused in %d ms%n", (System.nanoTime() - started) / 1_000_000);
  }

  @Test
  void reassigningAMillionPartitionsIsAPolicyViolation() {
    brokers.cluster.createTopic("few", 1, 1, null, TopicConfigs.of(Map.of()));
    var partitions = IntStream.range(0, MILLION).mapToObj(i -> new AlterPartitionReassignmentsRequestBuilder
        .ReassignablePartitionBuilder().partitionIndex(i).replicas(List.of(1)).build()).toList();
    AlterPartitionReassignmentsResponse refused = now(new AlterPartitionReassignmentsHandler(brokers.cluster).handle(
        new AlterPartitionReassignmentsRequestBuilder().topics(List.of(new AlterPartitionReassignmentsRequestBuilder
            .ReassignableTopicBuilder().name("few").partitions(partitions).build())).build(), at(0, 1)));
    assertEquals(ElectLeadersHandler.POLICY_VIOLATION, refused.errorCode());
    assertEquals(List.of(0), brokers.cluster.topic("few").partition(0).replicas(), "nothing moved");
  }
}
