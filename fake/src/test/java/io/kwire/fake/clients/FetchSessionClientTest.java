package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.junit.FakeKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * A KafkaConsumer (which opens a fetch session with each broker and then fetches incrementally)
 * reads six partitions on three brokers while records arrive on a few of them at a time: every
 * record once, in offset order, although most responses leave most partitions out.
 */
@FakeKafka(brokers = 3)
class FetchSessionClientTest {
  @Test
  void aConsumerReadsSeveralPartitionsThroughIncrementalFetchSessions(FakeCluster cluster) throws Exception {
    cluster.createTopic("sessions", 6, 1);
    List<TopicPartition> partitions = new ArrayList<>();
    for (int p = 0; p < 6; p++) {
      partitions.add(new TopicPartition("sessions", p));
    }
    Map<TopicPartition, List<String>> sent = new LinkedHashMap<>();
    Map<TopicPartition, List<String>> got = new LinkedHashMap<>();
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster));
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(cluster, null))) {
      consumer.assign(partitions);
      for (int round = 0; round < 6; round++) {
        // Each round writes to two partitions only, so the others have nothing new.
        for (int p : List.of(round % 6, (round + 3) % 6)) {
          for (int i = 0; i < 3; i++) {
            String value = "r" + round + "-p" + p + "-" + i;
            producer.send(new ProducerRecord<>("sessions", p, null, value)).get();
            sent.computeIfAbsent(new TopicPartition("sessions", p), tp -> new ArrayList<>()).add(value);
          }
        }
        long want = sent.values().stream().mapToLong(List::size).sum();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (got.values().stream().mapToLong(List::size).sum() < want && System.nanoTime() < deadline) {
          for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
            List<String> values = got.computeIfAbsent(new TopicPartition(r.topic(), r.partition()),
                tp -> new ArrayList<>());
            assertEquals(values.size(), r.offset(), "offsets in order, none skipped or repeated: " + r);
            values.add(r.value());
          }
        }
        assertEquals(want, got.values().stream().mapToLong(List::size).sum(), "round " + round + ": " + got);
      }
    }
    assertEquals(sent, got);
    assertTrue(got.keySet().containsAll(partitions));
  }
}
