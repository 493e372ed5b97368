package io.kwire.bench.net;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * kafka-clients' consumer straight from an embedded Kafka 4.4.0 broker and through the pass-through
 * proxy, in turn, over a topic written once (docs/proxy.md, "Wire speed"): long enough runs that
 * a consumer's start (connections, ApiVersions, the first fetch) is a small part of each. Arguments
 * (all optional): records (2,000,000 of 100 bytes), rounds (5), partitions (1). Through the proxy it
 * also reports the proxy's CPU per MB forwarded: its event loops' CPU time (user and system,
 * {@link CpuShares}) over the bytes the consumer fetched, in CPU milliseconds per MB, which is
 * millicores per MB/s (Kroxylicious' sizing unit). A third target, side by side, is the proxy
 * reading every response whole before forwarding it (store and forward, the {@code
 * kwire.proxy.cutThrough} system property off when it starts), as before cut-through.
 */
public final class ConsumerLoad {
  private static final String TOPIC = "consumer-load";

  private ConsumerLoad() {}

  public static void main(String[] args) throws Exception {
    int records = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int partitions = args.length > 2 ? Integer.parseInt(args[2]) : 1;
    EmbeddedKafka broker = EmbeddedKafka.shared();
    try (Admin admin = broker.admin()) {
      admin.createTopics(List.of(new NewTopic(TOPIC, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    produce(broker.address(), records, partitions);
    System.out.printf("kwire consumer load: %d records of 100 bytes in %d partition(s), %d rounds; %d cores, "
        + "load average %.2f%n", records, partitions, rounds, Runtime.getRuntime().availableProcessors(), loadAverage());
    ProxyConfig plain = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address()).withEvents(line -> { });
    System.setProperty("kwire.proxy.cutThrough", "false");
    KwireProxy whole = KwireProxy.start(plain); // store and forward, side by side
    System.clearProperty("kwire.proxy.cutThrough");
    try (whole; KwireProxy proxy = KwireProxy.start(plain)) {
      List<InetSocketAddress> targets = List.of(broker.address(), whole.localAddress(), proxy.localAddress());
      for (InetSocketAddress target : targets) {
        consume(target, records, partitions); // warms the JIT on every path: not reported
      }
      double[] ratios = new double[rounds];
      double[] wholeRatios = new double[rounds];
      double[] cpuPerMb = new double[rounds];
      double[] wholeCpuPerMb = new double[rounds];
      for (int round = 0; round < rounds; round++) {
        // each round starts from the next, so that none always follows another
        Run[] runs = new Run[targets.size()];
        for (int i = 0; i < targets.size(); i++) {
          int at = (i + round) % targets.size();
          runs[at] = consume(targets.get(at), records, partitions);
        }
        double direct = runs[0].recordsPerSecond();
        ratios[round] = runs[2].recordsPerSecond() / direct;
        wholeRatios[round] = runs[1].recordsPerSecond() / direct;
        cpuPerMb[round] = runs[2].proxyCpuMsPerMb();
        wholeCpuPerMb[round] = runs[1].proxyCpuMsPerMb();
        System.out.printf("round %d: direct %,.0f records/s; proxy %,.0f records/s (%.2fx), CPU %.1f ms per MB"
            + " (%.0f MB/s); store and forward %,.0f records/s (%.2fx), CPU %.1f ms per MB%n", round + 1, direct,
            runs[2].recordsPerSecond(), ratios[round], cpuPerMb[round], runs[2].megabytesPerSecond(),
            runs[1].recordsPerSecond(), wholeRatios[round], wholeCpuPerMb[round]);
      }
      System.out.printf("median ratio %.2fx (store and forward %.2fx); median proxy CPU %.1f ms per MB forwarded"
          + " (millicores per MB/s; store and forward %.1f); load average at the end %.2f%n", median(ratios),
          median(wholeRatios), median(cpuPerMb), median(wholeCpuPerMb), loadAverage());
    }
    System.exit(0); // the shared broker's threads are not daemons
  }

  private static void produce(InetSocketAddress broker, int n, int partitions) throws Exception {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + broker.getPort());
    p.put(ProducerConfig.ACKS_CONFIG, "1");
    p.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 << 10);
    p.put(ProducerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    byte[] value = new byte[100];
    Arrays.fill(value, (byte) 'x');
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      for (int i = 0; i < n; i++) {
        producer.send(new ProducerRecord<>(TOPIC, i % partitions, null, value));
      }
      producer.flush();
    }
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /** One consumer's run: records/s, MB/s fetched, and the proxy's event loops' CPU ms per MB (0 direct, nearly). */
  private record Run(double recordsPerSecond, double megabytesPerSecond, double proxyCpuMsPerMb) {}

  /** The proxy's threads: kwire-net's event loops. */
  private static String proxyThreads(String name) {
    return name.startsWith("multiThreadIoEventLoopGroup") ? "proxy" : "other";
  }

  /** Every record of the topic read from the start by a new consumer; records/s from its first poll. */
  private static Run consume(InetSocketAddress at, int n, int partitions) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + at.getPort());
    p.put(ConsumerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
      List<TopicPartition> all = new java.util.ArrayList<>();
      for (int i = 0; i < partitions; i++) {
        all.add(new TopicPartition(TOPIC, i));
      }
      consumer.assign(all);
      consumer.seekToBeginning(all);
      all.forEach(consumer::position); // resolved before the clock starts
      double bytesBefore = bytesConsumed(consumer);
      CpuShares cpu = CpuShares.start(ConsumerLoad::proxyThreads);
      long start = System.nanoTime();
      long read = 0;
      while (read < n) {
        ConsumerRecords<byte[], byte[]> got = consumer.poll(Duration.ofMillis(200));
        read += got.count();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      double proxyCores = cpu.end().getOrDefault("proxy", 0.0);
      double megabytes = (bytesConsumed(consumer) - bytesBefore) / 1e6;
      return new Run(read / seconds, megabytes / seconds, proxyCores * seconds * 1e3 / megabytes);
    }
  }

  /** The consumer's own count of the bytes its fetches returned (fetch-manager-metrics). */
  private static double bytesConsumed(KafkaConsumer<byte[], byte[]> consumer) {
    return consumer.metrics().entrySet().stream()
        .filter(e -> e.getKey().name().equals("bytes-consumed-total") && e.getKey().group().equals("consumer-fetch-manager-metrics")
            && !e.getKey().tags().containsKey("topic"))
        .mapToDouble(e -> ((Number) e.getValue().metricValue()).doubleValue()).findFirst().orElse(0);
  }

  private static double loadAverage() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
