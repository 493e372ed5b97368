package io.kwire.e2e.clusters;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * kafka-clients 4.4.0 settings for a target, the same for both: short timeouts, so that a target
 * that does not answer fails a scenario quickly, and no metrics push (the embedded broker has no
 * telemetry receiver; the fake has one, see docs/fake.md).
 */
final class Clients {
  private Clients() {}

  static Admin admin(Target target) {
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrapServers());
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
    p.put(AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    return Admin.create(p);
  }

  static Properties producer(Target target) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrapServers());
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 20_000);
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000);
    p.put(ProducerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    return p;
  }

  /** A consumer; {@code group} null for one that only assigns. */
  static Properties consumer(Target target, String group, String protocol, String isolation) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrapServers());
    if (group != null) {
      p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    }
    p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, protocol);
    if (protocol.equals("classic")) {
      // a member learns of a rebalance at its next heartbeat: sooner than the 3 s default (KIP-848's
      // interval is the coordinator's, 5 s on the broker, 500 ms on the fake)
      p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 500);
    }
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
    p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100);
    p.put(ConsumerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    return p;
  }

  /**
   * Every record of {@code partition} from its start up to {@code endOffset} (exclusive, as
   * {@code endOffsets} gives it for the consumer's isolation level), read by an assigned consumer.
   */
  static List<ConsumerRecord<String, String>> readAll(Target target, TopicPartition partition, String isolation) {
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(consumer(target, null, "classic", isolation))) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      List<ConsumerRecord<String, String>> records = new ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (consumer.position(partition) < end && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(100)).records(partition).forEach(records::add);
      }
      if (consumer.position(partition) < end) {
        throw new AssertionError(target + ": " + partition + " read to " + consumer.position(partition) + " of " + end);
      }
      return records;
    }
  }
}
