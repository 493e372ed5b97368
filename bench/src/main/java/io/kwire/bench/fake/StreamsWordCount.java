package io.kwire.bench.fake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Produced;

/**
 * A Kafka Streams 4.4.0 word count end to end (issue 26): {@code lines} input lines of
 * {@link #WORDS_PER_LINE} words drawn with a fixed seed from a vocabulary of {@link #VOCABULARY}
 * words, keyed by line number, are produced to a fresh 3-partition topic (untimed); the application
 * splits them into words, re-keys them by word (a repartition topic), counts them (a state store
 * and its changelog topic, which Streams creates) and writes the counts to a 3-partition output
 * topic. The wall time runs from {@code KafkaStreams.start()} to the moment a read_committed
 * consumer of the output topic has seen every word's final count. Parameters: the processing
 * guarantee (exactly_once_v2 or at_least_once) and the group protocol (classic or streams). Both
 * guarantees commit every 100 ms (exactly_once_v2's default; at_least_once's is 30 s, which would
 * hold the cached counts back for that long).
 */
final class StreamsWordCount {
  static final int PARTITIONS = 3;
  static final int WORDS_PER_LINE = 5;
  static final int VOCABULARY = 1_000;
  static final long SEED = 26;
  private static final long TIMEOUT_MS = 120_000;

  private StreamsWordCount() {}

  /**
   * The figures of one run, ms from start(): the application RUNNING (its group joined, its tasks
   * assigned and restored), the first count read, every final count read.
   */
  record Result(double runningMs, double firstCountMs, double lastCountMs) {}

