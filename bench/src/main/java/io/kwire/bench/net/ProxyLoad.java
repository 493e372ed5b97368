package io.kwire.bench.net;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.net.KwireClient;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.proxy.filter.FilterLoader;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
 * The proxy load harness (docs/proxy.md, "Wire speed"): on loopback, in one JVM, an embedded Kafka
 * 4.4.0 broker straight and through {@code kwire proxy}: pass-through (no filter reads Produce or
 * Fetch), a filter reading every Produce and its records ({@code require-header}), and
 * {@code --check} (everything decoded and re-encoded). Per target: kafka-clients' producer (records/s,
 * p99 of the send-to-acknowledgement latency), its consumer reading them back (records/s), and the
 * pipelined load of a pre-encoded one-record Produce frame ({@link PipelinedLoad}: requests/s, p50,
 * p99). Each round starts from the next target in turn. A fifth target is the pass-through proxy
 * with its per-request metrics off (the {@code kwire.proxy.metrics} system property, read when a
 * proxy starts), for what the metrics cost, and a sixth the proxy reading every response whole before
 * forwarding it ({@code kwire.proxy.cutThrough} off: store and forward, as before). A seventh,
 * {@code relay}, is the floor any proxy pays for the extra hop: a {@link BareRelay} (a byte pump, no
 * Kafka parsing, as many event loops as the proxy), run with the pipelined load only (it rewrites no address, so
 * kafka-clients would leave it after Metadata). Arguments (all optional): records (200000), connections
 * (8), in flight (16), seconds measured per pipelined run (5), warm-up seconds (2), rounds (2), and
 * the targets to run, a comma-separated list of {@code direct}, {@code proxy}, {@code nometrics},
 * {@code header}, {@code check}, {@code whole}, {@code relay} (all but {@code whole} and {@code relay}); {@code -} as records skips the producer and consumer runs
 * (the pipelined load alone); and the pipelined load's frame, {@code produce} (the default) or
 * {@code fetch} (a consumer-shaped load with no Metadata: Fetch v12 of 1 MiB from offset 0 of a log
 * written once, so that the bare relay carries it whole; MB/s of responses).
 */
public final class ProxyLoad {
  private static final String TOPIC = "proxy-load";

  private ProxyLoad() {}

