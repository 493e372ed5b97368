package io.kwire.fake.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.junit.FakeKafka;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** The README's kwire-fake example, as a user writes it: one annotation, real kafka-clients. */
@FakeKafka
class OrdersTest {
  @Test
  void anOrderSentIsAnOrderRead(FakeCluster kafka) throws Exception {
    kafka.createTopic("orders", 3, 1); // three partitions; a topic created on first use would have one
    String bootstrap = kafka.bootstrapServers();
    try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers", bootstrap),
        new StringSerializer(), new StringSerializer())) {
      producer.send(new ProducerRecord<>("orders", "order-1", "2 apples")).get();
    }
    try (var consumer = new KafkaConsumer<>(Map.<String, Object>of("bootstrap.servers", bootstrap,
        "group.id", "billing", "auto.offset.reset", "earliest"), new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of("orders"));
      ConsumerRecords<String, String> records = ConsumerRecords.empty();
      for (int polls = 0; records.isEmpty() && polls < 50; polls++) {
        records = consumer.poll(Duration.ofMillis(200));
      }
      assertEquals("2 apples", records.iterator().next().value());
    }
  }
}
