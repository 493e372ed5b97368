package io.kwire.bench.fake;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * What an e2e test of a Kafka application does, with kafka-clients 4.4.0: an AdminClient creates
 * the topics; an idempotent producer (acks=all) per compression codec writes its topic; a
 * transactional producer writes and commits one transaction; a classic consumer group (one
 * read_committed member) subscribes to every topic and reads every record, then commits. The same
 * code against the fake and the broker; every topic, id and group is named after {@code prefix},
 * so that rounds do not meet.
 */
final class E2eWorkload {
  static final List<String> CODECS = List.of("none", "gzip", "snappy", "lz4", "zstd");
  static final int PARTITIONS = 3;
  static final int RECORDS_PER_CODEC = 2_000;
  static final int TRANSACTION_RECORDS = 500;
  private static final String VALUE = "v".repeat(100);

  private E2eWorkload() {}

  /** Runs the workload once and returns its wall time in ms; throws if a record is missing. */
  static double run(String bootstrap, String prefix) throws Exception {
    long start = System.nanoTime();
    List<String> topics = new ArrayList<>();
    CODECS.forEach(codec -> topics.add(prefix + "-" + codec));
    String txnTopic = prefix + "-txn";
    topics.add(txnTopic);
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false))) {
      admin.createTopics(topics.stream().map(t -> new NewTopic(t, PARTITIONS, (short) 1)).toList()).all().get();
    }
    for (String codec : CODECS) {
      Properties p = producer(bootstrap);
      p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
      p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, codec);
      AtomicReference<Exception> failed = new AtomicReference<>();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
        for (int i = 0; i < RECORDS_PER_CODEC; i++) {
          producer.send(new ProducerRecord<>(prefix + "-" + codec, "key-" + i, VALUE + i), (metadata, e) -> {
            if (e != null) {
              failed.compareAndSet(null, e);
            }
          });
        }
        producer.flush();
      }
      if (failed.get() != null) {
        throw new IllegalStateException(prefix + ": a " + codec + " send failed", failed.get());
      }
    }
    Properties t = producer(bootstrap);
    t.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, prefix + "-tx");
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(t)) {
      producer.initTransactions();
      producer.beginTransaction();
      for (int i = 0; i < TRANSACTION_RECORDS; i++) {
        producer.send(new ProducerRecord<>(txnTopic, "key-" + i, VALUE + i));
      }
      producer.commitTransaction();
    }
    int expected = CODECS.size() * RECORDS_PER_CODEC + TRANSACTION_RECORDS;
    int seen = 0;
    Map<String, Integer> perPartition = new java.util.TreeMap<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumer(bootstrap, prefix + "-group"))) {
      consumer.subscribe(topics);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (seen < expected) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(prefix + ": consumed " + seen + " of " + expected + " records in 30 s; per"
              + " partition " + perPartition + "; positions " + positions(consumer) + "; end offsets "
              + consumer.endOffsets(consumer.assignment()));
        }
        ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
        records.forEach(r -> perPartition.merge(r.topic() + "-" + r.partition(), 1, Integer::sum));
        seen += records.count();
      }
      consumer.commitSync();
    }
    if (seen != expected) {
      throw new IllegalStateException(prefix + ": consumed " + seen + " records, expected " + expected);
    }
    return (System.nanoTime() - start) / 1e6;
  }

  private static Properties producer(String bootstrap) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    return p;
  }

  private static Properties consumer(String bootstrap, String group) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    p.put(ConsumerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    return p;
  }

  private static Map<String, Long> positions(KafkaConsumer<?, ?> consumer) {
    Map<String, Long> positions = new java.util.TreeMap<>();
    consumer.assignment().forEach(tp -> positions.put(tp.toString(), consumer.position(tp)));
    return positions;
  }

  /** The cause of a failed admin or client future, for a readable message. */
  static Throwable cause(Throwable e) {
    return e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
  }
}
