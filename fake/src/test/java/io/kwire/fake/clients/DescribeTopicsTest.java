package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.RecordedExchange;
import io.kwire.messages.DescribeTopicPartitionsRequest;
import io.kwire.messages.DescribeTopicPartitionsResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;

/**
 * AdminClient.describeTopics (4.x) through DescribeTopicPartitions: a response limit of two
 * partitions makes it follow the fake's cursors, and the topics come back whole and exact.
 */
class DescribeTopicsTest {
  @Test
  void describeTopicsPagesThroughDescribeTopicPartitionsCursors() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(3).topic("dtp-a", 5, 2).topic("dtp-b", 1, 3).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      kafka.moveLeader("dtp-a", 3, 1); // its replicas are 0 and 1
      kafka.recording().start();
      Map<String, TopicDescription> described = admin.describeTopics(List.of("dtp-a", "dtp-b"),
          new DescribeTopicsOptions().partitionSizeLimitPerResponse(2)).allTopicNames().get();
      kafka.recording().stop();

      assertEquals(5, described.get("dtp-a").partitions().size());
      assertEquals(List.of(0, 1, 2, 3, 4), described.get("dtp-a").partitions().stream()
          .map(TopicPartitionInfo::partition).toList());
      // round-robin placement from broker 0: partition p on brokers p % 3 and (p + 1) % 3
      for (TopicPartitionInfo p : described.get("dtp-a").partitions()) {
        List<Integer> replicas = List.of(p.partition() % 3, (p.partition() + 1) % 3);
        assertEquals(replicas, p.replicas().stream().map(Node::id).toList());
        assertEquals(replicas, p.isr().stream().map(Node::id).toList());
        assertEquals(p.partition() == 3 ? 1 : replicas.get(0), p.leader().id());
      }
      assertEquals(1, described.get("dtp-b").partitions().size());
      assertEquals(3, described.get("dtp-b").partitions().get(0).replicas().size());

      List<RecordedExchange> pages = kafka.recording().entries().stream()
          .filter(e -> e.request() instanceof DescribeTopicPartitionsRequest).toList();
      assertEquals(List.of("null", "dtp-a:2", "dtp-a:4"), pages.stream().map(e -> cursor(
          ((DescribeTopicPartitionsRequest) e.request()).cursor())).toList());
      assertEquals(List.of("dtp-a:2", "dtp-a:4", "null"), pages.stream().map(e -> next(
          ((DescribeTopicPartitionsResponse) e.response()).nextCursor())).toList());
      assertEquals(0, kafka.recording().entries().stream().filter(e -> e.context().apiKey() == 3
          && e.request().toString().contains("dtp-a")).count(), "no Metadata fallback for the topics");

      ExecutionException missing = assertThrows(ExecutionException.class,
          () -> admin.describeTopics(List.of("dtp-missing")).allTopicNames().get());
      assertInstanceOf(UnknownTopicOrPartitionException.class, missing.getCause());
      assertEquals(List.of("dtp-a", "dtp-b"), admin.describeTopics(List.of("dtp-b", "dtp-a")).allTopicNames().get()
          .keySet().stream().sorted().collect(Collectors.toList()));
    }
  }

  private static String cursor(DescribeTopicPartitionsRequest.Cursor c) {
    return c == null ? "null" : c.topicName() + ":" + c.partitionIndex();
  }

  private static String next(DescribeTopicPartitionsResponse.Cursor c) {
    return c == null ? "null" : c.topicName() + ":" + c.partitionIndex();
  }
}
