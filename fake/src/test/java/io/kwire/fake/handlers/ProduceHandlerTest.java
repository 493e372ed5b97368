package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.batch;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestBuilder.PartitionProduceDataBuilder;
import io.kwire.messages.ProduceRequestBuilder.TopicProduceDataBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.records.TimestampType;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ProduceHandlerTest {
  private final TestBrokers brokers = new TestBrokers(2);
  private final ProduceHandler handler = new ProduceHandler(brokers.cluster, brokers.transactions);
  private final Topic topic = brokers.cluster.createTopic("p", 2, 1, null, TopicConfigs.of(Map.of()));

  @Test
  void appendsAtTheEndOffsetAndRewritesTheStoredBaseOffset() {
    assertEquals(0, produce(0, 9, batch(100, "a", "b", "c")).baseOffset());
    ProduceResponse.PartitionProduceResponse second = produce(0, 9, batch(200, "d", "e"));
    assertEquals(ErrorCode.NONE, second.errorCode());
    assertEquals(3, second.baseOffset());
    assertEquals(-1, second.logAppendTimeMs());
    assertEquals(0, second.logStartOffset());
    List<StoredBatch> stored = topic.partition(0).log().batches();
    RecordBatchV2 v2 = RecordBatchV2.of(stored.get(1).records(), ReadOptions.DEFAULT);
    assertEquals(3, v2.baseOffset());
    assertEquals(4, v2.lastOffset());
    assertEquals(5, topic.partition(0).log().endOffset());
  }

  @Test
  void logAppendTimeTopicsGetTheClocksTimeUnderAValidCrc() {
    Topic stamped = brokers.cluster.createTopic("stamped", 1, 1, null,
        TopicConfigs.of(Map.of(TopicConfigs.MESSAGE_TIMESTAMP_TYPE, "LogAppendTime")));
    ProduceResponse response = now(handler.handle(request(-1, "stamped", 0, batch(5, "x")), at(0, 9)));
    ProduceResponse.PartitionProduceResponse p = response.responses().get(0).partitionResponses().get(0);
    assertEquals(brokers.clock.nowMs(), p.logAppendTimeMs());
    RecordBatchV2 v2 = RecordBatchV2.of(stamped.partition(0).log().batches().get(0).records(), ReadOptions.DEFAULT);
    v2.ensureValid();
    assertEquals(TimestampType.LOG_APPEND_TIME, v2.timestampType());
    assertEquals(brokers.clock.nowMs(), v2.maxTimestamp());
  }

  @Test
  void aPartitionLedElsewhereNamesItsLeader() {
    int leader = topic.partition(1).leaderId();
    ProduceResponse response = now(handler.handle(request(1, "p", 1, batch(1, "x")), at(1 - leader, 10)));
    ProduceResponse.PartitionProduceResponse p = response.responses().get(0).partitionResponses().get(0);
    assertEquals(ErrorCode.NOT_LEADER_OR_FOLLOWER, p.errorCode());
    assertEquals(leader, p.currentLeader().leaderId());
    assertEquals(0, p.currentLeader().leaderEpoch());
    assertEquals(List.of(leader), response.nodeEndpoints().stream().map(ProduceResponse.NodeEndpoint::nodeId).toList());
    assertEquals(9000 + leader, response.nodeEndpoints().get(0).port());
  }

  @Test
  void refusesWhatALeaderRefuses() {
    byte[] corrupt = batch(1, "x").toByteArray();
    corrupt[corrupt.length - 1] ^= 1;
    assertEquals(ErrorCode.CORRUPT_MESSAGE, produce(0, 9, Records.wrap(corrupt)).errorCode());
    Records legacy = LegacyRecordsBuilder.create((byte) 1, 0).append(1, null, new byte[] {1}).build();
    ProduceResponse.PartitionProduceResponse magic1 = produce(0, 9, legacy);
    assertEquals(ErrorCode.INVALID_RECORD, magic1.errorCode());
    assertTrue(magic1.errorMessage().contains("magic version 2"), magic1.errorMessage());
    assertEquals(ErrorCode.INVALID_RECORD, produce(0, 9, Records.concat(batch(1, "a"), batch(2, "b"))).errorCode());
    assertEquals(ErrorCode.INVALID_RECORD, produce(0, 9, Records.EMPTY).errorCode());
    byte[] truncated = batch(1, "x").toByteArray();
    assertEquals(ErrorCode.CORRUPT_MESSAGE,
        produce(0, 9, Records.wrap(truncated, 0, truncated.length - 3)).errorCode());
    assertEquals(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, produce(7, 9, batch(1, "x")).errorCode());
    assertEquals(0, topic.partition(0).log().endOffset(), "nothing was appended");
  }

  @Test
  void batchesLargerThanTheTopicAllowsAreRefused() {
    brokers.cluster.createTopic("small", 1, 1, null, TopicConfigs.of(Map.of(TopicConfigs.MAX_MESSAGE_BYTES, "100")));
    ProduceResponse response = now(handler.handle(request(-1, "small", 0, batch(1, "x".repeat(200))), at(0, 9)));
    assertEquals(ErrorCode.MESSAGE_TOO_LARGE, response.responses().get(0).partitionResponses().get(0).errorCode());
  }

  @Test
  void invalidAcksFailEveryPartition() {
    ProduceResponse response = now(handler.handle(request(2, "p", 0, batch(1, "x")), at(0, 9)));
    assertEquals(ErrorCode.INVALID_REQUIRED_ACKS, response.responses().get(0).partitionResponses().get(0).errorCode());
  }

  @Test
  void version13NamesTopicsByIdAndUnknownIdsAreUnknownTopicId() {
    ProduceRequest byId = new ProduceRequestBuilder().acks((short) -1).timeoutMs(1000).topicData(List.of(
        new TopicProduceDataBuilder().topicId(topic.id()).partitionData(List.of(
            new PartitionProduceDataBuilder().index(0).records(batch(1, "x")).build())).build(),
        new TopicProduceDataBuilder().topicId(new UUID(5, 5)).partitionData(List.of(
            new PartitionProduceDataBuilder().index(0).records(batch(1, "x")).build())).build())).build();
    ProduceResponse response = now(handler.handle(byId, at(topic.partition(0).leaderId(), 13)));
    assertEquals(ErrorCode.NONE, response.responses().get(0).partitionResponses().get(0).errorCode());
    assertEquals(topic.id(), response.responses().get(0).topicId());
    assertEquals(ErrorCode.UNKNOWN_TOPIC_ID, response.responses().get(1).partitionResponses().get(0).errorCode());
  }

  @Test
  void anIdempotentProducersRetryIsAnsweredWithTheFirstOffsetAndAGapIsRefused() {
    Records first = RecordBatchBuilder.create(0).producer(1000, (short) 0, 0)
        .append(1, null, new byte[] {1}).append(2, null, new byte[] {2}).build();
    Records second = RecordBatchBuilder.create(0).producer(1000, (short) 0, 2)
        .append(3, null, new byte[] {3}).build();
    Records gap = RecordBatchBuilder.create(0).producer(1000, (short) 0, 7)
        .append(4, null, new byte[] {4}).build();
    Records staleEpoch = RecordBatchBuilder.create(0).producer(1000, (short) -1, 3)
        .append(4, null, new byte[] {4}).build();
    assertEquals(0, produce(0, 9, first).baseOffset());
    assertEquals(2, produce(0, 9, second).baseOffset());
    ProduceResponse.PartitionProduceResponse retried = produce(0, 9, first);
    assertEquals(ErrorCode.NONE, retried.errorCode());
    assertEquals(0, retried.baseOffset(), "the retry is the batch already written");
    assertEquals(3, topic.partition(0).log().endOffset(), "and is not written again");
    assertEquals(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER, produce(0, 9, gap).errorCode());
    assertEquals(ErrorCode.INVALID_PRODUCER_EPOCH, produce(0, 9, staleEpoch).errorCode());
    Records transactional = RecordBatchBuilder.create(0).producer(1001, (short) 0, 0)
        .transactional(true).append(4, null, new byte[] {4}).build();
    assertEquals(ErrorCode.INVALID_TXN_STATE, produce(0, 9, transactional).errorCode());
  }

  private ProduceResponse.PartitionProduceResponse produce(int partition, int version, Records records) {
    int leader = topic.partition(partition) == null ? 0 : topic.partition(partition).leaderId();
    ProduceResponse response = now(handler.handle(request(-1, "p", partition, records), at(leader, version)));
    return response.responses().get(0).partitionResponses().get(0);
  }

  static ProduceRequest request(int acks, String topic, int partition, Records records) {
    return new ProduceRequestBuilder().acks((short) acks).timeoutMs(1000).topicData(List.of(
        new TopicProduceDataBuilder().name(topic).partitionData(List.of(
            new PartitionProduceDataBuilder().index(partition).records(records).build())).build())).build();
  }
}