  /** Runs the application once on fresh topics named after {@code name}. */
  static Result run(String bootstrap, String name, int lines, String guarantee, String groupProtocol)
      throws Exception {
    String input = name + "-lines";
    String output = name + "-counts";
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false))) {
      admin.createTopics(List.of(new NewTopic(input, PARTITIONS, (short) 1), new NewTopic(output, PARTITIONS,
          (short) 1))).all().get();
    }
    Map<String, Long> expected = produce(bootstrap, input, lines);

    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(input, Consumed.with(Serdes.String(), Serdes.String()))
        .flatMapValues(line -> Arrays.asList(line.split(" ")))
        .groupBy((key, word) -> word, Grouped.with(name + "-by-word", Serdes.String(), Serdes.String()))
        .count()
        .toStream()
        .to(output, Produced.with(Serdes.String(), Serdes.Long()));
    Path stateDir = Files.createTempDirectory("kwire-bench-streams");
    Properties config = new Properties();
    config.put(StreamsConfig.APPLICATION_ID_CONFIG, name);
    config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, guarantee);
    config.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, groupProtocol);
    config.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
    config.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, 1);
    config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    config.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
    // Streams' own setting, which it passes on to its clients (they must agree).
    config.put(StreamsConfig.ENABLE_METRICS_PUSH_CONFIG, false);

    AtomicReference<Throwable> failure = new AtomicReference<>();
    try (KafkaConsumer<String, Long> reader = new KafkaConsumer<>(reader(bootstrap));
        KafkaStreams streams = new KafkaStreams(builder.build(), config)) {
      List<TopicPartition> partitions = List.of(new TopicPartition(output, 0), new TopicPartition(output, 1),
          new TopicPartition(output, 2));
      reader.assign(partitions);
      reader.seekToBeginning(partitions);
      streams.setUncaughtExceptionHandler(e -> {
        failure.compareAndSet(null, e);
        return org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse
            .SHUTDOWN_CLIENT;
      });
      Map<String, Long> latest = new HashMap<>();
      int wordsDone = 0;
      long start = System.nanoTime();
      long[] runningAt = new long[1];
      streams.setStateListener((now, before) -> {
        if (now == KafkaStreams.State.RUNNING && runningAt[0] == 0) {
          runningAt[0] = System.nanoTime();
        }
      });
      long firstCountAt = 0;
      streams.start();
      long deadline = start + TIMEOUT_MS * 1_000_000;
      while (wordsDone < expected.size()) {
        if (failure.get() != null) {
          throw new IllegalStateException(name + ": the application failed", failure.get());
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(name + ": " + wordsDone + " of " + expected.size() + " words at their final"
              + " count in " + TIMEOUT_MS + " ms; application state " + streams.state());
        }
        var counts = reader.poll(Duration.ofMillis(50));
        if (firstCountAt == 0 && !counts.isEmpty()) {
          firstCountAt = System.nanoTime();
        }
        for (ConsumerRecord<String, Long> r : counts) {
          Long before = latest.put(r.key(), r.value());
          long want = expected.getOrDefault(r.key(), -1L);
          if (r.value() > want) {
            throw new IllegalStateException(name + ": " + r.key() + " counted " + r.value() + ", expected " + want);
          }
          if (r.value() == want && (before == null || before != want)) {
            wordsDone++;
          }
        }
      }
      long end = System.nanoTime();
      if (Boolean.getBoolean("kwire.bench.metrics")) {
        printMetrics(streams);
      }
      streams.close(Duration.ofSeconds(30));
      return new Result((runningAt[0] - start) / 1e6, (firstCountAt - start) / 1e6, (end - start) / 1e6);
    } finally {
      deleteTree(stateDir);
    }
  }

  /** Writes the lines and returns each word's count in them. */
  private static Map<String, Long> produce(String bootstrap, String topic, int lines) throws Exception {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    // A side that stops answering fails its round in 30 s rather than the default 2 minutes.
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 20_000);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    Random random = new Random(SEED);
    Map<String, Long> counts = new HashMap<>();
    AtomicReference<Exception> failed = new AtomicReference<>();
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < lines; i++) {
        line.setLength(0);
        for (int w = 0; w < WORDS_PER_LINE; w++) {
          String word = String.format(Locale.ROOT, "w%04d", random.nextInt(VOCABULARY));
          counts.merge(word, 1L, Long::sum);
          line.append(w == 0 ? "" : " ").append(word);
        }
        producer.send(new ProducerRecord<>(topic, "line-" + i, line.toString()), (metadata, e) -> {
          if (e != null) {
            failed.compareAndSet(null, e);
          }
        });
      }
      producer.flush();
    }
    if (failed.get() != null) {
      throw new IllegalStateException(topic + ": a send failed; " + leaders(bootstrap, topic), failed.get());
    }
    return counts;
  }

  private static final java.util.Set<String> WHERE_TIME_GOES = java.util.Set.of("commit-latency-avg",
      "commit-latency-max", "commit-total", "poll-latency-avg", "poll-total", "process-latency-avg",
      "fetch-latency-avg", "fetch-latency-max", "fetch-total", "request-latency-avg", "request-latency-max",
      "txn-commit-time-ns-total", "txn-send-offsets-time-ns-total", "txn-begin-time-ns-total",
      "txn-init-time-ns-total", "flush-time-ns-total", "join-time-avg", "sync-time-avg", "records-per-request-avg");

  /**
   * Where the application's time went, for comparing the sides (-Dkwire.bench.metrics=true): the
   * stream thread's commit and poll latencies, its consumer's fetch and its producer's request and
   * transaction latencies, client-level metrics only.
   */
  private static void printMetrics(KafkaStreams streams) {
    streams.metrics().forEach((name, metric) -> {
      Map<String, String> tags = name.tags();
      if (WHERE_TIME_GOES.contains(name.name()) && !tags.containsKey("topic") && !tags.containsKey("task-id")
          && !tags.containsKey("node-id") && !tags.containsKey("processor-node-id") && metric.metricValue() instanceof Double v
          && !v.isNaN() && v != 0) {
        String client = tags.getOrDefault("client-id", tags.getOrDefault("thread-id", ""));
        client = client.substring(Math.max(0, client.lastIndexOf('-', client.lastIndexOf('-') - 1) + 1));
        System.out.printf(Locale.ROOT, "metric %s %s [%s] %.2f%n", name.group(), name.name(), client,
            name.name().endsWith("-ns-total") ? v / 1e6 : v);
      }
    });
  }

  /** What the cluster says of the topic's partitions, for a failed round's message. */
  static String leaders(String bootstrap, String topic) {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false))) {
      return "described: " + admin.describeTopics(List.of(topic)).allTopicNames().get(10, java.util.concurrent.TimeUnit.SECONDS)
          .get(topic).partitions() + "; cluster " + admin.describeCluster().nodes().get(10,
              java.util.concurrent.TimeUnit.SECONDS);
    } catch (Exception e) {
      return "describe failed: " + e;
    }
  }

  private static Properties reader(String bootstrap) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, LongDeserializer.class.getName());
    return p;
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
