package io.kwire.bench.net;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.net.KwireServer;
import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The kwire-net load harness (docs/net.md, "Measurements"): on loopback, in one JVM, the same load
 * generator ({@link PipelinedLoad}) against kwire-net's server and against an embedded Kafka 4.4.0
 * broker, and kwire-net's client against kafka-clients' {@code NetworkClient} on the broker.
 * Each comparison runs its sides alternately, {@code rounds} times. Arguments (all optional):
 * connections (8), in flight per connection (64), seconds measured per run (5), warm-up seconds (2),
 * rounds (2).
 */
public final class NetLoad {
  private static final short API_VERSIONS_VERSION = 4;

  private NetLoad() {}

  public static void main(String[] args) throws Exception {
    int connections = arg(args, 0, 8);
    int inFlight = arg(args, 1, 64);
    Duration measured = Duration.ofSeconds(arg(args, 2, 5));
    Duration warmup = Duration.ofSeconds(arg(args, 3, 2));
    int rounds = arg(args, 4, 2);
    System.out.printf("kwire-net load: %d connections x %d in flight, %s measured after %s warm-up, %d rounds;"
        + " %d cores, load average %.2f%n", connections, inFlight, measured, warmup, rounds,
        Runtime.getRuntime().availableProcessors(), loadAverage());

    EventLoopGroup generator = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    InetSocketAddress kafka = EmbeddedKafka.shared().address();
    Collection<BrokerRange> brokerApis;
    try (KwireClient broker = KwireClient.connect(kafka)) {
      brokerApis = broker.versions().brokerRanges().values();
    }
    try (KwireServer kwire = BrokerLookalike.listing(brokerApis).start(new InetSocketAddress("127.0.0.1", 0))) {
      byte[] apiVersions = Frames.encodeRequest(new RequestHeader((short) 18, API_VERSIONS_VERSION, 7, "kwire-load"),
          ApiVersionsRequestCodec.INSTANCE, apiVersionsRequest());
      byte[] echo = Frames.encodeRequest(new RequestHeader((short) 10002, (short) 0, 7, "kwire-load"),
          BenchEchoRequestCodec.INSTANCE, new BenchEchoRequest("hello, kwire", UnknownTaggedFields.EMPTY));
      Function<KwireClient, CompletableFuture<?>> sendApiVersions = client -> client.sendFrame(apiVersions);
      Function<KwireClient, CompletableFuture<?>> typedApiVersions = client -> client.send(
          ApiVersionsRequestCodec.INSTANCE, apiVersionsRequest(), ApiVersionsResponseCodec.INSTANCE, API_VERSIONS_VERSION)
          .thenApply(NetLoad::requireNoError);

      try (KwireClient probe = KwireClient.connect(kwire.localAddress());
          KwireClient broker = KwireClient.connect(kafka)) {
        System.out.printf("ApiVersions v4 response frame: kwire-net server %d bytes (the broker's APIs), broker %d bytes%n",
            probe.sendFrame(apiVersions).join().length, broker.sendFrame(apiVersions).join().length);
      }
      List<LoadResult[]> servers = new ArrayList<>();
      List<LoadResult[]> clientsOnKwire = new ArrayList<>();
      List<LoadResult[]> clients = new ArrayList<>();
      List<LoadResult> custom = new ArrayList<>();
      // Round 0 warms the JIT on every workload (measured for the warm-up time only) and is not reported.
      for (int round = 0; round <= rounds; round++) {
        System.out.printf(round == 0 ? "JIT warm-up round, discarded, load average %2$.2f%n"
            : "round %d, load average %.2f%n", round, loadAverage());
        Duration measure = round == 0 ? warmup : measured;
        LoadResult k = print(PipelinedLoad.run("ApiVersions v4, kwire-net server", kwire.localAddress(), generator,
            connections, inFlight, sendApiVersions, warmup, measure));
        LoadResult b = print(PipelinedLoad.run("ApiVersions v4, Kafka 4.4.0 broker", kafka, generator,
            connections, inFlight, sendApiVersions, warmup, measure));
        LoadResult e = print(PipelinedLoad.run("BenchEcho (key 10002), kwire-net server", kwire.localAddress(),
            generator, connections, inFlight, client -> client.sendFrame(echo), warmup, measure));
        LoadResult nc = print(NetworkClientLoad.run("1 conn, NetworkClient -> broker", kafka, inFlight,
            API_VERSIONS_VERSION, warmup, measure));
        LoadResult kc = print(PipelinedLoad.run("1 conn, kwire-net client (typed) -> broker", kafka, generator, 1,
            inFlight, typedApiVersions, warmup, measure));
        LoadResult ns = print(NetworkClientLoad.run("1 conn, NetworkClient -> kwire-net server", kwire.localAddress(),
            inFlight, API_VERSIONS_VERSION, warmup, measure));
        LoadResult ks = print(PipelinedLoad.run("1 conn, kwire-net client (typed) -> kwire-net server",
            kwire.localAddress(), generator, 1, inFlight, typedApiVersions, warmup, measure));
        if (round > 0) {
          servers.add(new LoadResult[] {k, b});
          custom.add(e);
          clients.add(new LoadResult[] {kc, nc});
          clientsOnKwire.add(new LoadResult[] {ks, ns});
        }
      }
      System.out.println();
      for (int r = 0; r < rounds; r++) {
        LoadResult[] s = servers.get(r);
        LoadResult[] c = clients.get(r);
        LoadResult[] o = clientsOnKwire.get(r);
        System.out.printf("round %d: server kwire/Kafka %.2fx req/s (p99 %.0f vs %.0f us); client kwire/NetworkClient"
            + " %.2fx to the broker (p99 %.0f vs %.0f us), %.2fx to kwire-net (p99 %.0f vs %.0f us);"
            + " BenchEcho %.0f req/s%n", r + 1,
            ratio(s), s[0].p99Micros(), s[1].p99Micros(), ratio(c), c[0].p99Micros(), c[1].p99Micros(),
            ratio(o), o[0].p99Micros(), o[1].p99Micros(), custom.get(r).requestsPerSecond());
      }
      System.out.printf("load average at the end %.2f%n", loadAverage());
    } finally {
      generator.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
      EmbeddedKafka.shared().close();
    }
  }

  private static double ratio(LoadResult[] kwireThenKafka) {
    return kwireThenKafka[0].requestsPerSecond() / kwireThenKafka[1].requestsPerSecond();
  }

  private static ApiVersionsRequest apiVersionsRequest() {
    return new ApiVersionsRequestBuilder().clientSoftwareName("kwire-load").clientSoftwareVersion("0.1.0").build();
  }

  private static ApiVersionsResponse requireNoError(ApiVersionsResponse response) {
    if (response.errorCode() != 0) {
      throw new IllegalStateException("ApiVersions answered error " + response.errorCode());
    }
    return response;
  }

  private static LoadResult print(LoadResult result) {
    System.out.println("  " + result);
    return result;
  }

  private static double loadAverage() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static int arg(String[] args, int index, int otherwise) {
    return args.length > index ? Integer.parseInt(args[index]) : otherwise;
  }
}
