package io.kwire.e2e;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import kafka.server.BrokerServer;
import kafka.server.KafkaRaftServer;
import scala.Option;

/** What {@link EmbeddedKafka} and {@link EmbeddedKafkaCluster} both need around a KafkaRaftServer. */
final class KafkaRaftServers {
  private KafkaRaftServers() {}

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
