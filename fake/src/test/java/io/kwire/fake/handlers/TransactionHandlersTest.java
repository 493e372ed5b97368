package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.GroupType;
import io.kwire.messages.AddOffsetsToTxnRequestBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTopicBuilder;
import io.kwire.messages.AddPartitionsToTxnResponse;
import io.kwire.messages.EndTxnRequestBuilder;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchPartitionBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchTopicBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.InitProducerIdRequestBuilder;
import io.kwire.messages.InitProducerIdResponse;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.TxnOffsetCommitRequestBuilder;
import io.kwire.messages.TxnOffsetCommitRequestBuilder.TxnOffsetCommitRequestPartitionBuilder;
import io.kwire.messages.TxnOffsetCommitRequestBuilder.TxnOffsetCommitRequestTopicBuilder;
import io.kwire.runtime.records.ControlRecords;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.RecordCursor;
import io.kwire.runtime.records.Records;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The transaction coordinator's APIs, Produce and Fetch in a transaction, with Kafka's error codes. */
class TransactionHandlersTest {
  private static final short OPERATION_NOT_ATTEMPTED = 55;

  private final TestBrokers brokers = new TestBrokers(1);
  private final Topic topic = brokers.cluster.createTopic("t", 2, 1, null, TopicConfigs.of(Map.of()));
  private final InitProducerIdHandler init = new InitProducerIdHandler(brokers.cluster, brokers.transactions);
  private final AddPartitionsToTxnHandler addPartitions = new AddPartitionsToTxnHandler(brokers.cluster,
      brokers.transactions);
  private final EndTxnHandler endTxn = new EndTxnHandler(brokers.transactions);
  private final ProduceHandler produce = new ProduceHandler(brokers.cluster, brokers.transactions);
  private final FetchHandler fetch = new FetchHandler(brokers.cluster);

  @Test
  void initKeepsTheProducerIdAndBumpsTheEpochFencingTheOlderOne() {
    InitProducerIdResponse first = init("tx", -1, (short) -1, 4);
    InitProducerIdResponse second = init("tx", -1, (short) -1, 4);
    assertEquals(first.producerId(), second.producerId());
    assertEquals(0, first.producerEpoch());
    assertEquals(1, second.producerEpoch());
    assertEquals(ErrorCode.PRODUCER_FENCED, addPartitions(first, 3, 0).v3AndBelowCode(0));
    assertEquals(ErrorCode.INVALID_PRODUCER_EPOCH, addPartitions(first, 1, 0).v3AndBelowCode(0),
        "PRODUCER_FENCED is new in v2 (KIP-588)");
    // one epoch behind, nothing open: a retry of the init that bumped it, as Kafka answers it (EndTxnV2AgainstKafkaTest)
    InitProducerIdResponse retried = init("tx", first.producerId(), first.producerEpoch(), 4);
    assertEquals(List.of(ErrorCode.NONE, second.producerId(), second.producerEpoch()),
        List.of(retried.errorCode(), retried.producerId(), retried.producerEpoch()));
    InitProducerIdResponse third = init("tx", second.producerId(), second.producerEpoch(), 4);
    assertEquals(2, third.producerEpoch());
    assertEquals(ErrorCode.PRODUCER_FENCED, init("tx", first.producerId(), first.producerEpoch(), 4).errorCode());
    assertEquals(ErrorCode.INVALID_PRODUCER_EPOCH, init("tx", first.producerId(), first.producerEpoch(), 3).errorCode());
    assertEquals(ErrorCode.INVALID_TXN_STATE, endTxn(third, true, 3), "nothing open to end");
  }

  @Test
  void anUnknownPartitionFailsTheWholeAddAndTransactionalBatchesNeedTheirPartitionAdded() {
    InitProducerIdResponse producer = init("tx", -1, (short) -1, 4);
    AddPartitionsToTxnResponse response = now(addPartitions.handle(new AddPartitionsToTxnRequestBuilder()
        .v3AndBelowTransactionalId("tx").v3AndBelowProducerId(producer.producerId())
        .v3AndBelowProducerEpoch(producer.producerEpoch()).v3AndBelowTopics(List.of(
            new AddPartitionsToTxnTopicBuilder().name("t").partitions(List.of(0, 7)).build())).build(), at(0, 3)));
    List<Short> codes = response.resultsByTopicV3AndBelow().get(0).resultsByPartition().stream()
        .map(AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult::partitionErrorCode).toList();
    assertEquals(List.of(OPERATION_NOT_ATTEMPTED, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION), codes);
    assertEquals(ErrorCode.INVALID_TXN_STATE, produce(producer, 0, 0, "x"), "partition 0 was not added");
    assertEquals(ErrorCode.NONE, addPartitions(producer, 3, 0).v3AndBelowCode(0));
    assertEquals(ErrorCode.NONE, produce(producer, 0, 0, "x"));
  }

