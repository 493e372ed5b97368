package io.kwire.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.network.ListenerName;

/**
 * Three real Kafka 4.4.0 brokers in this JVM, KRaft: node 1 is broker and controller (the one
 * voter), nodes 2 and 3 are brokers. Clients have a listener of their own ({@code CLIENT}, port 0),
 * apart from the brokers' replication ({@code INTERNAL}), so that the connections the CLIENT
 * listeners accept ({@link #clientConnectionsCreated}) are the clients' and nobody else's. Small
 * thread pools; one cluster per test class, closed after it. Starts in about 10 s.
 */
public final class EmbeddedKafkaCluster implements AutoCloseable {
  private static final String CLIENT = "CLIENT";

  private final Path root;
  private final List<KafkaRaftServer> servers = new ArrayList<>();
  /** Node id to the CLIENT listener's bound address. */
  private final Map<Integer, InetSocketAddress> addresses = new TreeMap<>();

  public EmbeddedKafkaCluster() throws IOException {
    root = Files.createTempDirectory("kwire-e2e-cluster");
    // The controller's port is in every node's controller.quorum.bootstrap.servers before anything is
    // bound, so it is picked in advance (a small race with other processes, on that port only).
    int controllerPort = KafkaRaftServers.freePort();
    String clusterId = Uuid.randomUuid().toString();
    try {
      start(1, "broker,controller", controllerPort, clusterId);
      List<CompletableFuture<KafkaRaftServer>> brokers = new ArrayList<>();
      for (int id = 2; id <= 3; id++) {
        Properties props = props(id, "broker", controllerPort);
        format(props, id, clusterId, false);
        brokers.add(CompletableFuture.supplyAsync(() -> KafkaRaftServers.startup(props)));
      }
      for (CompletableFuture<KafkaRaftServer> broker : brokers) {
        KafkaRaftServer server = broker.join();
        servers.add(server);
        addresses.put(KafkaRaftServers.broker(server).config().nodeId(), address(server));
      }
      awaitBrokers(3);
    } catch (RuntimeException | IOException e) {
      close();
      throw e;
    }
  }

  private void start(int id, String roles, int controllerPort, String clusterId) throws IOException {
    Properties props = props(id, roles, controllerPort);
    format(props, id, clusterId, true);
    KafkaRaftServer server = KafkaRaftServers.startup(props);
    servers.add(server);
    addresses.put(id, address(server));
  }

  private Properties props(int id, String roles, int controllerPort) throws IOException {
    Path logDir = Files.createDirectories(root.resolve("node-" + id));
    boolean controller = roles.contains("controller");
    Properties props = new Properties();
    props.putAll(Map.ofEntries(
        Map.entry("process.roles", roles),
        Map.entry("node.id", String.valueOf(id)),
        Map.entry("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort),
        Map.entry("listeners", "CLIENT://127.0.0.1:0,INTERNAL://127.0.0.1:0"
            + (controller ? ",CONTROLLER://127.0.0.1:" + controllerPort : "")),
        Map.entry("controller.listener.names", "CONTROLLER"),
        Map.entry("inter.broker.listener.name", "INTERNAL"),
        Map.entry("listener.security.protocol.map", "CLIENT:PLAINTEXT,INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT"),
        Map.entry("log.dirs", logDir.toString()),
        Map.entry("num.partitions", "1"),
        Map.entry("default.replication.factor", "3"),
        Map.entry("min.insync.replicas", "2"),
        Map.entry("offsets.topic.replication.factor", "3"),
        Map.entry("offsets.topic.num.partitions", "1"),
        Map.entry("transaction.state.log.replication.factor", "3"),
        Map.entry("transaction.state.log.min.isr", "2"),
        Map.entry("transaction.state.log.num.partitions", "1"),
        Map.entry("share.coordinator.state.topic.replication.factor", "3"),
        Map.entry("share.coordinator.state.topic.min.isr", "2"),
        Map.entry("group.initial.rebalance.delay.ms", "0"),
        // Small pools: three brokers share this JVM with the tests.
        Map.entry("num.network.threads", "1"),
        Map.entry("num.io.threads", "2"),
        Map.entry("num.replica.fetchers", "1"),
        Map.entry("background.threads", "2"),
        Map.entry("log.cleaner.threads", "1"),
        Map.entry("log.cleaner.dedupe.buffer.size", String.valueOf(4 << 20)),
        Map.entry("replica.fetch.wait.max.ms", "100"),
        Map.entry("broker.heartbeat.interval.ms", "500"),
        Map.entry("broker.session.timeout.ms", "3000"),
        Map.entry("controlled.shutdown.enable", "false")));
    return props;
  }

  private void format(Properties props, int id, String clusterId, boolean standalone) throws IOException {
    KafkaRaftServers.format(props, root.resolve("node-" + id + ".properties"), clusterId, standalone,
        "cluster node " + id);
  }

  /** Every broker's CLIENT listener, by node id. */
  public Map<Integer, InetSocketAddress> addresses() {
    return Map.copyOf(addresses);
  }

  /** The CLIENT listeners as a bootstrap list. */
  public List<InetSocketAddress> bootstrap() {
    return List.copyOf(addresses.values());
  }

  /**
   * How many connections each broker's CLIENT listener has accepted so far, by node id (Kafka's own
   * {@code connection-creation-total} of the listener's socket server, summed over its processors).
   */
  public Map<Integer, Long> clientConnectionsCreated() {
    Map<Integer, Long> out = new TreeMap<>();
    for (KafkaRaftServer server : servers) {
      long total = 0;
      for (Map.Entry<org.apache.kafka.common.MetricName, KafkaMetric> m : KafkaRaftServers.broker(server).metrics().metrics().entrySet()) {
        if (m.getKey().name().equals("connection-creation-total") && m.getKey().group().equals("socket-server-metrics")
            && CLIENT.equals(m.getKey().tags().get("listener"))) {
          total += Math.round((Double) m.getValue().metricValue());
        }
      }
      out.put(KafkaRaftServers.broker(server).config().nodeId(), total);
    }
    return out;
  }

  private Admin directAdmin() {
    StringBuilder bootstrap = new StringBuilder();
    addresses.values().forEach(a -> bootstrap.append(bootstrap.length() == 0 ? "" : ",")
        .append(a.getHostString()).append(':').append(a.getPort()));
    return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap.toString()));
  }

  private void awaitBrokers(int count) {
    try (Admin admin = directAdmin()) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (true) {
        try {
          if (admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).size() == count) {
            return;
          }
        } catch (Exception e) {
          if (System.nanoTime() > deadline) {
            throw new IllegalStateException("the embedded cluster did not come up within 60 s", e);
          }
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the embedded cluster has not " + count + " brokers within 60 s");
        }
        Thread.sleep(100);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    // Brokers first, the controller last: a broker shutting down still reaches it.
    for (int i = servers.size() - 1; i >= 0; i--) {
      servers.get(i).shutdown();
      servers.get(i).awaitShutdown();
    }
    KafkaRaftServers.deleteRecursively(root);
  }

  private static InetSocketAddress address(KafkaRaftServer server) {
    return new InetSocketAddress("127.0.0.1", KafkaRaftServers.broker(server).boundPort(ListenerName.normalised(CLIENT)));
  }
}
