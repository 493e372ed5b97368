package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.KafkaRelease;
import io.kwire.fake.RecordedExchange;
import io.kwire.fake.junit.FakeKafka;
import io.kwire.messages.EndTxnResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A transactional KafkaProducer commits and aborts, with transactions version 2 (KIP-890: the fake
 * finalizes transaction.version 2, so the 4.4 client sends no AddPartitionsToTxn or AddOffsetsToTxn,
 * and EndTxn v5, as the recording shows), and with version 1 against an emulated 3.9 (which
 * finalizes no transaction.version); read_committed consumers see the committed
 * records only (their offsets skipping the markers and aborted records), read_uncommitted ones
 * every data record; offsets sent to the transaction reach the group on commit only; a second
 * producer with the same transactional id fences the first.
 */
@FakeKafka(brokers = 3)
class TransactionsTest {
  private static FakeCluster cluster;

  @BeforeAll
  static void remember(FakeCluster started) {
    cluster = started;
  }

  @Test
  void readCommittedSeesCommittedRecordsOnlyAndReadUncommittedSeesAll() throws Exception {
    cluster.createTopic("tx-events", 2, 2);
    cluster.createTopic("tx-in", 1, 1);
    TopicPartition p0 = new TopicPartition("tx-events", 0);
    TopicPartition p1 = new TopicPartition("tx-events", 1);
    TopicPartition in = new TopicPartition("tx-in", 0);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(transactional("tx-a"));
        KafkaConsumer<String, String> group = new KafkaConsumer<>(ClientConfigs.consumer(cluster, "tx-group"))) {
      ConsumerGroupMetadata groupMetadata = group.groupMetadata();
      cluster.recording().clear();
      cluster.recording().start();
      producer.initTransactions();
      producer.beginTransaction();
      assertEquals(0, send(producer, 0, "c0"));
      assertEquals(1, send(producer, 0, "c1"));
      assertEquals(0, send(producer, 1, "c2"));
      producer.commitTransaction();

      producer.beginTransaction();
      assertEquals(3, send(producer, 0, "a0"), "after c0, c1 and the commit marker");
      assertEquals(2, send(producer, 1, "a1"));
      producer.sendOffsetsToTransaction(Map.of(in, new OffsetAndMetadata(9)), groupMetadata);
      producer.abortTransaction();

      producer.beginTransaction();
      assertEquals(5, send(producer, 0, "c3"));
      producer.sendOffsetsToTransaction(Map.of(in, new OffsetAndMetadata(5)), groupMetadata);
      producer.commitTransaction();

      producer.beginTransaction();
      assertEquals(4, send(producer, 1, "open"));
      try (KafkaConsumer<String, String> committed = consumer("read_committed");
          KafkaConsumer<String, String> uncommitted = consumer("read_uncommitted")) {
        assertEquals(Map.of(p0, 7L, p1, 4L), committed.endOffsets(List.of(p0, p1)),
            "read_committed ends at the last stable offset: p1's open transaction starts at 4");
        assertEquals(Map.of(p0, 7L, p1, 5L), uncommitted.endOffsets(List.of(p0, p1)));
        assertEquals(List.of("0:0:c0", "0:1:c1", "0:5:c3", "1:0:c2"), read(committed, List.of(p0, p1), 4));
        assertEquals(List.of("0:0:c0", "0:1:c1", "0:3:a0", "0:5:c3", "1:0:c2", "1:2:a1", "1:4:open"),
            read(uncommitted, List.of(p0, p1), 7));
      }
      producer.commitTransaction();
      cluster.recording().stop();
    }
    assertTransactionsV2(cluster.recording().entries());
    try (KafkaConsumer<String, String> committed = consumer("read_committed")) {
      assertEquals(List.of("0:0:c0", "0:1:c1", "0:5:c3", "1:0:c2", "1:4:open"), read(committed, List.of(p0, p1), 5));
      assertEquals(Map.of(p1, 6L), committed.endOffsets(List.of(p1)));
    }
    try (KafkaConsumer<String, String> group = new KafkaConsumer<>(ClientConfigs.consumer(cluster, "tx-group"))) {
      Map<TopicPartition, OffsetAndMetadata> offsets = group.committed(Set.of(in));
      assertEquals(5, offsets.get(in).offset(), "the committed transaction's offset, not the aborted one's");
    }
  }

  @Test
  void aSecondProducerWithTheSameTransactionalIdFencesTheFirst() throws Exception {
    cluster.createTopic("tx-fenced", 1, 1);
    TopicPartition p0 = new TopicPartition("tx-fenced", 0);
    try (KafkaProducer<String, String> first = new KafkaProducer<>(transactional("tx-f"));
        KafkaProducer<String, String> second = new KafkaProducer<>(transactional("tx-f"))) {
      first.initTransactions();
      first.beginTransaction();
      first.send(new ProducerRecord<>("tx-fenced", 0, "k", "lost")).get();
      second.initTransactions();
      assertThrows(ProducerFencedException.class, first::commitTransaction);
      second.beginTransaction();
      second.send(new ProducerRecord<>("tx-fenced", 0, "k", "kept")).get();
      second.commitTransaction();
    }
    try (KafkaConsumer<String, String> committed = consumer("read_committed")) {
      assertEquals(List.of("0:2:kept"), read(committed, List.of(p0), 1),
          "the first producer's record was aborted when the second initialised (its marker at 1)");
    }
    try (KafkaConsumer<String, String> group = new KafkaConsumer<>(ClientConfigs.consumer(cluster, "tx-nobody"))) {
      assertNull(group.committed(Set.of(p0)).get(p0));
    }
  }

  /** What the producer sent: no AddPartitionsToTxn or AddOffsetsToTxn, EndTxn v5 bumping the epoch each time. */
  private static void assertTransactionsV2(List<RecordedExchange> entries) {
    Map<String, Long> byApi = entries.stream().collect(Collectors.groupingBy(RecordedExchange::api,
        Collectors.counting()));
    assertNull(byApi.get("AddPartitionsToTxn"), byApi.toString());
    assertNull(byApi.get("AddOffsetsToTxn"), byApi.toString());
    List<EndTxnResponse> ends = entries.stream().filter(e -> e.api().equals("EndTxn")).map(e -> {
      assertEquals(5, e.context().apiVersion());
      return e.response(EndTxnResponse.class);
    }).toList();
    assertEquals(4, ends.size(), "commit, abort, commit, commit");
    for (int i = 1; i < ends.size(); i++) {
      assertEquals(ends.get(0).producerId(), ends.get(i).producerId());
      assertEquals(ends.get(i - 1).producerEpoch() + 1, ends.get(i).producerEpoch(), "every end bumps the epoch");
    }
    assertTrue(entries.stream().filter(e -> e.api().equals("TxnOffsetCommit"))
        .allMatch(e -> e.context().apiVersion() >= 5), "TxnOffsetCommit v5+ adds the group itself");
    assertTrue(entries.stream().filter(e -> e.api().equals("Produce")).allMatch(e -> e.context().apiVersion() >= 12));
  }

  @Test
  void transactionsVersion1AgainstAnEmulatedReleaseCommitAndAbort() throws Exception {
    // 3.9 finalizes no transaction.version by default (4.0 finalizes 2): the client runs transactions v1
    try (FakeCluster old = FakeCluster.builder().emulate(KafkaRelease.V3_9).topic("tx-v1", 1, 1).start()) {
      old.recording().start();
      Properties config = transactional("tx-v1");
      config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, old.bootstrapServers());
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
        producer.initTransactions();
        producer.beginTransaction();
        producer.send(new ProducerRecord<>("tx-v1", 0, "k", "aborted")).get();
        producer.abortTransaction();
        producer.beginTransaction();
        producer.send(new ProducerRecord<>("tx-v1", 0, "k", "kept")).get();
        producer.commitTransaction();
      }
      List<RecordedExchange> entries = old.recording().entries();
      assertEquals(2, entries.stream().filter(e -> e.api().equals("AddPartitionsToTxn")).count());
      assertTrue(entries.stream().filter(e -> e.api().equals("EndTxn")).allMatch(e -> e.context().apiVersion() == 4));
      Properties p = ClientConfigs.consumer(old, null);
      p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
      try (KafkaConsumer<String, String> committed = new KafkaConsumer<>(p)) {
        TopicPartition tp = new TopicPartition("tx-v1", 0);
        assertEquals(List.of("0:2:kept"), read(committed, List.of(tp), 1));
      }
    }
  }

  @Test
  void transactionsVersion2AgainstAnEmulated40() throws Exception {
    // 4.0 finalizes transaction.version 2 by default (EmulatedFeaturesTest): the client runs transactions v2
    try (FakeCluster kafka40 = FakeCluster.builder().emulate(KafkaRelease.V4_0).topic("tx-v2", 1, 1).start()) {
      kafka40.recording().start();
      Properties config = transactional("tx-v2");
      config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka40.bootstrapServers());
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
        producer.initTransactions();
        producer.beginTransaction();
        producer.send(new ProducerRecord<>("tx-v2", 0, "k", "kept")).get();
        producer.commitTransaction();
      }
      List<RecordedExchange> entries = kafka40.recording().entries();
      assertEquals(0, entries.stream().filter(e -> e.api().equals("AddPartitionsToTxn")).count());
      List<Short> ends = entries.stream().filter(e -> e.api().equals("EndTxn")).map(e -> e.context().apiVersion()).toList();
      assertEquals(List.of((short) 5), ends);
    }
  }

  private static long send(KafkaProducer<String, String> producer, int partition, String value) throws Exception {
    return producer.send(new ProducerRecord<>("tx-events", partition, "k", value)).get().offset();
  }

  private static Properties transactional(String id) {
    Properties p = ClientConfigs.producer(cluster);
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id);
    p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, 10_000);
    return p;
  }

  private static KafkaConsumer<String, String> consumer(String isolation) {
    Properties p = ClientConfigs.consumer(cluster, null);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
    return new KafkaConsumer<>(p);
  }

  /** "partition:offset:value" of the first {@code count} records, by partition then offset. */
  private static List<String> read(KafkaConsumer<String, String> consumer, List<TopicPartition> partitions, int count) {
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
    List<ConsumerRecord<String, String>> received = new ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(8).toNanos();
    while (received.size() < count && System.nanoTime() < deadline) {
      consumer.poll(Duration.ofMillis(100)).forEach(received::add);
    }
    return received.stream().sorted((a, b) -> a.partition() != b.partition() ? a.partition() - b.partition()
        : Long.compare(a.offset(), b.offset())).map(r -> r.partition() + ":" + r.offset() + ":" + r.value()).toList();
  }
}
