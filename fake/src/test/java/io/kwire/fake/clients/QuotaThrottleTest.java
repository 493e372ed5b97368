package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.RecordedExchange;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.junit.jupiter.api.Test;

/**
 * A producer over its client id's {@code producer_byte_rate} gets the throttle time Kafka's quota
 * manager computes, and kafka-clients honours it (its produce-throttle-time metric); one within
 * its quota gets none.
 */
class QuotaThrottleTest {
  private static final double QUOTA = 100;

  @Test
  void aProducerOverItsByteRateIsThrottled() throws Exception {
    try (FakeCluster cluster = FakeCluster.builder().topic("q", 1, 1).start();
        Admin admin = Admin.create(ClientConfigs.admin(cluster))) {
      admin.alterClientQuotas(List.of(new ClientQuotaAlteration(new ClientQuotaEntity(Map.of("client-id", "slow")),
          List.of(new ClientQuotaAlteration.Op("producer_byte_rate", QUOTA))))).all().get();
      cluster.recording().start();
      Properties config = ClientConfigs.producer(cluster);
      config.put(ProducerConfig.CLIENT_ID_CONFIG, "slow");
      double metric;
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
        producer.send(new ProducerRecord<>("q", "k", "x".repeat(5_000))).get();
        metric = (double) producer.metrics().entrySet().stream()
            .filter(e -> e.getKey().name().equals("produce-throttle-time-max")).findFirst().orElseThrow()
            .getValue().metricValue();
        producer.close(Duration.ZERO);
      }
      RecordedExchange produce = cluster.recording().entries().stream()
          .filter(e -> e.request() instanceof ProduceRequest).findFirst().orElseThrow();
      long bytes = ((ProduceRequest) produce.request()).topicData().get(0).partitionData().get(0).records().sizeInBytes();
      // one request: its bytes over the 10 s minimum span, (rate - quota) / quota * 10 s
      long expected = Math.round((bytes / 10.0 - QUOTA) / QUOTA * 10_000);
      assertEquals(expected, ((ProduceResponse) produce.response()).throttleTimeMs());
      assertEquals(expected, (long) metric, "the producer honours the throttle time");

      config.put(ProducerConfig.CLIENT_ID_CONFIG, "fast");
      cluster.recording().clear();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
        producer.send(new ProducerRecord<>("q", "k", "x".repeat(5_000))).get();
      }
      assertEquals(0, cluster.recording().entries().stream().filter(e -> e.response() instanceof ProduceResponse)
          .mapToInt(e -> ((ProduceResponse) e.response()).throttleTimeMs()).max().orElseThrow());
    }
  }
}
