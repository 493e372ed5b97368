package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Which port serves which node: the consecutive scheme, {@code --node-ports}, and the errors of bad input. */
class NodePortsTest {
  @Test
  void consecutivePortsFollowTheBootstrapFromTheLowestNodeId() {
    NodePorts ports = NodePorts.consecutive();
    assertEquals(OptionalInt.of(9093), ports.portOf(1, 9092, 1));
    assertEquals(OptionalInt.of(9095), ports.portOf(3, 9092, 1));
    assertEquals(OptionalInt.of(9193), ports.portOf(100, 9092, 0));
    assertEquals(OptionalInt.empty(), ports.portOf(0, 9092, 1), "below the lowest: no port");
    assertEquals(OptionalInt.empty(), ports.portOf(10, 65530, 0), "past 65535: no port");
    assertEquals(OptionalInt.of(0), ports.portOf(7, 0, 1), "a bootstrap on port 0: any free port");
  }

  @Test
  void nodePortsAreTakenAsGivenAndOthersHaveNone() {
    NodePorts ports = NodePorts.parse("1=9201, 2=9202,3=9300");
    assertEquals(Map.of(1, 9201, 2, 9202, 3, 9300), ports.explicit());
    assertEquals(OptionalInt.of(9300), ports.portOf(3, 9092, 1));
    assertEquals(OptionalInt.of(9201), ports.portOf(1, 0, 1), "given ports are bound even with the bootstrap on 0");
    assertEquals(OptionalInt.empty(), ports.portOf(4, 9092, 1));
  }

  @Test
  void badNodePortsSayWhatIsWrong() {
    assertEquals("--node-ports takes ID=PORT,..., and '1' is not ID=PORT", message("1"));
    assertEquals("--node-ports takes ID=PORT,..., and '' is not ID=PORT", message("1=9000,"));
    assertEquals("--node-ports takes ID=PORT,..., and '=9000' is not ID=PORT", message("=9000"));
    assertEquals("--node-ports takes ID=PORT,..., not an empty list", message(" "));
    assertEquals("--node-ports: 'x' in 'x=9000' is not a node id", message("x=9000"));
    assertEquals("--node-ports: '90a' in '1=90a' is not a port", message("1=90a"));
    assertEquals("--node-ports gives node 1 twice", message("1=9000,1=9001"));
    assertEquals("nodes 1 and 2 both have port 9000", message("1=9000,2=9000"));
    assertEquals("node 1: port 70000 is out of range (1-65535)", message("1=70000"));
    assertEquals("node 1: port 0 is out of range (1-65535)", message("1=0"));
    assertEquals("node id -1 is negative", message("-1=9000"));
  }

  @Test
  void aNodePortThatIsTheBootstrapsIsRefused() {
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 9092), new InetSocketAddress("127.0.0.1", 1));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> config.withBrokerPorts(NodePorts.parse("1=9093,2=9092")));
    assertEquals("node 2's port 9092 is the bootstrap's (--listen)", e.getMessage());
  }

  private static String message(String text) {
    return assertThrows(IllegalArgumentException.class, () -> NodePorts.parse(text)).getMessage();
  }
}
