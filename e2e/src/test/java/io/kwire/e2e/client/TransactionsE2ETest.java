package io.kwire.e2e.client;

import static io.kwire.e2e.client.Broker.version;
import static io.kwire.e2e.client.DataPlane.READ_COMMITTED;
import static io.kwire.e2e.client.DataPlane.READ_UNCOMMITTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.e2e.client.DataPlane.Topic;
import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestCodec;
import io.kwire.messages.AddPartitionsToTxnResponse;
import io.kwire.messages.AddPartitionsToTxnResponseCodec;
import io.kwire.messages.EndTxnRequestBuilder;
import io.kwire.messages.EndTxnRequestCodec;
import io.kwire.messages.EndTxnResponse;
import io.kwire.messages.EndTxnResponseCodec;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorRequestCodec;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.InitProducerIdResponse;
import io.kwire.runtime.records.ControlRecords;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/** A transactional producer made of kwire: FindCoordinator, InitProducerId, AddPartitionsToTxn, Produce, EndTxn. */
class TransactionsE2ETest {
  private static final byte TRANSACTION_KEY = 1;

  /**
   * At the negotiated versions (Produce 13, EndTxn 5: transactions v2, KIP-890) a transactional
   * produce adds its partition by itself and each EndTxn bumps the epoch; a committed and an
   * aborted transaction then read back with their control batches.
   */
  @Test
  void committedAndAbortedTransactionsEndInControlBatches() {
    try (KwireClient client = Broker.connect()) {
      String name = Broker.uniqueTopic("txn");
      Topic topic = new Topic(name, Broker.createTopic(client, name, 1));
      String txn = name + "-id";
      FindCoordinatorResponse.Coordinator coordinator = findTransactionCoordinator(client, txn);
      assertEquals(1, coordinator.nodeId());
      InitProducerIdResponse producer = DataPlane.initProducerId(client, txn);
      assertEquals(Errors.NONE.code(), producer.errorCode());

      short epoch = producer.producerEpoch();
      List<String> committed = List.of("c0", "c1"), aborted = List.of("a0", "a1", "a2");
      assertEquals(0, produce(client, topic, txn, producer.producerId(), epoch, Compression.ZSTD, committed));
      EndTxnResponse commit = endTxn(client, txn, producer.producerId(), epoch, true);
      assertEquals(Errors.NONE.code(), commit.errorCode());
      assertEquals(producer.producerId(), commit.producerId());
      assertEquals(epoch + 1, commit.producerEpoch(), "transactions v2 bump the epoch at each end");

      epoch = commit.producerEpoch();
      assertEquals(3, produce(client, topic, txn, producer.producerId(), epoch, Compression.GZIP, aborted));
      EndTxnResponse abort = endTxn(client, txn, producer.producerId(), epoch, false);
      assertEquals(Errors.NONE.code(), abort.errorCode());

      FetchResponse.PartitionData all = DataPlane.fetch(client, topic, READ_COMMITTED, Map.of(0, 0L)).get(0);
      assertEquals(Errors.NONE.code(), all.errorCode());
      assertEquals(7, all.highWatermark(), "2 + commit marker + 3 + abort marker");
      assertEquals(7, all.lastStableOffset());
      assertEquals(List.of(3L), all.abortedTransactions().stream().map(t -> t.firstOffset()).toList());
      assertEquals(producer.producerId(), all.abortedTransactions().get(0).producerId());

      List<String> layout = new ArrayList<>();
      for (RecordBatch batch : all.records().batches()) {
        RecordBatchV2 v2 = (RecordBatchV2) batch;
        assertTrue(v2.isTransactional());
        assertEquals(producer.producerId(), v2.producerId());
        for (KafkaRecord record : batch) {
          layout.add(record.offset() + ":" + (v2.isControl()
              ? (ControlRecords.endTxnMarker(record).commit() ? "COMMIT" : "ABORT") + "@" + v2.producerEpoch()
              : new String(record.valueBytes(), java.nio.charset.StandardCharsets.UTF_8) + "@" + v2.producerEpoch()));
        }
      }
      int e = producer.producerEpoch();
      assertEquals(List.of("0:c0@" + e, "1:c1@" + e, "2:COMMIT@" + (e + 1), "3:a0@" + (e + 1), "4:a1@" + (e + 1),
          "5:a2@" + (e + 1), "6:ABORT@" + (e + 2)), layout);

      FetchResponse.PartitionData uncommitted = DataPlane.fetch(client, topic, READ_UNCOMMITTED, Map.of(0, 0L)).get(0);
      assertEquals(null, uncommitted.abortedTransactions(), "only read_committed fetches list aborted transactions");
      assertEquals(7, DataPlane.listOffset(client, topic, 0, -1, READ_COMMITTED).offset());
    }
  }

