package io.kwire.bench.fake;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One KafkaProducer (kafka-clients 4.4.0, acks=all, idempotent, its other defaults: linger 5 ms,
 * 16 KiB batches, no compression) sending 100-byte values with no key to a 3-partition topic as
 * fast as it can: a warm-up, then a measured window; the rate counts the records acknowledged
 * between the window's start and the flush that ends it.
 */
final class ProducerThroughput {
  static final int VALUE_BYTES = 100;

  private ProducerThroughput() {}

  /** Records per second acknowledged in the measured window. */
  static double run(String bootstrap, String topic, long warmupMs, long measureMs) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false))) {
      admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get();
    }
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    p.put(ProducerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    // A side that stops answering fails its round in 20 s rather than the default 2 minutes.
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 15_000);
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    byte[] value = new byte[VALUE_BYTES];
    AtomicLong acked = new AtomicLong();
    AtomicReference<Exception> failure = new AtomicReference<>();
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      sendFor(producer, topic, value, warmupMs, acked, failure);
      producer.flush();
      long before = acked.get();
      long start = System.nanoTime();
      sendFor(producer, topic, value, measureMs, acked, failure);
      producer.flush();
      double seconds = (System.nanoTime() - start) / 1e9;
      if (failure.get() != null) {
        throw new IllegalStateException("a send failed", failure.get());
      }
      return (acked.get() - before) / seconds;
    }
  }

  private static void sendFor(KafkaProducer<byte[], byte[]> producer, String topic, byte[] value, long ms,
      AtomicLong acked, AtomicReference<Exception> failure) {
    long end = System.nanoTime() + ms * 1_000_000;
    ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, value);
    int i = 0;
    while (failure.get() == null) {
      producer.send(record, (metadata, e) -> {
        if (e != null) {
          failure.compareAndSet(null, e);
        } else {
          acked.incrementAndGet();
        }
      });
      if ((++i & 1023) == 0 && System.nanoTime() > end) {
        return;
      }
    }
  }
}
