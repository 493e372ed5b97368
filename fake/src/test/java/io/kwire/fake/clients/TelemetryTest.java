package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.PushedTelemetry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.message.PushTelemetryRequestData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.PushTelemetryRequest;
import org.apache.kafka.common.requests.PushTelemetryResponse;
import org.junit.jupiter.api.Test;

/**
 * Client telemetry (KIP-714): a CLIENT_METRICS subscription set with AdminClient makes a real
 * producer push its metrics, which the test reads back from the fake; a push for a subscription
 * that is not the client's is UNKNOWN_SUBSCRIPTION_ID.
 */
class TelemetryTest {
  @Test
  void aSubscribedProducerPushesItsMetricsToTheFake() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().topic("metered", 1, 1).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      ConfigResource subscription = new ConfigResource(ConfigResource.Type.CLIENT_METRICS, "producers");
      admin.incrementalAlterConfigs(Map.of(subscription, List.of(
          new AlterConfigOp(new ConfigEntry("metrics", "org.apache.kafka.producer."), AlterConfigOp.OpType.SET),
          new AlterConfigOp(new ConfigEntry("interval.ms", "100"), AlterConfigOp.OpType.SET),
          new AlterConfigOp(new ConfigEntry("match", "client_id=metered-.*"), AlterConfigOp.OpType.SET))))
          .all().get();
      Config described = admin.describeConfigs(List.of(subscription)).all().get().get(subscription);
      assertEquals("100", described.get("interval.ms").value());
      assertEquals(ConfigEntry.ConfigSource.DYNAMIC_CLIENT_METRICS_CONFIG, described.get("metrics").source());

      Properties p = ClientConfigs.producer(kafka);
      p.put(ProducerConfig.ENABLE_METRICS_PUSH_CONFIG, true);
      p.put(ProducerConfig.CLIENT_ID_CONFIG, "metered-producer");
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
        producer.send(new ProducerRecord<>("metered", "k", "v")).get();
        Uuid instance = producer.clientInstanceId(Duration.ofSeconds(5));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        List<PushedTelemetry> pushes = List.of();
        while (pushes.isEmpty() && System.nanoTime() < deadline) {
          Thread.sleep(50);
          pushes = kafka.telemetryPushes().stream()
              .filter(t -> t.clientInstanceId().toString().equals(uuid(instance))).toList();
        }
        assertFalse(pushes.isEmpty(), "no push from the producer");
        PushedTelemetry push = pushes.get(0);
        assertEquals("metered-producer", push.clientId());
        String otlp = new String(push.metrics(), StandardCharsets.ISO_8859_1);
        assertTrue(otlp.contains("org.apache.kafka.producer."), "the subscribed metrics are in the push");

        try (KafkaWire wire = new KafkaWire(kafka.brokers().get(0))) {
          PushTelemetryResponse wrong = wire.send(new PushTelemetryRequest.Builder(new PushTelemetryRequestData()
              .setClientInstanceId(instance).setSubscriptionId(push.subscriptionId() + 1)
              .setMetrics(ByteBuffer.wrap(push.metrics()))), (short) 0);
          assertEquals(Errors.UNKNOWN_SUBSCRIPTION_ID, wrong.error());
        }
      }
    }
  }

  private static String uuid(Uuid kafkaId) {
    return new java.util.UUID(kafkaId.getMostSignificantBits(), kafkaId.getLeastSignificantBits()).toString();
  }
}
