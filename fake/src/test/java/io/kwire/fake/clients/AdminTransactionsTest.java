package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeClock;
import io.kwire.fake.FakeCluster;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TransactionalIdNotFoundException;
import org.apache.kafka.clients.admin.TransactionState;
import org.junit.jupiter.api.Test;

/**
 * AdminClient's transaction APIs against a fake under a test clock: listTransactions (with its
 * state, producer id, duration and pattern filters), describeTransactions, describeProducers
 * (DescribeProducers at each partition's leader) and abortTransaction (WriteTxnMarkers at the
 * leader), which ends a hanging transaction so that read_committed consumers move past it.
 */
class AdminTransactionsTest {
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  private static final TopicPartition P0 = new TopicPartition("txn-admin", 0);
  private static final TopicPartition P1 = new TopicPartition("txn-admin", 1);

  @Test
  void listsDescribesAndAbortsAnOpenTransaction() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster kafka = FakeCluster.builder().brokers(2).clock(clock).topic("txn-admin", 2, 1).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka));
        KafkaProducer<String, String> open = new KafkaProducer<>(transactional(kafka, "open-txn"));
        KafkaProducer<String, String> done = new KafkaProducer<>(transactional(kafka, "done-txn"))) {
      done.initTransactions();
      done.beginTransaction();
      done.send(new ProducerRecord<>("txn-admin", 1, "k", "committed")).get();
      done.commitTransaction();
      open.initTransactions();
      clock.advance(Duration.ofMillis(1_000));
      open.beginTransaction();
      open.send(new ProducerRecord<>("txn-admin", 0, "k", "hanging")).get();
      open.send(new ProducerRecord<>("txn-admin", 0, "k", "hanging too")).get();
      clock.advance(Duration.ofMillis(5_000));

      Map<String, TransactionListing> listed = admin.listTransactions().all().get().stream()
          .collect(Collectors.toMap(TransactionListing::transactionalId, l -> l));
      assertEquals(Set.of("open-txn", "done-txn"), listed.keySet());
      assertEquals(TransactionState.ONGOING, listed.get("open-txn").state());
      assertEquals(TransactionState.COMPLETE_COMMIT, listed.get("done-txn").state());
      long producerId = listed.get("open-txn").producerId();
      assertEquals(Set.of("open-txn"), ids(admin, new ListTransactionsOptions()
          .filterStates(List.of(TransactionState.ONGOING))));
      assertEquals(Set.of("done-txn"), ids(admin, new ListTransactionsOptions()
          .filterProducerIds(Set.of(listed.get("done-txn").producerId()))));
      assertEquals(Set.of("open-txn"), ids(admin, new ListTransactionsOptions()
          .filterStates(List.of(TransactionState.ONGOING)).filterOnDuration(4_999)));
      assertEquals(Set.of(), ids(admin, new ListTransactionsOptions()
          .filterStates(List.of(TransactionState.ONGOING)).filterOnDuration(5_000)));
      assertEquals(Set.of("done-txn"), ids(admin, new ListTransactionsOptions().filterOnTransactionalIdPattern("d.*")));

      TransactionDescription described = admin.describeTransactions(List.of("open-txn")).all().get().get("open-txn");
      assertEquals(TransactionState.ONGOING, described.state());
      assertEquals(producerId, described.producerId());
      assertEquals(60_000, described.transactionTimeoutMs());
      assertEquals(OptionalLong.of(START.toEpochMilli() + 1_000), described.transactionStartTimeMs());
      assertEquals(Set.of(P0), described.topicPartitions());
      TransactionDescription committed = admin.describeTransactions(List.of("done-txn")).all().get().get("done-txn");
      assertEquals(TransactionState.COMPLETE_COMMIT, committed.state());
      assertEquals(Set.of(), committed.topicPartitions());
      ExecutionException unknown = assertThrows(ExecutionException.class,
          () -> admin.describeTransactions(List.of("nobody")).all().get());
      assertInstanceOf(TransactionalIdNotFoundException.class, unknown.getCause());

      List<ProducerState> producers = admin.describeProducers(List.of(P0)).partitionResult(P0).get()
          .activeProducers();
      assertEquals(1, producers.size());
      ProducerState producer = producers.get(0);
      assertEquals(producerId, producer.producerId());
      assertEquals(described.producerEpoch(), producer.producerEpoch());
      assertEquals(1, producer.lastSequence());
      assertEquals(OptionalLong.of(0), producer.currentTransactionStartOffset());
      assertEquals(OptionalInt.empty(), producer.coordinatorEpoch());
      assertEquals(0, lastStableOffset(kafka, P0), "the open transaction holds read_committed back");

      admin.abortTransaction(new AbortTransactionSpec(P0, producerId, (short) producer.producerEpoch(), 0)).all().get();
      assertEquals(3, lastStableOffset(kafka, P0), "two records and the abort marker");
      ProducerState after = admin.describeProducers(List.of(P0)).partitionResult(P0).get().activeProducers().get(0);
      assertEquals(OptionalLong.empty(), after.currentTransactionStartOffset());
      assertEquals(OptionalInt.of(0), after.coordinatorEpoch());
      assertEquals(START.toEpochMilli() + 6_000, after.lastTimestamp(), "the marker's time");
      assertEquals(List.of(), readCommitted(kafka, P0), "the aborted records are not read");
    }
  }

  private static Set<String> ids(Admin admin, ListTransactionsOptions options) throws Exception {
    return admin.listTransactions(options).all().get().stream().map(TransactionListing::transactionalId)
        .collect(Collectors.toSet());
  }

  private static Properties transactional(FakeCluster kafka, String id) {
    Properties p = ClientConfigs.producer(kafka);
    p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id);
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    return p;
  }

  private static Properties readCommittedConsumer(FakeCluster kafka) {
    Properties p = ClientConfigs.consumer(kafka, null);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    return p;
  }

  private static long lastStableOffset(FakeCluster kafka, TopicPartition partition) {
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(readCommittedConsumer(kafka))) {
      return consumer.endOffsets(List.of(partition)).get(partition);
    }
  }

  private static List<String> readCommitted(FakeCluster kafka, TopicPartition partition) {
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(readCommittedConsumer(kafka))) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      List<String> values = new java.util.ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      while (consumer.position(partition) < 3 && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(50)).forEach(r -> values.add(r.value()));
      }
      assertEquals(3, consumer.position(partition));
      return values;
    }
  }
}
