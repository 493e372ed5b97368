package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.batch;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchPartitionBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchTopicBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class FetchHandlerTest {
  private final TestBrokers brokers = new TestBrokers(1);
  private final FetchHandler fetch = new FetchHandler(brokers.cluster);
  private final ProduceHandler produce = new ProduceHandler(brokers.cluster, brokers.transactions);
  private final Topic topic = brokers.cluster.createTopic("f", 2, 1, null, TopicConfigs.of(Map.of()));

  @Test
  void aFetchWaitsForAProduceAndIsAnsweredByIt() {
    CompletableFuture<FetchResponse> waiting = fetch.handle(request(1, 500, Integer.MAX_VALUE, 1 << 20, 0, 0), at(0, 16))
        .toCompletableFuture();
    assertFalse(waiting.isDone(), "nothing to read yet: the fetch waits");
    append(0, "one", "two");
    assertTrue(waiting.isDone(), "the produce answered the fetch, before its max wait");
    FetchResponse.PartitionData p = waiting.join().responses().get(0).partitions().get(0);
    assertEquals(2, p.highWatermark());
    assertEquals(List.of(0L), baseOffsets(p.records()));
    assertEquals(0, brokers.clock.pendingTimers(), "its timer was cancelled");
  }

  @Test
  void aFetchThatGetsTooFewBytesIsAnsweredAtItsMaxWait() {
    CompletableFuture<FetchResponse> waiting = fetch.handle(request(10_000, 500, Integer.MAX_VALUE, 1 << 20, 0, 0),
        at(0, 16)).toCompletableFuture();
    append(0, "small");
    assertFalse(waiting.isDone(), "one small batch is below minBytes");
    brokers.clock.advance(499);
    assertFalse(waiting.isDone());
    brokers.clock.advance(1);
    assertTrue(waiting.isDone());
    assertEquals(1, baseOffsets(waiting.join().responses().get(0).partitions().get(0).records()).size());
  }

  @Test
  void wholeBatchesWithinThePartitionAndRequestLimitsButAlwaysTheFirst() {
    for (int i = 0; i < 3; i++) {
      append(0, "x".repeat(100));
      append(1, "y".repeat(100));
    }
    int batchSize = topic.partition(0).log().batches().get(0).sizeInBytes();
    FetchResponse tiny = now(fetch.handle(request(1, 0, 10, 10, 0, 0), at(0, 16)));
    assertEquals(List.of(0L), baseOffsets(tiny.responses().get(0).partitions().get(0).records()),
        "the first batch even though larger than both limits");
    assertEquals(List.of(), baseOffsets(tiny.responses().get(0).partitions().get(1).records()),
        "nothing more once the request's limit is spent");

    FetchResponse two = now(fetch.handle(request(1, 0, 2 * batchSize, 1 << 20, 0, 0), at(0, 16)));
    assertEquals(List.of(0L, 1L), baseOffsets(two.responses().get(0).partitions().get(0).records()));
    assertEquals(List.of(0L, 1L), baseOffsets(two.responses().get(0).partitions().get(1).records()));

    FetchResponse fromMiddle = now(fetch.handle(request(1, 0, Integer.MAX_VALUE, 1 << 20, 2, 1), at(0, 16)));
    assertEquals(List.of(2L), baseOffsets(fromMiddle.responses().get(0).partitions().get(0).records()));
    assertEquals(List.of(1L, 2L), baseOffsets(fromMiddle.responses().get(0).partitions().get(1).records()));
  }

  @Test
  void offsetsOutsideTheLogAreOutOfRangeAndAnsweredAtOnce() {
    append(0, "a");
    FetchResponse response = now(fetch.handle(request(1, 500, Integer.MAX_VALUE, 1 << 20, 5, 0), at(0, 16)));
    FetchResponse.PartitionData p = response.responses().get(0).partitions().get(0);
    assertEquals(ErrorCode.OFFSET_OUT_OF_RANGE, p.errorCode());
    assertEquals(1, p.highWatermark());
    assertEquals(0, p.logStartOffset());
  }

  @Test
  void unknownTopicIdsAndFencedEpochsAreErrors() {
    FetchRequest byId = new FetchRequestBuilder().maxWaitMs(0).minBytes(1).topics(List.of(
        new FetchTopicBuilder().topicId(new UUID(1, 2)).partitions(List.of(
            new FetchPartitionBuilder().partition(0).partitionMaxBytes(100).build())).build(),
        new FetchTopicBuilder().topicId(topic.id()).partitions(List.of(
            new FetchPartitionBuilder().partition(0).currentLeaderEpoch(3).partitionMaxBytes(100).build())).build()))
        .build();
    FetchResponse response = now(fetch.handle(byId, at(0, 13)));
    assertEquals(ErrorCode.UNKNOWN_TOPIC_ID, response.responses().get(0).partitions().get(0).errorCode());
    assertEquals(ErrorCode.UNKNOWN_LEADER_EPOCH, response.responses().get(1).partitions().get(0).errorCode());
    assertEquals(topic.id(), response.responses().get(1).topicId());
  }

  @Test
  void retentionDropsTheOldestBatchesAndMovesTheLogStart() {
    TestBrokers small = new TestBrokers(1, new ClusterSettings(false, 1, (short) 1, 300, 100, 60_000, 0));
    Topic t = small.cluster.createTopic("r", 1, 1, null, TopicConfigs.of(Map.of()));
    ProduceHandler producer = new ProduceHandler(small.cluster, small.transactions);
    for (int i = 0; i < 5; i++) {
      now(producer.handle(ProduceHandlerTest.request(-1, "r", 0, batch(1, "z".repeat(100))), at(0, 9)));
    }
    assertTrue(t.partition(0).log().sizeInBytes() <= 300, "bounded: " + t.partition(0).log().sizeInBytes());
    assertTrue(t.partition(0).log().logStartOffset() >= 3, "start moved: " + t.partition(0).log().logStartOffset());
    assertEquals(5, t.partition(0).log().endOffset());
  }

  private void append(int partition, String... values) {
    now(produce.handle(ProduceHandlerTest.request(-1, "f", partition, batch(1, values)), at(0, 9)));
  }

  private FetchRequest request(int minBytes, int maxWaitMs, int partitionMaxBytes, int maxBytes, long offset0,
      long offset1) {
    return new FetchRequestBuilder().maxWaitMs(maxWaitMs).minBytes(minBytes).maxBytes(maxBytes).topics(List.of(
        new FetchTopicBuilder().topic("f").topicId(topic.id()).partitions(List.of(
            new FetchPartitionBuilder().partition(0).fetchOffset(offset0).partitionMaxBytes(partitionMaxBytes).build(),
            new FetchPartitionBuilder().partition(1).fetchOffset(offset1).partitionMaxBytes(partitionMaxBytes).build()))
            .build()))
        .build();
  }

  private static List<Long> baseOffsets(Records records) {
    List<Long> out = new ArrayList<>();
    for (RecordBatch b : records.batches()) {
      out.add(b.baseOffset());
    }
    return out;
  }
}
