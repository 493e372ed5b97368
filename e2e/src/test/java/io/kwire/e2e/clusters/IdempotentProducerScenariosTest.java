package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An idempotent KafkaProducer (acks=all) in every codec, against the real broker and the fake: a
 * few batches of records (several records each, sent without waiting) get offsets 0 to n-1 in
 * order, and a consumer reads back exactly those records (keys, values, headers, timestamps).
 */
class IdempotentProducerScenariosTest {
  private static final int RECORDS = 30;
  private static final long TIMESTAMP = 1_700_000_000_000L;

  @RegisterExtension
  static final Targets TARGETS = new Targets();

  static Stream<Arguments> targetsAndCodecs() {
    return TARGETS.both().flatMap(t -> Stream.of("none", "gzip", "snappy", "lz4", "zstd").map(c -> Arguments.of(t, c)));
  }

  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("targetsAndCodecs")
  void writesEveryRecordOnceInOrderAndReadsItBack(Target target, String codec) throws Exception {
    TopicPartition p = new TopicPartition("clusters-idempotent-" + codec, 0);
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(p.topic(), 1, (short) 1))).all().get();
    }
    Properties config = Clients.producer(target);
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, codec);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 20); // several records a batch
    config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
    List<Future<RecordMetadata>> sent = new ArrayList<>();
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
      for (int i = 0; i < RECORDS; i++) {
        ProducerRecord<String, String> r = new ProducerRecord<>(p.topic(), 0, TIMESTAMP + i, "k" + i, codec + "-" + i);
        r.headers().add(new RecordHeader("h", new byte[] {(byte) i}));
        sent.add(producer.send(r));
      }
      producer.flush();
      for (int i = 0; i < RECORDS; i++) {
        assertEquals(i, sent.get(i).get().offset(), target + " " + codec + ": record " + i);
      }
    }
    List<ConsumerRecord<String, String>> read = Clients.readAll(target, p, "read_committed");
    assertEquals(RECORDS, read.size());
    for (int i = 0; i < RECORDS; i++) {
      ConsumerRecord<String, String> r = read.get(i);
      assertEquals(i, r.offset());
      assertEquals("k" + i, r.key());
      assertEquals(codec + "-" + i, r.value());
      assertEquals(TIMESTAMP + i, r.timestamp());
      assertEquals(i, r.headers().lastHeader("h").value()[0]);
    }
  }
}
