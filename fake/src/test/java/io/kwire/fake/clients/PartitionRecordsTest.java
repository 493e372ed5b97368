package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.junit.FakeKafka;
import io.kwire.runtime.records.KafkaRecord;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A test reads what a partition holds straight from the fake: what kafka-clients wrote, no consumer. */
@FakeKafka
class PartitionRecordsTest {
  private static FakeCluster cluster;

  @BeforeAll
  static void remember(FakeCluster started) {
    cluster = started;
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Test
  void compressedRecordsWithHeadersComeBackAsSent() throws Exception {
    cluster.createTopic("records-gzip", 1);
    Properties p = ClientConfigs.producer(cluster);
    p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "gzip");
    p.put(ProducerConfig.LINGER_MS_CONFIG, 50); // one batch of three
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
      for (int i = 0; i < 3; i++) {
        ProducerRecord<String, String> r = new ProducerRecord<>("records-gzip", 0, "k" + i, "v" + i);
        r.headers().add("n", new byte[] {(byte) i});
        producer.send(r);
      }
      producer.flush();
    }
    List<KafkaRecord> records = cluster.records("records-gzip", 0);
    assertEquals(List.of(0L, 1L, 2L), records.stream().map(KafkaRecord::offset).toList());
    for (int i = 0; i < 3; i++) {
      KafkaRecord r = records.get(i);
      assertEquals("k" + i, text(r.keyBytes()));
      assertEquals("v" + i, text(r.valueBytes()));
      assertEquals("n", r.headers().get(0).key());
      assertArrayEquals(new byte[] {(byte) i}, r.headers().get(0).value());
    }
  }

  @Test
  void transactionMarkersAreLeftOutAndAbortedRecordsKept() throws Exception {
    cluster.createTopic("records-txn", 1);
    Properties p = ClientConfigs.producer(cluster);
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "records-txn-producer");
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>("records-txn", 0, "a", "committed"));
      producer.commitTransaction();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>("records-txn", 0, "b", "aborted"));
      producer.flush(); // written before the abort, else the producer drops it unsent
      producer.abortTransaction();
    }
    List<KafkaRecord> records = cluster.records("records-txn", 0);
    // offsets 0 and 2: the commit marker took offset 1, the abort marker offset 3
    assertEquals(List.of(0L, 2L), records.stream().map(KafkaRecord::offset).toList());
    assertEquals(List.of("committed", "aborted"), records.stream().map(r -> text(r.valueBytes())).toList());
  }

  @Test
  void aPartitionThatIsNotThereIsSaid() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cluster.records("records-none", 0));
    assertEquals("no partition records-none-0", e.getMessage());
  }
}
