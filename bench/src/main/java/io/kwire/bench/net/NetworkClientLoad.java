package io.kwire.bench.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.ApiVersions;
import org.apache.kafka.clients.BootstrapConfiguration;
import org.apache.kafka.clients.ClientRequest;
import org.apache.kafka.clients.ManualMetadataUpdater;
import org.apache.kafka.clients.MetadataRecoveryStrategy;
import org.apache.kafka.clients.NetworkClient;
import org.apache.kafka.clients.NetworkClientUtils;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.network.PlaintextChannelBuilder;
import org.apache.kafka.common.network.Selector;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.common.utils.internals.LogContext;

/**
 * The baseline client: kafka-clients' own {@code NetworkClient} (what the producer, consumer and
 * admin client send through) on one connection, keeping {@code inFlight} ApiVersions requests in
 * flight from its single polling thread, as kwire-net's client does on its event loop.
 */
final class NetworkClientLoad {
  private NetworkClientLoad() {}

  static LoadResult run(String name, InetSocketAddress server, int inFlight, short version, Duration warmup,
      Duration measure) throws IOException {
    Time time = Time.SYSTEM;
    LogContext log = new LogContext("[bench] ");
    Metrics metrics = new Metrics();
    PlaintextChannelBuilder channels = new PlaintextChannelBuilder(null);
    channels.configure(Map.of());
    Selector selector = new Selector(600_000, metrics, time, "bench", channels, log);
    Node node = new Node(1, server.getHostString(), server.getPort());
    try (NetworkClient client = new NetworkClient(selector, new ManualMetadataUpdater(), "kafka-load", inFlight,
        50, 1000, 1 << 17, 1 << 17, 30_000, 10_000, 30_000, time, true, new ApiVersions(), log,
        MetadataRecoveryStrategy.NONE, BootstrapConfiguration.DISABLED, false)) {
      if (!NetworkClientUtils.awaitReady(client, node, time, 10_000)) {
        throw new IOException(name + ": NetworkClient did not connect to " + server);
      }
      Latencies latencies = new Latencies();
      long measureFrom = System.nanoTime() + warmup.toNanos();
      long measureUntil = measureFrom + measure.toNanos();
      String nodeId = node.idString();
      while (true) {
        long now = System.nanoTime();
        if (now >= measureUntil && client.inFlightRequestCount() == 0) {
          break;
        }
        while (now < measureUntil && client.inFlightRequestCount(nodeId) < inFlight && client.ready(node, time.milliseconds())) {
          long sent = System.nanoTime();
          ClientRequest request = client.newClientRequest(nodeId, new ApiVersionsRequest.Builder(version),
              time.milliseconds(), true, 30_000, response -> {
                long done = System.nanoTime();
                if (response.wasDisconnected() || response.versionMismatch() != null) {
                  throw new IllegalStateException(name + ": " + response);
                }
                if (sent >= measureFrom && done <= measureUntil) {
                  latencies.add(done - sent);
                }
              });
          client.send(request, time.milliseconds());
        }
        client.poll(100, time.milliseconds());
      }
      return Latencies.merge(name, new Latencies[] {latencies}, measure.toNanos() / 1e9);
    } finally {
      metrics.close();
    }
  }
}