  public static void main(String[] args) throws Exception {
    boolean clients = !(args.length > 0 && args[0].equals("-"));
    int records = clients ? arg(args, 0, 200_000) : 0;
    int connections = arg(args, 1, 8);
    int inFlight = arg(args, 2, 16);
    Duration measured = Duration.ofSeconds(arg(args, 3, 5));
    Duration warmup = Duration.ofSeconds(arg(args, 4, 2));
    int rounds = arg(args, 5, 2);
    List<String> wanted = List.of((args.length > 6 ? args[6] : "direct,proxy,nometrics,header,check").split(","));
    boolean fetchLoad = args.length > 7 && args[7].equals("fetch");
    System.out.printf("kwire proxy load: %d records; %d connections x %d in flight, %s measured after %s warm-up;"
        + " %d rounds; %d cores, load average %.2f%n", records, connections, inFlight, measured, warmup, rounds,
        Runtime.getRuntime().availableProcessors(), loadAverage());
    EmbeddedKafka broker = EmbeddedKafka.shared();
    try (Admin admin = broker.admin()) {
      admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    InetSocketAddress any = new InetSocketAddress("127.0.0.1", 0);
    ProxyConfig plain = ProxyConfig.of(any, broker.address()).withEvents(line -> { });
    EventLoopGroup generator = new MultiThreadIoEventLoopGroup(2,
        new io.netty.util.concurrent.DefaultThreadFactory("load-generator"), NioIoHandler.newFactory());
    System.setProperty("kwire.proxy.metrics", "false");
    KwireProxy uncounted = KwireProxy.start(plain);
    System.clearProperty("kwire.proxy.metrics");
    System.setProperty("kwire.proxy.cutThrough", "false");
    KwireProxy whole = KwireProxy.start(plain);
    System.clearProperty("kwire.proxy.cutThrough");
    // As many event loops as kwire proxy's (Netty's default, twice the cores), so that only the work per byte differs.
    BareRelay relay = BareRelay.start(broker.address(), 0);
    try (uncounted; whole; relay;
        KwireProxy passThrough = KwireProxy.start(plain);
        KwireProxy filtered = KwireProxy.start(plain.withFilter(
            FilterLoader.load("require-header:header=trace-id", ProxyLoad.class.getClassLoader())));
        KwireProxy checked = KwireProxy.start(plain.withCheck(true))) {
      Map<String, InetSocketAddress> targets = new LinkedHashMap<>();
      Map<String, InetSocketAddress> all = new LinkedHashMap<>();
      all.put("direct", broker.address());
      all.put("relay", relay.localAddress());
      all.put("proxy", passThrough.localAddress());
      all.put("nometrics", uncounted.localAddress());
      all.put("whole", whole.localAddress());
      all.put("header", filtered.localAddress());
      all.put("check", checked.localAddress());
      Map<String, String> names = Map.of("direct", "direct", "relay", "bare relay", "proxy", "proxy", "nometrics", "proxy, metrics off",
          "whole", "proxy, store and forward",
          "header", "proxy + require-header", "check", "proxy --check");
      all.forEach((key, address) -> {
        if (wanted.contains(key)) {
          targets.put(names.get(key), address);
        }
      });
      byte[] frame = fetchLoad ? fetchFrame() : produceFrame();
      java.util.concurrent.atomic.LongAdder responseBytes = new java.util.concurrent.atomic.LongAdder();
      java.util.concurrent.atomic.LongAdder responses = new java.util.concurrent.atomic.LongAdder();
      Function<KwireClient, CompletableFuture<?>> send = client -> client.sendFrame(frame).thenApply(response -> {
        responseBytes.add(response.length);
        responses.increment();
        return response;
      });
      if (fetchLoad) {
        // The fetched log: FETCH_SEED_RECORDS written once, so that every Fetch from offset 0 is answered in full.
        producer("seed", "127.0.0.1:" + broker.address().getPort(), FETCH_SEED_RECORDS);
      }
      String load = fetchLoad ? "Fetch frames, " : "Produce frames, ";
      // Round 0 warms the JIT on every target and is not reported.
      for (int round = 0; round <= rounds; round++) {
        System.out.printf(round == 0 ? "JIT warm-up round, discarded, load average %2$.2f%n"
            : "round %d, load average %.2f%n", round, loadAverage());
        int n = round == 0 ? Math.max(1, records / 10) : records;
        Duration measure = round == 0 ? warmup : measured;
        List<String> lines = new ArrayList<>();
        // Each round starts from another target, so that none is always the first (the broker's cold start, its log growing).
        List<Map.Entry<String, InetSocketAddress>> order = new ArrayList<>(targets.entrySet());
        java.util.Collections.rotate(order, -(round % order.size()));
        for (Map.Entry<String, InetSocketAddress> t : order) {
          String bootstrap = "127.0.0.1:" + t.getValue().getPort();
          // The bare relay rewrites no address: kafka-clients would reach the broker itself after Metadata.
          if (clients && !t.getValue().equals(relay.localAddress())) {
            lines.add(producer(t.getKey(), bootstrap, n));
            lines.add(consumer(t.getKey(), bootstrap, n));
          }
          CpuShares cpu = CpuShares.start(ProxyLoad::threadGroup);
          responseBytes.reset();
          responses.reset();
          LoadResult pipelined = PipelinedLoad.run(load + t.getKey(), t.getValue(), generator,
              connections, inFlight, send, warmup, measure);
          double averageResponse = responses.sum() == 0 ? 0 : (double) responseBytes.sum() / responses.sum();
          lines.add(pipelined + String.format("   %.1f MB/s of responses (%.0f bytes each)",
              pipelined.requestsPerSecond() * averageResponse / 1e6, averageResponse)
              + cores(cpu.end(), cpu.userCores(), pipelined.requestsPerSecond()));
        }
        if (round > 0) {
          lines.forEach(System.out::println);
        }
      }
    } finally {
      generator.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
    System.out.printf("load average at the end %.2f%n", loadAverage());
    System.exit(0); // the shared broker's threads are not daemons
  }

  /** {@code n} 100-byte records with a trace-id header, acks=1, batched as the producer likes; records/s and p99 send latency. */
  private static String producer(String name, String bootstrap, int n) throws Exception {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "1");
    p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    p.put(ProducerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    byte[] value = new byte[100];
    Arrays.fill(value, (byte) 'x');
    long[] latencies = new long[n];
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      producer.partitionsFor(TOPIC); // metadata first: not measured
      long start = System.nanoTime();
      List<java.util.concurrent.Future<?>> sent = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        int at = i;
        long t = System.nanoTime();
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(TOPIC, 0, null, value);
        r.headers().add("trace-id", "t".getBytes(StandardCharsets.UTF_8));
        sent.add(producer.send(r, (meta, e) -> latencies[at] = System.nanoTime() - t));
      }
      for (java.util.concurrent.Future<?> f : sent) {
        f.get();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      Arrays.sort(latencies);
      return String.format("%-44s %10.0f records/s   p99 send %8.1f ms", "producer, " + name, n / seconds,
          latencies[(int) Math.ceil(0.99 * n) - 1] / 1e6);
    }
  }

  /** The last {@code n} records of the topic read back; records/s. */
  private static String consumer(String name, String bootstrap, int n) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    TopicPartition partition = new TopicPartition(TOPIC, 0);
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
      consumer.assign(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      consumer.seek(partition, Math.max(0, end - n));
      long start = System.nanoTime();
      long read = 0;
      while (read < n) {
        ConsumerRecords<byte[], byte[]> got = consumer.poll(Duration.ofMillis(200));
        read += got.count();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      return String.format("%-44s %10.0f records/s", "consumer, " + name, read / seconds);
    }
  }

  /** Records written before a Fetch load: about 2.6 MB, more than one Fetch's 1 MiB. */
  private static final int FETCH_SEED_RECORDS = 20_000;

  /** A consumer-shaped frame without Metadata: Fetch v12 of up to 1 MiB from offset 0, answered at once. */
  private static byte[] fetchFrame() {
    FetchRequest request = new FetchRequestBuilder().maxWaitMs(0).minBytes(1).maxBytes(1 << 20)
        .isolationLevel((byte) 0).sessionId(0).sessionEpoch(-1).forgottenTopicsData(List.of()).rackId("")
        .topics(List.of(new FetchRequestBuilder.FetchTopicBuilder().topic(TOPIC).partitions(List.of(
            new FetchRequestBuilder.FetchPartitionBuilder().partition(0).fetchOffset(0).partitionMaxBytes(1 << 20)
                .build())).build())).build();
    return Frames.encodeRequest(new RequestHeader((short) 1, (short) 12, 0, "kwire-proxy-load"),
        FetchRequestCodec.INSTANCE, request);
  }

  /** One 100-byte record with its trace-id header, acks=1, Produce v12. */
  private static byte[] produceFrame() {
    byte[] value = new byte[100];
    Arrays.fill(value, (byte) 'x');
    ProduceRequest request = new ProduceRequestBuilder().acks((short) 1).timeoutMs(30_000).topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name(TOPIC).partitionData(List.of(
            new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0).records(RecordBatchBuilder.create(0L)
                .append(System.currentTimeMillis(), null, value,
                    new Header("trace-id", "t".getBytes(StandardCharsets.UTF_8))).build()).build())).build())).build();
    return Frames.encodeRequest(new RequestHeader((short) 0, (short) 12, 0, "kwire-proxy-load"),
        ProduceRequestCodec.INSTANCE, request);
  }

  /** The proxies' threads (kwire-net's event loops), the load generator's, and the rest (the broker's, the JVM's). */
  private static String threadGroup(String name) {
    return name.startsWith("multiThreadIoEventLoopGroup") ? "proxy"
        : name.startsWith("relay") ? "relay"
        : name.startsWith("load-generator") ? "generator" : "broker+jvm";
  }

  /** The cores each group kept busy during the pipelined run, its CPU microseconds per request, and how many of them in user mode. */
  private static String cores(Map<String, Double> cores, Map<String, Double> user, double requestsPerSecond) {
    StringBuilder out = new StringBuilder("\n      cores:");
    cores.forEach((group, busy) -> out.append(String.format(" %s %.2f (%.1f us/request, %.1f user)", group, busy,
        busy * 1e6 / requestsPerSecond, user.getOrDefault(group, 0.0) * 1e6 / requestsPerSecond)));
    return out.toString();
  }

  private static double loadAverage() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static int arg(String[] args, int index, int otherwise) {
    return args.length > index ? Integer.parseInt(args[index]) : otherwise;
  }
}
