package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeClock;
import io.kwire.fake.FakeCluster;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.NotEnoughReplicasAfterAppendException;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.junit.jupiter.api.Test;

/**
 * A follower whose replication is paused (kafka-clients 4.4.0, two brokers, a topic of replicas
 * [0, 1] with min.insync.replicas=2): an acks=all write waits for it; when it has lagged for
 * replica.lag.time.max.ms on the cluster's clock (holding the high watermark back meanwhile) it
 * leaves the ISR and the write is answered
 * NOT_ENOUGH_REPLICAS_AFTER_APPEND (the record stays written), the next one NOT_ENOUGH_REPLICAS;
 * resumed, it is back in the ISR and writes succeed.
 */
class ReplicaLagTest {
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void aPausedFollowerLeavesTheIsrAfterTheLagTimeAndAcksAllFailsAfterTheAppend() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster kafka = FakeCluster.builder().brokers(2).clock(clock).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      admin.createTopics(List.of(new NewTopic("lagging", Map.of(0, List.of(0, 1)))
          .configs(Map.of("min.insync.replicas", "2")))).all().get();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(producer(kafka))) {
        assertEquals(0, producer.send(new ProducerRecord<>("lagging", "k", "in sync")).get(10, TimeUnit.SECONDS)
            .offset());
        kafka.pauseReplication(1);
        Future<RecordMetadata> waiting = producer.send(new ProducerRecord<>("lagging", "k", "waits"));
        awaitRecords(kafka, 2);
        assertFalse(waiting.isDone(), "acks=all waits for the lagging follower");
        assertEquals(List.of(0, 1), isr(admin));
        assertEquals(1, latest(admin), "the high watermark waits for the follower too");

        clock.advance(Duration.ofMillis(29_999));
        assertEquals(List.of(0, 1), isr(admin), "still in sync 1 ms before replica.lag.time.max.ms");
        assertFalse(waiting.isDone());
        clock.advance(Duration.ofMillis(1));
        ExecutionException failed = assertThrows(ExecutionException.class, () -> waiting.get(10, TimeUnit.SECONDS));
        assertInstanceOf(NotEnoughReplicasAfterAppendException.class, failed.getCause());
        assertEquals(List.of(0), isr(admin));
        assertEquals(2, latest(admin), "the high watermark moves on without it");
        ExecutionException refused = assertThrows(ExecutionException.class,
            () -> producer.send(new ProducerRecord<>("lagging", "k", "refused")).get(10, TimeUnit.SECONDS));
        assertInstanceOf(NotEnoughReplicasException.class, refused.getCause());

        kafka.resumeReplication(1);
        assertEquals(List.of(0, 1), isr(admin));
        assertEquals(2, producer.send(new ProducerRecord<>("lagging", "k", "caught up")).get(10, TimeUnit.SECONDS)
            .offset());
      }
      assertEquals(List.of("in sync", "waits", "caught up"), kafka.records("lagging", 0).stream()
          .map(r -> java.nio.charset.StandardCharsets.UTF_8.decode(r.value().duplicate()).toString()).toList());
    }
  }

  @Test
  void aWriteWaitingForAPausedFollowerSucceedsWhenItResumes() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster kafka = FakeCluster.builder().brokers(2).clock(clock).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      admin.createTopics(List.of(new NewTopic("resumed", Map.of(0, List.of(0, 1)))
          .configs(Map.of("min.insync.replicas", "2")))).all().get();
      kafka.pauseReplication(1);
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(producer(kafka))) {
        Future<RecordMetadata> waiting = producer.send(new ProducerRecord<>("resumed", "k", "waits"));
        awaitRecords(kafka, "resumed", 1);
        assertFalse(waiting.isDone());
        kafka.resumeReplication(1);
        assertEquals(0, waiting.get(10, TimeUnit.SECONDS).offset());
        assertEquals(List.of(0, 1), isr(admin, "resumed"));
      }
    }
  }

  private static Properties producer(FakeCluster kafka) {
    Properties config = ClientConfigs.producer(kafka);
    config.put(ProducerConfig.RETRIES_CONFIG, 0);
    config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 20_000);
    config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 25_000);
    return config;
  }

  /** ListOffsets latest: the high watermark. */
  private static long latest(Admin admin) throws Exception {
    org.apache.kafka.common.TopicPartition tp = new org.apache.kafka.common.TopicPartition("lagging", 0);
    return admin.listOffsets(Map.of(tp, org.apache.kafka.clients.admin.OffsetSpec.latest())).partitionResult(tp).get()
        .offset();
  }

  private static List<Integer> isr(Admin admin) throws Exception {
    return isr(admin, "lagging");
  }

  private static List<Integer> isr(Admin admin, String topic) throws Exception {
    return admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().get(0).isr().stream()
        .map(n -> n.id()).toList();
  }

  private static void awaitRecords(FakeCluster kafka, int count) throws InterruptedException {
    awaitRecords(kafka, "lagging", count);
  }

  private static void awaitRecords(FakeCluster kafka, String topic, int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (kafka.records(topic, 0).size() < count) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the fake did not append record " + count);
      }
      Thread.sleep(10);
    }
  }
}
