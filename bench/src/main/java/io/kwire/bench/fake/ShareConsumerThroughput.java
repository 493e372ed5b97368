package io.kwire.bench.fake;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Share-group consumption (KIP-932) with kafka-clients 4.4.0's KafkaShareConsumer (issue 26): a
 * producer writes {@code records} small records (a 4-byte key, the record's index; a 100-byte value
 * from a fixed seed) to a fresh 3-partition topic, untimed; then {@code consumers} share consumers
 * of one group (share.auto.offset.reset=earliest, implicit acknowledgement, the client's other
 * defaults), each polling in its own thread, read them all. Every index must be seen, and none
 * twice (a redelivery would mean a lock expired). The same code against the fake and the broker.
 */
final class ShareConsumerThroughput {
  static final int PARTITIONS = 3;
  static final int VALUE_BYTES = 100;
  static final long SEED = 26;
  private static final Duration POLL = Duration.ofMillis(100);
  private static final long TIMEOUT_MS = 60_000;

  private ShareConsumerThroughput() {}

  /** The figures of one run. */
  record Result(double recordsPerSecond, double firstRecordMs, double totalMs) {}

  /**
   * Produces, then consumes and acknowledges every record; the rate is the records over the time
   * from the first record received to the last one's acknowledgement (commitSync), and the time to
   * the first record (group join, assignment, first ShareFetch) is reported apart.
   */
  static Result run(String bootstrap, String name, int records, int consumers) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false))) {
      admin.createTopics(List.of(new NewTopic(name, PARTITIONS, (short) 1))).all().get();
      ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, name);
      admin.incrementalAlterConfigs(Map.of(group, List.of(new AlterConfigOp(
          new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET)))).all().get();
    }
    produce(bootstrap, name, records);

    BitSet seen = new BitSet(records);
    AtomicInteger distinct = new AtomicInteger();
    AtomicInteger twice = new AtomicInteger();
    AtomicLong firstRecordAt = new AtomicLong();
    AtomicReference<Exception> failure = new AtomicReference<>();
    ExecutorService threads = Executors.newFixedThreadPool(consumers);
    long start = System.nanoTime();
    List<Future<?>> running = new ArrayList<>();
    for (int i = 0; i < consumers; i++) {
      running.add(threads.submit(() -> {
        try (KafkaShareConsumer<byte[], byte[]> consumer = new KafkaShareConsumer<>(config(bootstrap, name))) {
          consumer.subscribe(List.of(name));
          long deadline = start + TIMEOUT_MS * 1_000_000;
          while (distinct.get() < records && failure.get() == null) {
            if (System.nanoTime() > deadline) {
              throw new IllegalStateException(name + ": " + distinct.get() + " of " + records + " records in "
                  + TIMEOUT_MS + " ms");
            }
            var polled = consumer.poll(POLL);
            if (polled.isEmpty()) {
              continue;
            }
            firstRecordAt.compareAndSet(0, System.nanoTime());
            synchronized (seen) {
              for (ConsumerRecord<byte[], byte[]> r : polled) {
                int index = ByteBuffer.wrap(r.key()).getInt();
                if (seen.get(index)) {
                  twice.incrementAndGet();
                } else {
                  seen.set(index);
                  distinct.incrementAndGet();
                }
              }
            }
          }
          // The last poll's records are acknowledged with the next request: commitSync sends them now.
          consumer.commitSync();
          if (Boolean.getBoolean("kwire.bench.metrics")) {
            printMetrics(consumer);
          }
        } catch (Exception e) {
          failure.compareAndSet(null, e);
        }
        return null;
      }));
    }
    for (Future<?> f : running) {
      f.get();
    }
    long end = System.nanoTime();
    threads.shutdown();
    if (failure.get() != null) {
      throw failure.get();
    }
    if (distinct.get() != records || twice.get() != 0) {
      throw new IllegalStateException(name + ": " + distinct.get() + " distinct records of " + records + ", "
          + twice.get() + " delivered twice");
    }
    return new Result(records / ((end - firstRecordAt.get()) / 1e9), (firstRecordAt.get() - start) / 1e6,
        (end - start) / 1e6);
  }

  /** The consumer's share fetches, for comparing the sides (-Dkwire.bench.metrics=true). */
  private static void printMetrics(KafkaShareConsumer<?, ?> consumer) {
    consumer.metrics().forEach((name, metric) -> {
      if (name.group().contains("share") && !name.tags().containsKey("topic") && (name.name().startsWith("fetch-latency")
          || name.name().equals("fetch-total") || name.name().equals("records-per-request-avg"))
          && metric.metricValue() instanceof Double v) {
        System.out.printf(java.util.Locale.ROOT, "  metric %s %s [%s] %.2f%n", name.group(), name.name(),
            name.tags().get("client-id"), v);
      }
    });
  }

  private static void produce(String bootstrap, String topic, int records) throws Exception {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    p.put(ProducerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 20_000);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    Random random = new Random(SEED);
    AtomicReference<Exception> failed = new AtomicReference<>();
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      for (int i = 0; i < records; i++) {
        byte[] value = new byte[VALUE_BYTES];
        random.nextBytes(value);
        producer.send(new ProducerRecord<>(topic, i % PARTITIONS, ByteBuffer.allocate(4).putInt(i).array(), value),
            (metadata, e) -> {
              if (e != null) {
                failed.compareAndSet(null, e);
              }
            });
      }
      producer.flush();
    }
    if (failed.get() != null) {
      throw new IllegalStateException(topic + ": a send failed", failed.get());
    }
  }

  private static Properties config(String bootstrap, String group) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "implicit");
    p.put(ConsumerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    return p;
  }
}