  @Test
  void anAbortWritesAMarkerAndReadCommittedGetsTheAbortedTransaction() {
    Partition p0 = topic.partition(0);
    InitProducerIdResponse producer = init("tx", -1, (short) -1, 4);
    assertEquals(ErrorCode.NONE, addPartitions(producer, 3, 0).v3AndBelowCode(0));
    assertEquals(ErrorCode.NONE, produce(producer, 0, 0, "a", "b"));
    assertEquals(0, p0.lastStableOffset());
    FetchResponse.PartitionData open = fetch((byte) 1);
    assertEquals(0, open.lastStableOffset());
    assertEquals(2, open.highWatermark());
    assertEquals(0, open.records().sizeInBytes(), "nothing below the last stable offset");
    assertEquals(1, batches(fetch((byte) 0).records()).size(), "read_uncommitted reads the open data");

    assertEquals(ErrorCode.NONE, endTxn(producer, false, 3));
    assertEquals(3, p0.log().endOffset(), "the abort marker at 2");
    assertEquals(3, p0.lastStableOffset());
    RecordBatchV2 marker = (RecordBatchV2) batches(p0.log().batches().get(1).records()).get(0);
    assertTrue(marker.isControl() && marker.isTransactional());
    assertEquals(producer.producerId(), marker.producerId());
    RecordCursor cursor = marker.cursor();
    assertTrue(cursor.next());
    assertEquals(ControlRecords.ABORT, ControlRecords.type(cursor.record()));

    FetchResponse.PartitionData aborted = fetch((byte) 1);
    assertEquals(List.of(0L, 2L), batches(aborted.records()).stream().map(RecordBatch::baseOffset).toList());
    assertEquals(1, aborted.abortedTransactions().size());
    assertEquals(producer.producerId(), aborted.abortedTransactions().get(0).producerId());
    assertEquals(0, aborted.abortedTransactions().get(0).firstOffset());
    List<FetchResponse.AbortedTransaction> none = fetch((byte) 0).abortedTransactions();
    assertTrue(none == null || none.isEmpty(), "read_uncommitted gets no aborted list");

    assertEquals(ErrorCode.NONE, endTxn(producer, false, 3), "a retried abort");
    assertEquals(ErrorCode.INVALID_TXN_STATE, endTxn(producer, true, 3), "a commit after the abort");
    assertEquals(3, p0.log().endOffset(), "no second marker");
  }

  @Test
  void aReadCommittedLongPollWaitsForTheCommitNotForOpenData() {
    InitProducerIdResponse producer = init("tx", -1, (short) -1, 4);
    assertEquals(ErrorCode.NONE, addPartitions(producer, 3, 0).v3AndBelowCode(0));
    FetchRequest waiting = new FetchRequestBuilder().maxWaitMs(10_000).minBytes(1).maxBytes(1 << 20)
        .isolationLevel((byte) 1).topics(List.of(new FetchTopicBuilder().topic("t").topicId(topic.id())
            .partitions(List.of(new FetchPartitionBuilder().partition(0).fetchOffset(0).partitionMaxBytes(1 << 20)
                .build())).build())).build();
    CompletableFuture<FetchResponse> parked = fetch.handle(waiting, at(0, 12)).toCompletableFuture();
    assertEquals(ErrorCode.NONE, produce(producer, 0, 0, "a"));
    assertFalse(parked.isDone(), "the open transaction's data is above the last stable offset");
    assertEquals(ErrorCode.NONE, endTxn(producer, true, 3));
    assertTrue(parked.isDone(), "the commit marker moves the last stable offset");
    assertEquals(List.of(0L, 1L), batches(parked.join().responses().get(0).partitions().get(0).records()).stream()
        .map(RecordBatch::baseOffset).toList());
  }

  @Test
  void transactionalOffsetsReachTheGroupOnCommitOnly() {
    InitProducerIdResponse producer = init("tx", -1, (short) -1, 4);
    TxnOffsetCommitHandler commit = new TxnOffsetCommitHandler(brokers.cluster, brokers.groups, brokers.transactions);
    assertEquals(ErrorCode.INVALID_TXN_STATE, txnOffsetCommit(commit, producer, 7), "the group was not added");
    assertEquals(ErrorCode.NONE, now(new AddOffsetsToTxnHandler(brokers.transactions).handle(
        new AddOffsetsToTxnRequestBuilder().transactionalId("tx").producerId(producer.producerId())
            .producerEpoch(producer.producerEpoch()).groupId("g").build(), at(0, 3))).errorCode());
    assertEquals(ErrorCode.NONE, txnOffsetCommit(commit, producer, 7));
    assertNull(brokers.groups.group("g"), "staged, not applied");
    assertNull(brokers.groups.offsets().committed("g", "t", 1), "staged, not applied");
    assertTrue(brokers.groups.offsets().hasPending("g", "t", 1));
    assertEquals(List.of(ErrorCode.UNSTABLE_OFFSET_COMMIT, (short) -1), fetchOffset(true),
        "a fetch requiring stable offsets is told to ask again, as Kafka tells it");
    assertEquals(List.of(ErrorCode.NONE, (short) -1), fetchOffset(false));
    assertEquals(ErrorCode.NONE, endTxn(producer, true, 3));
    assertEquals(7, brokers.groups.offsets().committed("g", "t", 1).offset());
    assertEquals(List.of(ErrorCode.NONE, (short) 7), fetchOffset(true));
    assertEquals(GroupType.CLASSIC, brokers.groups.group("g").type(), "a group of offsets only is an empty classic group");
    assertFalse(brokers.groups.offsets().hasPending("g", "t", 1));
  }

