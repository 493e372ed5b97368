package io.kwire.bench.net;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.EventExecutor;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The client half of {@link NetLoad} alone, for profiling: one connection to the embedded broker,
 * kwire-net's typed client and kafka-clients' NetworkClient alternately, {@code rounds} times after a
 * discarded warm-up round. Besides round trips per second (bound by the broker, which answers one
 * request per connection at a time) it reports each client's CPU time per round trip: the time of
 * the threads that do the client's work (kwire-net's event loop threads; NetworkClient's polling
 * thread), over the whole measured run. Arguments (optional): in flight (64), seconds measured (5),
 * warm-up seconds of the discarded first round (2), rounds (3).
 */
public final class ClientRoundTrips {
  private static final short API_VERSIONS_VERSION = 4;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private ClientRoundTrips() {}

  public static void main(String[] args) throws Exception {
    int inFlight = arg(args, 0, 64);
    Duration measured = Duration.ofSeconds(arg(args, 1, 5));
    Duration warmup = Duration.ofSeconds(arg(args, 2, 2));
    int rounds = arg(args, 3, 3);
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    InetSocketAddress kafka = EmbeddedKafka.shared().address();
    ApiVersionsRequest request = new ApiVersionsRequestBuilder().clientSoftwareName("kwire-load")
        .clientSoftwareVersion("0.1.0").build();
    List<Long> loopThreads = loopThreadIds(group);
    try {
      for (int round = 0; round <= rounds; round++) {
        Duration measure = round == 0 ? warmup : measured;
        // No warm-up inside a measured run: the CPU time taken covers exactly the requests counted.
        long kwireCpu = cpuNanos(loopThreads);
        LoadResult kwire = PipelinedLoad.run("kwire-net client -> broker", kafka, group, 1, inFlight,
            client -> client.send(ApiVersionsRequestCodec.INSTANCE, request, ApiVersionsResponseCodec.INSTANCE,
                API_VERSIONS_VERSION), Duration.ZERO, measure);
        kwireCpu = cpuNanos(loopThreads) - kwireCpu;
        long kafkaCpu = THREADS.getCurrentThreadCpuTime();
        LoadResult kafkaClient = NetworkClientLoad.run("NetworkClient -> broker", kafka, inFlight,
            API_VERSIONS_VERSION, Duration.ZERO, measure);
        kafkaCpu = THREADS.getCurrentThreadCpuTime() - kafkaCpu;
        double kwirePerTrip = kwireCpu / 1e3 / kwire.requests();
        double kafkaPerTrip = kafkaCpu / 1e3 / kafkaClient.requests();
        System.out.printf("round %d%s: kwire %.0f req/s (p99 %.0f us, %.1f us CPU each), NetworkClient %.0f req/s"
            + " (p99 %.0f us, %.1f us CPU each): %.2fx req/s, %.2fx less CPU per round trip, load average %.1f%n",
            round, round == 0 ? " (warm-up, discarded)" : "",
            kwire.requestsPerSecond(), kwire.p99Micros(), kwirePerTrip, kafkaClient.requestsPerSecond(),
            kafkaClient.p99Micros(), kafkaPerTrip, kwire.requestsPerSecond() / kafkaClient.requestsPerSecond(),
            kafkaPerTrip / kwirePerTrip,
            java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
      }
    } finally {
      group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
      EmbeddedKafka.shared().close();
    }
  }

  /** The ids of the group's threads (each runs a task that names its thread). */
  private static List<Long> loopThreadIds(EventLoopGroup group) throws Exception {
    List<Long> ids = new ArrayList<>();
    for (EventExecutor executor : group) {
      ids.add(executor.submit(() -> Thread.currentThread().getId()).get());
    }
    return ids;
  }

  private static long cpuNanos(List<Long> threadIds) {
    long total = 0;
    for (long id : threadIds) {
      total += THREADS.getThreadCpuTime(id);
    }
    return total;
  }

  private static int arg(String[] args, int index, int otherwise) {
    return args.length > index ? Integer.parseInt(args[index]) : otherwise;
  }
}
