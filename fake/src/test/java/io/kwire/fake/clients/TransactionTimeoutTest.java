package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeClock;
import io.kwire.fake.FakeCluster;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.junit.jupiter.api.Test;

/** The coordinator aborts a transaction open past its transaction.timeout.ms, fencing its producer. */
class TransactionTimeoutTest {
  private static final int TIMEOUT_MS = 20_000;
  private static final TopicPartition PARTITION = new TopicPartition("timed", 0);

  @Test
  void aTransactionOpenPastItsTimeoutIsAbortedAndItsProducerFenced() throws Exception {
    FakeClock clock = FakeClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
    try (FakeCluster kafka = FakeCluster.builder().clock(clock).topic("timed", 1, 1).start();
        KafkaProducer<String, String> producer = new KafkaProducer<>(transactional(kafka, "timed-txn"))) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>("timed", 0, "k", "v")).get();
      assertEquals(0, lastStableOffset(kafka), "open: the last stable offset stays at its first record");

      clock.advance(Duration.ofMillis(TIMEOUT_MS - 1));
      assertEquals(0, lastStableOffset(kafka), "1 ms before its timeout it is still open");
      clock.advance(Duration.ofMillis(1));
      assertEquals(2, lastStableOffset(kafka), "aborted: the record and the abort marker");

      // the epoch was bumped: the old producer's EndTxn is PRODUCER_FENCED, as Kafka answers it
      assertThrows(ProducerFencedException.class, producer::commitTransaction);
    }
  }

  @Test
  void aTransactionEndedInTimeIsNotAborted() throws Exception {
    FakeClock clock = FakeClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
    try (FakeCluster kafka = FakeCluster.builder().clock(clock).topic("timed", 1, 1).start();
        KafkaProducer<String, String> producer = new KafkaProducer<>(transactional(kafka, "timed-txn"))) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>("timed", 0, "k", "v1")).get();
      clock.advance(Duration.ofMillis(TIMEOUT_MS - 1));
      producer.commitTransaction();
      clock.advance(Duration.ofMillis(TIMEOUT_MS));
      producer.beginTransaction(); // still this producer's: not fenced
      producer.send(new ProducerRecord<>("timed", 0, "k", "v2")).get();
      producer.commitTransaction();
      assertEquals(4, lastStableOffset(kafka), "two records, two commit markers");
    }
  }

  private static Properties transactional(FakeCluster kafka, String id) {
    Properties p = ClientConfigs.producer(kafka);
    p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id);
    p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, TIMEOUT_MS);
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    return p;
  }

  private static long lastStableOffset(FakeCluster kafka) {
    Properties p = ClientConfigs.consumer(kafka, null);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
      Map<TopicPartition, Long> end = consumer.endOffsets(List.of(PARTITION));
      return end.get(PARTITION);
    }
  }
}