  /** OffsetFetch v9 of g's t-1: the partition's error and its committed offset. */
  private List<Short> fetchOffset(boolean requireStable) {
    OffsetFetchResponse.OffsetFetchResponsePartitions p = now(new OffsetFetchHandler(brokers.cluster, brokers.groups)
        .handle(new OffsetFetchRequestBuilder().requireStable(requireStable).groups(List.of(
            new OffsetFetchRequestBuilder.OffsetFetchRequestGroupBuilder().groupId("g").topics(List.of(
                new OffsetFetchRequestBuilder.OffsetFetchRequestTopicsBuilder().name("t").partitionIndexes(List.of(1))
                    .build()))
                .build()))
            .build(), at(0, 9))).groups().get(0).topics().get(0).partitions().get(0);
    return List.of(p.errorCode(), (short) p.committedOffset());
  }

  private InitProducerIdResponse init(String id, long producerId, short epoch, int version) {
    return now(init.handle(new InitProducerIdRequestBuilder().transactionalId(id).transactionTimeoutMs(60_000)
        .producerId(producerId).producerEpoch(epoch).build(), at(0, version)));
  }

  private record Added(AddPartitionsToTxnResponse response) {
    short v3AndBelowCode(int partition) {
      return response.resultsByTopicV3AndBelow().get(0).resultsByPartition().get(partition).partitionErrorCode();
    }
  }

  private Added addPartitions(InitProducerIdResponse producer, int version, int partition) {
    return new Added(now(addPartitions.handle(new AddPartitionsToTxnRequestBuilder().v3AndBelowTransactionalId("tx")
        .v3AndBelowProducerId(producer.producerId()).v3AndBelowProducerEpoch(producer.producerEpoch())
        .v3AndBelowTopics(List.of(new AddPartitionsToTxnTopicBuilder().name("t").partitions(List.of(partition)).build()))
        .build(), at(0, version))));
  }

  private short endTxn(InitProducerIdResponse producer, boolean commit, int version) {
    return now(endTxn.handle(new EndTxnRequestBuilder().transactionalId("tx").producerId(producer.producerId())
        .producerEpoch(producer.producerEpoch()).committed(commit).build(), at(0, version))).errorCode();
  }

  private short produce(InitProducerIdResponse producer, int partition, int sequence, String... values) {
    RecordBatchBuilder batch = RecordBatchBuilder.create(0).producer(producer.producerId(), producer.producerEpoch(),
        sequence).transactional(true);
    for (String v : values) {
      batch.append(1, null, v.getBytes(StandardCharsets.UTF_8));
    }
    return now(produce.handle(ProduceHandlerTest.request(-1, "t", partition, batch.build()), at(0, 9)))
        .responses().get(0).partitionResponses().get(0).errorCode();
  }

  private static short txnOffsetCommit(TxnOffsetCommitHandler handler, InitProducerIdResponse producer, long offset) {
    return now(handler.handle(new TxnOffsetCommitRequestBuilder().transactionalId("tx").groupId("g")
        .producerId(producer.producerId()).producerEpoch(producer.producerEpoch()).memberId("").topics(List.of(
            new TxnOffsetCommitRequestTopicBuilder().name("t").partitions(List.of(
                new TxnOffsetCommitRequestPartitionBuilder().partitionIndex(1).committedOffset(offset).build())).build()))
        .build(), at(0, 3))).topics().get(0).partitions().get(0).errorCode();
  }

  private FetchResponse.PartitionData fetch(byte isolation) {
    FetchRequest request = new FetchRequestBuilder().maxWaitMs(0).minBytes(0).maxBytes(1 << 20).isolationLevel(isolation)
        .topics(List.of(new FetchTopicBuilder().topic("t").topicId(topic.id()).partitions(List.of(
            new FetchPartitionBuilder().partition(0).fetchOffset(0).partitionMaxBytes(1 << 20).build())).build()))
        .build();
    return now(fetch.handle(request, at(0, 12))).responses().get(0).partitions().get(0);
  }

  private static List<RecordBatch> batches(Records records) {
    List<RecordBatch> out = new ArrayList<>();
    records.batches().forEach(out::add);
    return out;
  }
}
