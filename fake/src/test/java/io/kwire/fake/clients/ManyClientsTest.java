package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.junit.FakeKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * Four idempotent producers and a group of two consumers at once on three brokers: every record
 * arrives exactly once, and each producer's records in the order sent within a partition.
 */
@FakeKafka(brokers = 3)
class ManyClientsTest {
  private static final int PRODUCERS = 4;
  private static final int PER_PRODUCER = 500;

  @Test
  void everyRecordOnceAndInOrderPerPartition(FakeCluster cluster) throws Exception {
    cluster.createTopic("many", 6, 3);
    ExecutorService pool = Executors.newFixedThreadPool(PRODUCERS + 2);
    Map<String, List<Long>> seen = new ConcurrentHashMap<>();
    // Producing starts once both consumers hold partitions, so that no rebalance re-delivers records.
    CountDownLatch assigned = new CountDownLatch(2);
    try {
      List<Future<?>> consumers = new ArrayList<>();
      for (int c = 0; c < 2; c++) {
        consumers.add(pool.submit(() -> consume(cluster, seen, assigned)));
      }
      List<Future<?>> producers = new ArrayList<>();
      for (int p = 0; p < PRODUCERS; p++) {
        int id = p;
        producers.add(pool.submit(() -> {
          assertTrue(assigned.await(15, TimeUnit.SECONDS), "both consumers joined");
          Properties props = ClientConfigs.producer(cluster);
          props.remove(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG);
          props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
          try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            for (int i = 0; i < PER_PRODUCER; i++) {
              producer.send(new ProducerRecord<>("many", "p" + id + "-k" + (i % 10), "p" + id + ":" + i));
            }
            producer.flush();
          }
          return null;
        }));
      }
      for (Future<?> f : producers) {
        f.get(30, TimeUnit.SECONDS);
      }
      for (Future<?> f : consumers) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    int total = seen.values().stream().mapToInt(List::size).sum();
    assertEquals(PRODUCERS * PER_PRODUCER, total, "every record exactly once");
    for (Map.Entry<String, List<Long>> e : seen.entrySet()) {
      List<Long> sequence = e.getValue();
      for (int i = 1; i < sequence.size(); i++) {
        assertTrue(sequence.get(i - 1) < sequence.get(i), e.getKey() + " out of order: " + sequence);
      }
    }
  }

  /** Reads until everything has been seen by someone, recording each key's sequence numbers. */
  private static Void consume(FakeCluster cluster, Map<String, List<Long>> seen, CountDownLatch assigned) {
    Properties props = ClientConfigs.consumer(cluster, "many-readers");
    props.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 100);
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, true);
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      consumer.subscribe(List.of("many"));
      long deadline = System.nanoTime() + Duration.ofSeconds(25).toNanos();
      boolean counted = false;
      while (System.nanoTime() < deadline
          && seen.values().stream().mapToInt(List::size).sum() < PRODUCERS * PER_PRODUCER) {
        Map<String, List<Long>> batch = new HashMap<>();
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
          batch.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(Long.parseLong(r.value().split(":")[1]));
        }
        if (!counted && !consumer.assignment().isEmpty()) {
          counted = true;
          assigned.countDown();
        }
        batch.forEach((key, values) -> seen.compute(key, (k, list) -> {
          List<Long> merged = list == null ? new ArrayList<>() : new ArrayList<>(list);
          merged.addAll(values);
          return merged;
        }));
      }
    }
    return null;
  }
}
