package io.kwire.e2e.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.e2e.EmbeddedKafka;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Why the bridge exists: real kafka-clients 0.10.2.2 and 0.9.0.1, straight against Kafka 4.4.0,
 * cannot produce (Produce v2 / v1: the broker closes the connection) and never receive a record
 * (Fetch v0-3 and ListOffsets v0 are refused), though the topic holds records.
 */
class OldClientsWithoutBridgeTest {
  private static final String TOPIC = "old-clients-direct";
  private static final int RECORDS = 3;
  private static EmbeddedKafka kafka;

  @BeforeAll
  static void topicWithRecords() throws Exception {
    kafka = EmbeddedKafka.shared();
    try (Admin admin = kafka.admin()) {
      admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
      for (int i = 0; i < RECORDS; i++) {
        producer.send(new ProducerRecord<>(TOPIC, 0, "k" + i, "v" + i)).get(10, TimeUnit.SECONDS);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"0.10.2.2", "0.9.0.1"})
  void anOldProducerCannotWrite(String version) throws Exception {
    try (OldKafkaClient client = new OldKafkaClient(version)) {
      List<OldKafkaClient.Rec> records = List.of(new OldKafkaClient.Rec(-1, 1_600_000_000_000L,
          "k".getBytes(StandardCharsets.UTF_8), "v".getBytes(StandardCharsets.UTF_8)));
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> client.produce(kafka.bootstrapServers(), TOPIC, "none", records));
      System.out.println("kafka-clients " + version + " producing to Kafka 4.4.0 directly: " + e.getCause());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"0.10.2.2", "0.9.0.1"})
  void anOldConsumerNeverReceivesARecord(String version) throws Exception {
    try (OldKafkaClient client = new OldKafkaClient(version)) {
      List<OldKafkaClient.Rec> seen = client.consumeInGroup(kafka.bootstrapServers(), TOPIC, "old-direct-" + version,
          RECORDS, 3000);
      assertEquals(List.of(), seen, "kafka-clients " + version + " read records from Kafka 4.4.0 directly");
    }
  }
}
