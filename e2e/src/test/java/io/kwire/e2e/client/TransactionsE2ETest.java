package io.kwire.e2e.client;

import static io.kwire.e2e.client.Broker.call;
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
import io.kwire.messages.ProduceResponse;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.ControlRecords;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/** A transactional producer made of kwire: FindCoordinator, InitProducerId, AddPartitionsToTxn, Produce, EndTxn. */
class TransactionsE2ETest {
  private static final byte TRANSACTION_KEY = 1;
  private static final Compression[] CODECS = Compression.values();

  /**
   * At the negotiated versions (Produce 13, EndTxn 5: transactions v2, KIP-890) a transactional
   * produce adds its partitions by itself and each EndTxn bumps the epoch. One transaction is
   * committed and one aborted, each with a batch in every codec (one partition per codec); a
   * read_committed fetch returns both, record for record, with their control batches and the
   * aborted transaction listed.
   */
  @Test
  void committedAndAbortedTransactionsInEveryCodecEndInControlBatches() {
    try (KwireClient client = Broker.connect()) {
      String name = Broker.uniqueTopic("txn");
      Topic topic = new Topic(name, Broker.createTopic(client, name, CODECS.length));
      String txn = name + "-id";
      FindCoordinatorResponse.Coordinator coordinator = findTransactionCoordinator(client, txn);
      assertEquals(1, coordinator.nodeId());
      InitProducerIdResponse producer = DataPlane.initProducerId(client, txn);
      assertEquals(Errors.NONE.code(), producer.errorCode());
      long producerId = producer.producerId();
      short epoch = producer.producerEpoch();

      produceEveryCodec(client, topic, txn, producerId, epoch, 0);
      EndTxnResponse commit = endTxn(client, txn, producerId, epoch, true);
      assertEquals(Errors.NONE.code(), commit.errorCode());
      assertEquals(producerId, commit.producerId());
      assertEquals(epoch + 1, commit.producerEpoch(), "transactions v2 bump the epoch at each end");

      produceEveryCodec(client, topic, txn, producerId, commit.producerEpoch(), 1);
      EndTxnResponse abort = endTxn(client, txn, producerId, commit.producerEpoch(), false);
      assertEquals(Errors.NONE.code(), abort.errorCode());
      assertEquals(epoch + 2, abort.producerEpoch());

      Map<Integer, Long> fromStart = new TreeMap<>();
      for (int p = 0; p < CODECS.length; p++) {
        fromStart.put(p, 0L);
      }
      // EndTxn answers once the outcome is logged; the markers reach the partitions just after.
      SortedMap<Integer, FetchResponse.PartitionData> fetched = Broker.poll(() -> {
        SortedMap<Integer, FetchResponse.PartitionData> answer = DataPlane.fetch(client, topic, READ_COMMITTED, fromStart);
        return answer.values().stream().allMatch(d -> d.lastStableOffset() == 8) ? answer : null;
      }, "both markers in every partition");
      int e = epoch;
      for (int p = 0; p < CODECS.length; p++) {
        FetchResponse.PartitionData data = fetched.get(p);
        String where = CODECS[p].toString();
        assertEquals(Errors.NONE.code(), data.errorCode(), where);
        assertEquals(8, data.highWatermark(), where + ": 3 records, commit marker, 3 records, abort marker");
        assertEquals(8, data.lastStableOffset(), where);
        assertEquals(1, data.abortedTransactions().size(), where);
        assertEquals(producerId, data.abortedTransactions().get(0).producerId());
        assertEquals(4, data.abortedTransactions().get(0).firstOffset(), where);

        List<ProduceFetchE2ETest.Sent> sent = new ArrayList<>(ProduceFetchE2ETest.records(p, 0));
        sent.addAll(ProduceFetchE2ETest.records(p, 1));
        List<String> layout = new ArrayList<>();
        int dataIndex = 0;
        for (RecordBatch batch : data.records().batches()) {
          RecordBatchV2 v2 = (RecordBatchV2) batch;
          v2.ensureValid();
          assertTrue(v2.isTransactional(), where);
          assertEquals(producerId, v2.producerId(), where);
          assertEquals(v2.isControl() ? Compression.NONE : CODECS[p], v2.compression(), where);
          for (KafkaRecord record : batch) {
            if (v2.isControl()) {
              layout.add(record.offset() + ":" + (ControlRecords.endTxnMarker(record).commit() ? "COMMIT" : "ABORT")
                  + "@" + v2.producerEpoch());
            } else {
              ProduceFetchE2ETest.assertRecord(sent.get(dataIndex++), record, where + " offset " + record.offset());
              layout.add(record.offset() + ":data@" + v2.producerEpoch());
            }
          }
        }
        assertEquals(List.of("0:data@" + e, "1:data@" + e, "2:data@" + e, "3:COMMIT@" + (e + 1),
            "4:data@" + (e + 1), "5:data@" + (e + 1), "6:data@" + (e + 1), "7:ABORT@" + (e + 2)), layout, where);
      }

      FetchResponse.PartitionData uncommitted = DataPlane.fetch(client, topic, READ_UNCOMMITTED, Map.of(0, 0L)).get(0);
      assertEquals(null, uncommitted.abortedTransactions(), "only read_committed fetches list aborted transactions");
      assertEquals(8, DataPlane.listOffset(client, topic, 0, -1, READ_COMMITTED).offset());
    }
  }

  /** One transactional batch per partition, partition p in codec p, sequence 0 (each epoch restarts it). */
  private static void produceEveryCodec(KwireClient client, Topic topic, String txn, long producerId, short epoch,
      int round) {
    Map<Integer, Records> batches = new TreeMap<>();
    for (int p = 0; p < CODECS.length; p++) {
      batches.put(p, ProduceFetchE2ETest.batch(RecordBatchBuilder.create(0).compression(CODECS[p]).transactional(true)
          .producer(producerId, epoch, 0), ProduceFetchE2ETest.records(p, round)));
    }
    SortedMap<Integer, ProduceResponse.PartitionProduceResponse> answers = DataPlane.produce(client, txn, topic, batches);
    assertEquals(CODECS.length, answers.size());
    answers.forEach((p, answer) -> {
      assertEquals(Errors.NONE.code(), answer.errorCode(), CODECS[p] + ": " + answer.errorMessage());
      assertEquals(round * 4L, answer.baseOffset(), CODECS[p].toString());
    });
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

      AddPartitionsToTxnResponse clientStyle = call(client, AddPartitionsToTxnRequestCodec.INSTANCE,
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
    return call(client, AddPartitionsToTxnRequestCodec.INSTANCE, AddPartitionsToTxnResponseCodec.INSTANCE, version,
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
      FindCoordinatorResponse response = call(client, FindCoordinatorRequestCodec.INSTANCE,
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

  private static EndTxnResponse endTxn(KwireClient client, String txn, long producerId, short epoch, boolean commit) {
    EndTxnResponse response = call(client, EndTxnRequestCodec.INSTANCE, EndTxnResponseCodec.INSTANCE, version(26),
        new EndTxnRequestBuilder().transactionalId(txn).producerId(producerId).producerEpoch(epoch).committed(commit).build());
    assertFalse(response.errorCode() == Errors.CONCURRENT_TRANSACTIONS.code(), "ended while another end was pending");
    return response;
  }
}
