package io.kwire.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The load measurement of docs/proxy.md, not part of the default build: run it with
 * {@code mvn -B -o -pl e2e -am verify -Dinvoker.skip -Dtest=ProxyLoadTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dkwire.load=true}. 100 connections each send pipelined batches (a Metadata request and a small
 * acks=1 Produce, alternating) straight to the embedded broker, then through the proxy, then
 * through the proxy in check mode, in rounds after one warm-up run; it prints throughput and p50/p99
 * latency of each, and their ratios to the direct run of the same round.
 */
@EnabledIfSystemProperty(named = "kwire.load", matches = "true")
class ProxyLoadTest {
  private static final int CONNECTIONS = Integer.getInteger("kwire.load.connections", 100);
  private static final int PIPELINE = Integer.getInteger("kwire.load.pipeline", 4);
  private static final long WARMUP_MS = Long.getLong("kwire.load.warmupMs", 3000);
  private static final long MEASURE_MS = Long.getLong("kwire.load.measureMs", 10_000);
  private static final int ROUNDS = Integer.getInteger("kwire.load.rounds", 2);
  private static final String TOPIC = "proxy-load";

  /** Throughput in responses per second, latencies in microseconds. */
  record Result(String name, double perSecond, long p50, long p99) {}

  @Test
  void directVersusThroughTheProxy() throws Exception {
    EmbeddedKafka broker = EmbeddedKafka.shared();
    try (Admin admin = broker.admin()) {
      admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    // The broker's code is cold at first: one unmeasured run, then rounds that alternate the modes.
    run("warm-up", broker.address());
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address());
    System.out.printf("%d connections, %d requests pipelined per connection, %d ms measured after %d ms warm-up%n",
        CONNECTIONS, PIPELINE, MEASURE_MS, WARMUP_MS);
    System.out.printf("%-20s %12s %10s %10s %10s %10s %10s%n", "", "responses/s", "p50 us", "p99 us", "thrpt x", "p50 x",
        "p99 x");
    for (int round = 1; round <= ROUNDS; round++) {
      List<Result> results = new ArrayList<>();
      results.add(run("direct", broker.address()));
      try (KwireProxy proxy = KwireProxy.start(config)) {
        results.add(run("proxy", proxy.localAddress()));
        assertEquals(0, proxy.stats().decodeFailures());
      }
      try (KwireProxy proxy = KwireProxy.start(config.withCheck(true))) {
        results.add(run("proxy --check", proxy.localAddress()));
        assertEquals(0, proxy.stats().differences());
      }
      Result direct = results.get(0);
      for (Result r : results) {
        System.out.printf("%-20s %12.0f %10d %10d %10.2f %10.2f %10.2f%n", "round " + round + " " + r.name(),
            r.perSecond(), r.p50(), r.p99(), r.perSecond() / direct.perSecond(), (double) r.p50() / direct.p50(),
            (double) r.p99() / direct.p99());
      }
    }
  }

  private static Result run(String name, InetSocketAddress target) throws Exception {
    Worker[] workers = new Worker[CONNECTIONS];
    for (int i = 0; i < CONNECTIONS; i++) {
      workers[i] = new Worker(target, i);
    }
    long start = System.nanoTime();
    long measureFrom = start + TimeUnit.MILLISECONDS.toNanos(WARMUP_MS);
    long end = measureFrom + TimeUnit.MILLISECONDS.toNanos(MEASURE_MS);
    Thread[] threads = new Thread[CONNECTIONS];
    for (int i = 0; i < CONNECTIONS; i++) {
      Worker w = workers[i];
      threads[i] = new Thread(() -> w.run(measureFrom, end), "load-" + i);
      threads[i].start();
    }
    long count = 0;
    long[] all = new long[0];
    for (int i = 0; i < CONNECTIONS; i++) {
      threads[i].join();
      assertTrue(workers[i].failure == null, name + ": " + workers[i].failure);
      long[] mine = Arrays.copyOf(workers[i].latencies, workers[i].size);
      long[] merged = Arrays.copyOf(all, all.length + mine.length);
      System.arraycopy(mine, 0, merged, all.length, mine.length);
      all = merged;
      count += workers[i].size;
    }
    Arrays.sort(all);
    return new Result(name, count * 1000.0 / MEASURE_MS, all[all.length / 2] / 1000, all[(int) (all.length * 0.99)] / 1000);
  }

  /** One connection: writes {@link #PIPELINE} requests at once, then reads their responses, until the end. */
  private static final class Worker {
    private final Socket socket;
    private final byte[] metadata;
    private final byte[] produce;
    long[] latencies = new long[1 << 16];
    int size;
    volatile Exception failure;

    Worker(InetSocketAddress target, int id) throws IOException {
      socket = new Socket(target.getAddress(), target.getPort());
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(30_000);
      metadata = Frames.encodeRequest(new RequestHeader((short) 3, (short) 12, 0, "load-" + id),
          MetadataRequestCodec.INSTANCE, new MetadataRequest(List.of(new MetadataRequest.MetadataRequestTopic(new java.util.UUID(0, 0), TOPIC,
              UnknownTaggedFields.EMPTY)), false, false, false, UnknownTaggedFields.EMPTY));
      byte[] value = new byte[100];
      Arrays.fill(value, (byte) 'x');
      produce = Frames.encodeRequest(new RequestHeader((short) 0, (short) 12, 0, "load-" + id),
          ProduceRequestCodec.INSTANCE, new ProduceRequest(null, (short) 1, 30_000, List.of(
              new ProduceRequest.TopicProduceData(TOPIC, new java.util.UUID(0, 0), List.of(new ProduceRequest.PartitionProduceData(0,
                  RecordBatchBuilder.create(0L).append(System.currentTimeMillis(),
                      ("k" + id).getBytes(StandardCharsets.UTF_8), value).build(), UnknownTaggedFields.EMPTY)),
                  UnknownTaggedFields.EMPTY)), UnknownTaggedFields.EMPTY));
    }

    void run(long measureFrom, long end) {
      try (socket) {
        OutputStream out = socket.getOutputStream();
        InputStream in = socket.getInputStream();
        byte[] batch = new byte[PIPELINE * Math.max(metadata.length, produce.length)];
        int correlationId = 0;
        while (System.nanoTime() < end) {
          int length = 0;
          for (int i = 0; i < PIPELINE; i++) {
            byte[] request = i % 2 == 0 ? metadata : produce;
            System.arraycopy(request, 0, batch, length, request.length);
            ByteBuffer.wrap(batch, length + 8, 4).putInt(correlationId + i);
            length += request.length;
          }
          long sent = System.nanoTime();
          out.write(batch, 0, length);
          for (int i = 0; i < PIPELINE; i++) {
            byte[] response = Frames.readFrame(in, DecodeOptions.STRICT);
            long now = System.nanoTime();
            if (response == null || ByteBuffer.wrap(response, 4, 4).getInt() != correlationId + i) {
              throw new IOException("response " + i + " of a batch is missing or out of order");
            }
            if (sent >= measureFrom && now < end) {
              record(now - sent);
            }
          }
          correlationId += PIPELINE;
        }
      } catch (Exception e) {
        failure = e;
      }
    }

    private void record(long nanos) {
      if (size == latencies.length) {
        latencies = Arrays.copyOf(latencies, size * 2);
      }
      latencies[size++] = nanos;
    }
  }

}
