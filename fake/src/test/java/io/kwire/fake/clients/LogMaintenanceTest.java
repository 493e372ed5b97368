package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeClock;
import io.kwire.fake.FakeCluster;
import io.kwire.runtime.records.KafkaRecord;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.junit.jupiter.api.Test;

/**
 * Log maintenance seen by kafka-clients 4.4.0: a compacted topic serves the latest value per key at
 * its offsets (gaps between), tombstones until their delete horizon; a time-retained topic's log
 * start moves as the test clock passes its records' retention, and a consumer starting at the
 * earliest offset starts there; size retention set by IncrementalAlterConfigs acts.
 */
class LogMaintenanceTest {
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  private static final TopicPartition P0 = new TopicPartition("t", 0);

  @Test
  void aCompactedTopicServesTheLatestValuePerKeyAtItsOffsetsAndDropsTombstonesAfterTheirHorizon() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster kafka = FakeCluster.builder().clock(clock).start()) {
      createTopic(kafka, Map.of("cleanup.policy", "compact", "delete.retention.ms", "60000"));
      String[][] writes = {{"k1", "a1"}, {"k2", "b1"}, {"k1", "a2"}, {"k3", "c1"}, {"k2", null}, {"k1", "a3"},
          {"k4", "d1"}};
      send(kafka, writes, START.toEpochMilli());

      kafka.maintainLogs();
      // offsets 0-5 cleaned; 6, the last batch, is the active segment and stays whatever it holds
      assertEquals(List.of("3:k3=c1", "4:k2=null", "5:k1=a3", "6:k4=d1"), consume(kafka));
      assertEquals(0L, beginning(kafka), "compaction leaves the log start");

      clock.advance(Duration.ofMillis(59_999));
      assertEquals(List.of("3:k3=c1", "4:k2=null", "5:k1=a3", "6:k4=d1"), consume(kafka), "before the horizon");
      clock.advance(Duration.ofMillis(1)); // the advance runs the maintenance: the tombstone's horizon passed
      assertEquals(List.of("3:k3=c1", "5:k1=a3", "6:k4=d1"), consume(kafka));

      kafka.compact("t"); // the last batch too, as after a roll: k4 has no other value, so all stay
      send(kafka, new String[][] {{"k3", "c2"}}, START.toEpochMilli());
      kafka.compact("t");
      assertEquals(List.of("5:k1=a3", "6:k4=d1", "7:k3=c2"), consume(kafka));
      assertEquals(8L, kafka.records("t", 0).get(2).offset() + 1);
    }
  }

  @Test
  void timeRetentionMovesTheLogStartAsTheClockPassesEachBatch() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster kafka = FakeCluster.builder().clock(clock).start()) {
      createTopic(kafka, Map.of("retention.ms", "60000"));
      long t0 = START.toEpochMilli();
      send(kafka, new String[][] {{"a", "0s"}}, t0);
      send(kafka, new String[][] {{"b", "10s"}}, t0 + 10_000);
      send(kafka, new String[][] {{"c", "30s"}}, t0 + 30_000);

      clock.advance(Duration.ofMillis(60_000));
      assertEquals(0L, beginning(kafka), "60 s old is not past retention.ms=60000");
      clock.advance(Duration.ofMillis(1));
      assertEquals(1L, beginning(kafka));
      assertEquals(List.of("1:b=10s", "2:c=30s"), consume(kafka), "auto.offset.reset=earliest starts at the log start");

      clock.advance(Duration.ofSeconds(30));
      assertEquals(3L, beginning(kafka), "every batch expired: the log is empty, its start at its end");
      assertEquals(List.of(), consume(kafka));
      assertEquals(List.of(), kafka.records("t", 0));
    }
  }

  @Test
  void underTheSystemClockRetentionIsCheckedEveryInterval() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().logRetentionCheckInterval(Duration.ofMillis(20)).start()) {
      createTopic(kafka, Map.of("retention.ms", "600000"));
      send(kafka, new String[][] {{"old", "an hour ago"}}, System.currentTimeMillis() - 3_600_000);
      send(kafka, new String[][] {{"new", "now"}}, System.currentTimeMillis());
      long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      while (kafka.records("t", 0).size() > 1 && System.nanoTime() < deadline) {
        Thread.sleep(5); // the next check is at most 20 ms away
      }
      assertEquals(List.of("1:new=now"), records(kafka));
      assertEquals(1L, beginning(kafka));
    }
  }

  @Test
  void sizeRetentionSetByIncrementalAlterConfigsActs() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().start()) {
      createTopic(kafka, Map.of());
      for (int i = 0; i < 4; i++) {
        send(kafka, new String[][] {{"k" + i, "v" + i}}, System.currentTimeMillis());
      }
      kafka.maintainLogs();
      assertEquals(0L, beginning(kafka), "retention.bytes -1: no limit");
      try (Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
        ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, "t");
        admin.incrementalAlterConfigs(Map.of(topic, List.of(new AlterConfigOp(new ConfigEntry("retention.bytes", "1"),
            AlterConfigOp.OpType.SET)))).all().get();
        ExecutionException bad = assertThrows(ExecutionException.class, () -> admin.incrementalAlterConfigs(Map.of(
            topic, List.of(new AlterConfigOp(new ConfigEntry("retention.ms", "soon"), AlterConfigOp.OpType.SET))))
            .all().get());
        assertEquals(InvalidConfigurationException.class, bad.getCause().getClass());
      }
      kafka.maintainLogs();
      // each batch goes while the bytes left without it are still at least retention.bytes: the last stays
      assertEquals(3L, beginning(kafka));
      assertEquals(List.of("3:k3=v3"), consume(kafka));
    }
  }

  @Test
  void compactionRemovesAnAbortedTransactionsRecordsAndKeepsTheMarkers() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().start()) {
      createTopic(kafka, Map.of("cleanup.policy", "compact"));
      Properties p = ClientConfigs.producer(kafka);
      p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
      p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "tx");
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
        producer.initTransactions();
        producer.beginTransaction();
        producer.send(new ProducerRecord<>("t", 0, "k1", "committed")).get();
        producer.commitTransaction();
        producer.beginTransaction();
        producer.send(new ProducerRecord<>("t", 0, "k1", "aborted")).get();
        producer.send(new ProducerRecord<>("t", 0, "k2", "aborted")).get();
        producer.abortTransaction();
      }
      send(kafka, new String[][] {{"k3", "last"}}, System.currentTimeMillis());
      assertEquals(List.of("0:k1=committed", "2:k1=aborted", "3:k2=aborted", "5:k3=last"), records(kafka));
      kafka.maintainLogs();
      // offset 1 and 4 are the markers, kept (a read_committed consumer still needs the abort marker's range)
      assertEquals(List.of("0:k1=committed", "5:k3=last"), records(kafka), "the aborted k1 does not supersede");
      assertEquals(List.of("0:k1=committed", "5:k3=last"), consume(kafka));
    }
  }

  private static void createTopic(FakeCluster kafka, Map<String, String> configs) throws Exception {
    try (Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      admin.createTopics(List.of(new NewTopic("t", 1, (short) 1).configs(configs))).all().get();
    }
  }

  /** Each write a batch of its own. */
  private static void send(FakeCluster kafka, String[][] writes, long timestamp) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(kafka))) {
      for (String[] w : writes) {
        producer.send(new ProducerRecord<>("t", 0, timestamp, w[0], w[1])).get();
      }
    }
  }

  private static long beginning(FakeCluster kafka) {
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(kafka, null))) {
      return consumer.beginningOffsets(List.of(P0)).get(P0);
    }
  }

  /** Everything a read_committed consumer with auto.offset.reset=earliest reads, as "offset:key=value". */
  private static List<String> consume(FakeCluster kafka) {
    Properties props = ClientConfigs.consumer(kafka, null);
    props.put("isolation.level", "read_committed");
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      consumer.assign(List.of(P0));
      long end;
      try (KafkaConsumer<String, String> probe = new KafkaConsumer<>(ClientConfigs.consumer(kafka, null))) {
        end = probe.endOffsets(List.of(P0)).get(P0);
      }
      List<String> out = new ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
          out.add(r.offset() + ":" + r.key() + "=" + r.value());
        }
        if (consumer.position(P0) >= end) {
          return out;
        }
      }
      throw new AssertionError("not at the end offset " + end + " in 10 s, read " + out);
    }
  }

  private static List<String> records(FakeCluster kafka) {
    List<String> out = new ArrayList<>();
    for (KafkaRecord r : kafka.records("t", 0)) {
      out.add(r.offset() + ":" + new String(r.keyBytes(), StandardCharsets.UTF_8) + "="
          + (r.hasValue() ? new String(r.valueBytes(), StandardCharsets.UTF_8) : null));
    }
    return out;
  }
}
