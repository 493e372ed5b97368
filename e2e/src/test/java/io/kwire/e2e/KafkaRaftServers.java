package io.kwire.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kafka.server.BrokerServer;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.utils.Time;
import scala.Option;

/**
 * What {@link EmbeddedKafka}, {@link AuthorizingKafka} and {@link EmbeddedKafkaCluster} all need around a
 * KafkaRaftServer: formatting its log directory, starting it, and waiting until it answers.
 */
final class KafkaRaftServers {
  private KafkaRaftServers() {}

  /**
   * Writes {@code props} to {@code config} and formats the node's log directories with kafka-storage
   * ({@code --standalone} for the node that is the whole controller quorum).
   */
  static void format(Properties props, Path config, String clusterId, boolean standalone, String node)
      throws IOException {
    try (var out = Files.newBufferedWriter(config)) {
      props.store(out, "kwire e2e " + node);
    }
    List<String> args = new ArrayList<>(List.of("format", "--cluster-id", clusterId, "--config", config.toString()));
    if (standalone) {
      args.add("--standalone");
    }
    var output = new ByteArrayOutputStream();
    int status = StorageTool.execute(args.toArray(String[]::new), new PrintStream(output, true, StandardCharsets.UTF_8));
    if (status != 0) {
      throw new IllegalStateException("kafka-storage format of the " + node + " failed (" + status + "): "
          + output.toString(StandardCharsets.UTF_8));
    }
  }

  /** A server of {@code props}, started (it serves once {@link #awaitReady} returns). */
  static KafkaRaftServer startup(Properties props) {
    KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
    server.startup();
    return server;
  }

  /** Waits (up to 60 s) until an AdminClient of {@code bootstrapServers} sees a broker in describeCluster. */
  static void awaitReady(String bootstrapServers, String node) {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers))) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (true) {
        try {
          if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
            return;
          }
        } catch (Exception e) {
          if (System.nanoTime() > deadline) {
            throw new IllegalStateException("the " + node + " did not come up within 60 s", e);
          }
        }
        Thread.sleep(100);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The broker half of a KafkaRaftServer (a private field: the server exposes no accessor). */
  static BrokerServer broker(KafkaRaftServer server) {
    try {
      Field broker = KafkaRaftServer.class.getDeclaredField("broker");
      broker.setAccessible(true);
      return (BrokerServer) ((Option<?>) broker.get(server)).get();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read the broker of KafkaRaftServer", e);
    }
  }

  /** A port free now on loopback (for a controller, whose address must be known before it binds). */
  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  static void deleteRecursively(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // A temp directory left behind is not worth failing a run for.
    }
  }
}
