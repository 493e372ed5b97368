package io.kwire.fake.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.ControlAction;
import io.kwire.fake.ControlHandle;
import io.kwire.fake.FakeCluster;
import io.kwire.fake.RecordedExchange;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.ProduceRequest;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** docs/fake.md's controls and recording example, as a test writes it. */
class FaultsTest {
  @Test
  void aProducerAndAConsumerGetThroughFaults() throws Exception {
    StringWriter log = new StringWriter();
    try (FakeCluster kafka = FakeCluster.builder().topic("orders", 1, 1).start()) {
      kafka.recording().writeTo(log).start(); // every exchange, as Kafka-format JSON lines

      // The first Produce fails as if leadership had moved; the producer retries it.
      ControlHandle notLeader = kafka.control(ProduceRequest.class).once()
          .fail(Errors.NOT_LEADER_OR_FOLLOWER.code());
      // A hook that decides per request: the first Metadata of client "audit" loses its connection.
      kafka.control(MetadataRequest.class).once().run((request, context) ->
          "audit".equals(context.clientId()) ? ControlAction.drop() : ControlAction.pass());
      // A producer with client.id "audit" sends a record: it reconnects, retries and succeeds.
      try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers(),
          "client.id", "audit"), new StringSerializer(), new StringSerializer())) {
        producer.send(new ProducerRecord<>("orders", "order-1", "2 apples")).get();
      }
      assertEquals(1, notLeader.fired());

      // Every Fetch waits 200 ms before the broker sees it, until the handle is closed.
      try (ControlHandle slow = kafka.control(FetchRequest.class).delay(Duration.ofMillis(200))) {
        assertEquals("2 apples", consumeOne(kafka, "orders"));
        assertTrue(slow.fired() > 0);
      }

      for (RecordedExchange e : kafka.recording().entries()) {
        assertTrue(log.toString().contains(e.json())); // e.request() and e.response() are the records
      }
    }
  }

  private static String consumeOne(FakeCluster kafka, String topic) {
    try (var consumer = new KafkaConsumer<>(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers(),
        "group.id", "billing", "auto.offset.reset", "earliest"), new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of(topic));
      ConsumerRecords<String, String> records = ConsumerRecords.empty();
      for (int polls = 0; records.isEmpty() && polls < 50; polls++) {
        records = consumer.poll(Duration.ofMillis(200));
      }
      return records.iterator().next().value();
    }
  }
}