  /**
   * AddPartitionsToTxn at the broker's highest version, 5: versions 4+ batch several transactions
   * and are what a broker sends its transaction coordinator (KIP-890); a 4.4.0 broker without an
   * authorizer accepts them from any client, since the CLUSTER_ACTION check passes. Adding a
   * partition, then verifying (verifyOnly) that one and another never added, says which is in the
   * transaction; version 3, what a client speaks, adds partitions for one transaction.
   */
  @Test
  void addPartitionsToTxnAtTheBrokersMaximumAndAtTheClientsVersion() {
    try (KwireClient client = Broker.connect()) {
      String name = Broker.uniqueTopic("add");
      Broker.createTopic(client, name, 3);
      String txn = name + "-id";
      findTransactionCoordinator(client, txn);
      InitProducerIdResponse producer = DataPlane.initProducerId(client, txn);
      assertEquals(Errors.NONE.code(), producer.errorCode());
      short max = version(24);
      assertEquals(5, max);

      AddPartitionsToTxnResponse added = addPartitions(client, max, txn, producer, false, name, List.of(0));
      assertEquals(Errors.NONE.code(), added.errorCode());
      assertEquals(Map.of(0, Errors.NONE.code()), partitionErrors(added, txn));

      AddPartitionsToTxnResponse verified = addPartitions(client, max, txn, producer, true, name, List.of(0, 1));
      assertEquals(Errors.NONE.code(), verified.errorCode());
      assertEquals(Map.of(0, Errors.NONE.code(), 1, Errors.TRANSACTION_ABORTABLE.code()), partitionErrors(verified, txn));

      AddPartitionsToTxnResponse clientStyle = client.call(AddPartitionsToTxnRequestCodec.INSTANCE,
          AddPartitionsToTxnResponseCodec.INSTANCE, (short) 3, new AddPartitionsToTxnRequestBuilder()
              .v3AndBelowTransactionalId(txn).v3AndBelowProducerId(producer.producerId())
              .v3AndBelowProducerEpoch(producer.producerEpoch()).v3AndBelowTopics(List.of(topic(name, List.of(2))))
              .build());
      assertEquals(1, clientStyle.resultsByTopicV3AndBelow().size());
      assertEquals(Errors.NONE.code(),
          clientStyle.resultsByTopicV3AndBelow().get(0).resultsByPartition().get(0).partitionErrorCode());

      EndTxnResponse abort = endTxn(client, txn, producer.producerId(), producer.producerEpoch(), false);
      assertEquals(Errors.NONE.code(), abort.errorCode());
    }
  }

  private static AddPartitionsToTxnResponse addPartitions(KwireClient client, short version, String txn,
      InitProducerIdResponse producer, boolean verifyOnly, String topic, List<Integer> partitions) {
    return client.call(AddPartitionsToTxnRequestCodec.INSTANCE, AddPartitionsToTxnResponseCodec.INSTANCE, version,
        new AddPartitionsToTxnRequestBuilder().transactions(List.of(
            new AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTransactionBuilder().transactionalId(txn)
                .producerId(producer.producerId()).producerEpoch(producer.producerEpoch()).verifyOnly(verifyOnly)
                .topics(List.of(topic(topic, partitions))).build()))
            .build());
  }

  private static AddPartitionsToTxnRequest.AddPartitionsToTxnTopic topic(String name, List<Integer> partitions) {
    return new AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTopicBuilder().name(name).partitions(partitions).build();
  }

  private static Map<Integer, Short> partitionErrors(AddPartitionsToTxnResponse response, String txn) {
    assertEquals(1, response.resultsByTransaction().size(), response.toString());
    AddPartitionsToTxnResponse.AddPartitionsToTxnResult result = response.resultsByTransaction().get(0);
    assertEquals(txn, result.transactionalId());
    assertEquals(1, result.topicResults().size());
    return result.topicResults().get(0).resultsByPartition().stream().collect(Collectors.toMap(
        AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult::partitionIndex,
        AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult::partitionErrorCode));
  }

  static FindCoordinatorResponse.Coordinator findTransactionCoordinator(KwireClient client, String txn) {
    return findCoordinator(client, TRANSACTION_KEY, txn);
  }

  /** FindCoordinator, retried while the coordinator's log is created and loaded. */
  static FindCoordinatorResponse.Coordinator findCoordinator(KwireClient client, byte keyType, String key) {
    return Broker.poll(() -> {
      FindCoordinatorResponse response = client.call(FindCoordinatorRequestCodec.INSTANCE,
          FindCoordinatorResponseCodec.INSTANCE, version(10),
          new FindCoordinatorRequestBuilder().keyType(keyType).coordinatorKeys(List.of(key)).build());
      assertEquals(1, response.coordinators().size());
      FindCoordinatorResponse.Coordinator coordinator = response.coordinators().get(0);
      assertEquals(key, coordinator.key());
      if (coordinator.errorCode() == Errors.COORDINATOR_NOT_AVAILABLE.code()) {
        return null;
      }
      assertEquals(Errors.NONE.code(), coordinator.errorCode(), coordinator.errorMessage());
      assertEquals(io.kwire.e2e.EmbeddedKafka.shared().port(), coordinator.port());
      return coordinator;
    }, "the coordinator of " + key);
  }

  /** Produces one transactional batch to partition 0; returns its base offset. */
  private static long produce(KwireClient client, Topic topic, String txn, long producerId, short epoch,
      Compression codec, List<String> values) {
    RecordBatchBuilder builder = RecordBatchBuilder.create(0).compression(codec).transactional(true)
        .producer(producerId, epoch, 0);
    for (String value : values) {
      builder.append(System.currentTimeMillis(), null, value.getBytes(java.nio.charset.StandardCharsets.UTF_8),
          new Header("txn", null));
    }
    Records batch = builder.build();
    var answer = DataPlane.produce(client, txn, topic, Map.of(0, batch)).get(0);
    assertEquals(Errors.NONE.code(), answer.errorCode(), answer.errorMessage());
    return answer.baseOffset();
  }

  private static EndTxnResponse endTxn(KwireClient client, String txn, long producerId, short epoch, boolean commit) {
    EndTxnResponse response = client.call(EndTxnRequestCodec.INSTANCE, EndTxnResponseCodec.INSTANCE, version(26),
        new EndTxnRequestBuilder().transactionalId(txn).producerId(producerId).producerEpoch(epoch).committed(commit).build());
    assertFalse(response.errorCode() == Errors.CONCURRENT_TRANSACTIONS.code(), "ended while another end was pending");
    return response;
  }
}
