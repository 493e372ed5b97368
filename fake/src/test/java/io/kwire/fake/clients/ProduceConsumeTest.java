package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.junit.FakeKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** KafkaProducer (acks=all) writes, KafkaConsumer (assigned partitions, no group) reads it all back. */
@FakeKafka(brokers = 3)
class ProduceConsumeTest {
  private static FakeCluster cluster;

  @BeforeAll
  static void remember(FakeCluster started) {
    cluster = started;
  }

  @Test
  void producedRecordsAreConsumedInOrderWithTheirOffsets() throws Exception {
    cluster.createTopic("pc-events", 3, 2);
    List<RecordMetadata> sent = new ArrayList<>();
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster))) {
      for (int i = 0; i < 30; i++) {
        sent.add(producer.send(new ProducerRecord<>("pc-events", i % 3, "k" + i, "v" + i)).get());
      }
    }
    for (int i = 0; i < 30; i++) {
      assertEquals(i / 3, sent.get(i).offset(), "offsets count up per partition");
    }
    List<TopicPartition> partitions = List.of(new TopicPartition("pc-events", 0), new TopicPartition("pc-events", 1),
        new TopicPartition("pc-events", 2));
    List<ConsumerRecord<String, String>> received = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(cluster, null))) {
      consumer.assign(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (received.size() < 30 && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(received::add);
      }
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      assertEquals(Map.of(partitions.get(0), 10L, partitions.get(1), 10L, partitions.get(2), 10L), ends);
      Map<TopicPartition, Long> begins = consumer.beginningOffsets(partitions);
      assertEquals(0L, begins.get(partitions.get(1)));
    }
    assertEquals(30, received.size());
    for (ConsumerRecord<String, String> r : received) {
      int i = Integer.parseInt(r.key().substring(1));
      assertEquals("v" + i, r.value());
      assertEquals(i % 3, r.partition());
      assertEquals(i / 3, r.offset());
      assertEquals(TimestampType.CREATE_TIME, r.timestampType());
    }
  }

  @Test
  void aDefaultProducerIsIdempotentAndItsRecordsArrive() throws Exception {
    cluster.createTopic("pc-idempotent", 1, 3);
    Properties props = ClientConfigs.producer(cluster);
    props.remove(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG);
    List<Long> offsets = new ArrayList<>();
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
      List<Future<RecordMetadata>> sent = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        sent.add(producer.send(new ProducerRecord<>("pc-idempotent", "k" + i, "v" + i)));
      }
      for (Future<RecordMetadata> f : sent) {
        offsets.add(f.get().offset());
      }
    }
    assertEquals(LongStream.range(0, 50).boxed().toList(), offsets);
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(cluster, null))) {
      TopicPartition tp = new TopicPartition("pc-idempotent", 0);
      consumer.assign(List.of(tp));
      List<ConsumerRecord<String, String>> got = new ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (got.size() < 50 && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(got::add);
      }
      assertEquals(50, got.size());
      assertEquals("v49", got.get(49).value());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "snappy", "lz4", "zstd"})
  void compressedBatchesAreCheckedStoredAndServed(String compression) throws Exception {
    String topic = "pc-" + compression;
    cluster.createTopic(topic, 1, 1);
    Properties props = ClientConfigs.producer(cluster);
    props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, compression);
    props.put(ProducerConfig.LINGER_MS_CONFIG, 50);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
      List<Future<RecordMetadata>> sent = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        sent.add(producer.send(new ProducerRecord<>(topic, 0, "k" + i, "value " + i + " ".repeat(50))));
      }
      for (Future<RecordMetadata> f : sent) {
        f.get();
      }
    }
    assertEquals(20, readAll(topic, 20).size());
  }

  @Test
  void deletedRecordsAreNoLongerServed() throws Exception {
    cluster.createTopic("pc-trimmed", 1, 1);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster))) {
      for (int i = 0; i < 10; i++) {
        producer.send(new ProducerRecord<>("pc-trimmed", 0, "k", "v" + i)).get();
      }
    }
    TopicPartition tp = new TopicPartition("pc-trimmed", 0);
    try (Admin admin = Admin.create(
        ClientConfigs.admin(cluster))) {
      long low = admin.deleteRecords(Map.of(tp, RecordsToDelete.beforeOffset(4)))
          .lowWatermarks().get(tp).get().lowWatermark();
      assertEquals(4, low);
    }
    List<ConsumerRecord<String, String>> got = readAll("pc-trimmed", 6);
    assertEquals(4, got.get(0).offset());
    assertEquals("v4", got.get(0).value());
  }

  @Test
  void acksZeroIsWrittenWithoutAnAnswer() throws Exception {
    cluster.createTopic("pc-acks0", 1, 1);
    Properties props = ClientConfigs.producer(cluster);
    props.put(ProducerConfig.ACKS_CONFIG, "0");
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
      for (int i = 0; i < 10; i++) {
        RecordMetadata meta = producer.send(new ProducerRecord<>("pc-acks0", 0, "k", "v" + i)).get();
        assertEquals(-1, meta.offset(), "acks=0: the producer never learns the offset");
      }
    }
    List<ConsumerRecord<String, String>> got = readAll("pc-acks0", 10);
    assertEquals("v9", got.get(9).value());
    assertEquals(9, got.get(9).offset());
  }

  private List<ConsumerRecord<String, String>> readAll(String topic, int expected) {
    List<ConsumerRecord<String, String>> got = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(cluster, null))) {
      consumer.assign(List.of(new TopicPartition(topic, 0)));
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (got.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(100)).forEach(got::add);
      }
    }
    assertEquals(expected, got.size());
    return got;
  }

  @Test
  void logAppendTimeTopicsStampTheBrokersTime() throws Exception {
    try (Admin admin = Admin.create(
        ClientConfigs.admin(cluster))) {
      admin.createTopics(List.of(new NewTopic("pc-stamped", 1, (short) 1)
          .configs(Map.of("message.timestamp.type", "LogAppendTime")))).all().get();
    }
    long before = System.currentTimeMillis();
    RecordMetadata meta;
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster))) {
      meta = producer.send(new ProducerRecord<>("pc-stamped", 0, 5L, "k", "v")).get();
    }
    assertTrue(meta.timestamp() >= before, "the producer learns the append time: " + meta.timestamp());
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(cluster, null))) {
      TopicPartition tp = new TopicPartition("pc-stamped", 0);
      consumer.assign(List.of(tp));
      List<ConsumerRecord<String, String>> got = new ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (got.isEmpty() && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(got::add);
      }
      assertEquals(1, got.size());
      assertEquals(TimestampType.LOG_APPEND_TIME, got.get(0).timestampType());
      assertEquals(meta.timestamp(), got.get(0).timestamp());
      assertEquals(0L, consumer.offsetsForTimes(Map.of(tp, before)).get(tp).offset());
      assertEquals(null, consumer.offsetsForTimes(Map.of(tp, meta.timestamp() + 1)).get(tp));
    }
  }
}
