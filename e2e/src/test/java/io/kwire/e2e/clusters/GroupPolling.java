package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RebalanceInProgressException;

/** What the consumer-group scenarios do alike: write keyed records across partitions, and poll members in turn. */
final class GroupPolling {
  private GroupPolling() {}

  /** {@code count} records {@code prefix + i}, record i to partition {@code i % partitions}, each acknowledged. */
  static void produce(Target target, String topic, int partitions, String prefix, int count) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Clients.producer(target))) {
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, i % partitions, prefix + i, prefix + "-" + i)).get();
      }
    }
  }

  /** The values {@link #produce} writes for {@code prefix} and {@code count}. */
  static Set<String> written(String prefix, int count) {
    Set<String> values = new HashSet<>();
    for (int i = 0; i < count; i++) {
      values.add(prefix + "-" + i);
    }
    return values;
  }

  /**
   * Polls the consumers in turn, committing what each read, until {@code done} (for at most 60 s); a
   * record read twice fails. A commit may meet the member's own rebalance (RebalanceInProgressException,
   * as a cooperative member's does): what it read is committed at the next round.
   */
  static void pollUntil(BooleanSupplier done, Set<String> seen, List<KafkaConsumer<String, String>> consumers) {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!done.getAsBoolean() && System.nanoTime() < deadline) {
      for (KafkaConsumer<String, String> c : consumers) {
        c.poll(Duration.ofMillis(50)).forEach(r -> assertTrue(seen.add(r.value()), "read twice: " + r.value()));
        if (!c.assignment().isEmpty()) {
          try {
            c.commitSync();
          } catch (RebalanceInProgressException e) {
            // committed at the next round
          }
        }
      }
    }
    assertTrue(done.getAsBoolean(), "timed out with " + seen.size() + " record(s) read; assignments "
        + consumers.stream().map(KafkaConsumer::assignment).toList());
  }
}
