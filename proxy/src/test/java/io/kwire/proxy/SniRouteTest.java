package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SNI host names to brokers: one spelling per node, case ignored, everything else refused by name (e2e: ProxySniTest). */
class SniRouteTest {
  @Test
  void hostNamesParseStrictly() {
    InetSocketAddress a = new InetSocketAddress("127.0.0.1", 1);
    InetSocketAddress b = new InetSocketAddress("127.0.0.1", 2);
    SniRoute route = SniRoute.of("bootstrap.example", a, "broker-$(nodeId).example", Map.of(0, a, 12, b));
    assertEquals(a, route.upstream("Bootstrap.Example"));
    assertEquals(b, route.upstream("broker-12.example"));
    assertEquals(a, route.upstream("broker-0.example"));
    assertEquals("broker-12.example", route.hostOf(12));
    for (String bad : List.of("broker-012.example", "broker-+1.example", "broker-.example", "broker-1x.example",
        "broker-99999999999.example", "other.example")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> route.upstream(bad), bad);
      assertEquals("SNI host name " + bad + " is neither bootstrap.example nor broker-$(nodeId).example", e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> SniRoute.of("b", a, "broker.example", Map.of()));
  }

  @Test
  void unknownNodesAndPatternsWithoutOneNodeIdAreRefused() {
    InetSocketAddress a = new InetSocketAddress("127.0.0.1", 1);
    SniRoute route = SniRoute.of("b.example", a, "$(nodeId).brokers.example", Map.of(3, a));
    assertEquals(a, route.upstream("3.brokers.example"));
    assertEquals("SNI host name 4.brokers.example names node 4, which is not known",
        assertThrows(IllegalArgumentException.class, () -> route.upstream("4.brokers.example")).getMessage());
    assertEquals("the broker pattern needs $(nodeId) exactly once: $(nodeId)-$(nodeId).example",
        assertThrows(IllegalArgumentException.class,
            () -> SniRoute.of("b", a, "$(nodeId)-$(nodeId).example", Map.of())).getMessage());
  }
}
