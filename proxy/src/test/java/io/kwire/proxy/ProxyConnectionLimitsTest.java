package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link ProxyConfig#withIdleTimeout} and {@link ProxyConfig#withMaxConnections} reach the listener. */
class ProxyConnectionLimitsTest {
  @Test
  void theCapAndTheIdleTimeoutApplyToClientConnections() throws Exception {
    try (ServerSocket broker = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) { // accepts in its backlog
      ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0),
              new InetSocketAddress("127.0.0.1", broker.getLocalPort()))
          .withBrokerPorts(null).withEvents(line -> { })
          .withMaxConnections(1).withIdleTimeout(Duration.ofMillis(300));
      try (KwireProxy proxy = KwireProxy.start(config); Socket first = new Socket(); Socket second = new Socket()) {
        first.connect(proxy.localAddress(), 1000);
        first.setSoTimeout(5_000);
        second.connect(proxy.localAddress(), 1000);
        second.setSoTimeout(5_000);
        long start = System.nanoTime();
        assertEquals(-1, second.getInputStream().read(), "the second connection is over the cap of 1");
        assertEquals(-1, first.getInputStream().read(), "the first is closed once idle for 300 ms");
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(waited >= 200 && waited < 4_000, waited + " ms"); // not the 10 min default
      }
    }
  }

  @Test
  void theDefaultsAreKwireNetsAndBadValuesAreRefused() {
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), new InetSocketAddress("127.0.0.1", 9092));
    assertEquals(Duration.ofMinutes(10), config.idleTimeout());
    assertEquals(10_000, config.maxConnections());
    assertEquals("maxConnections must be positive: 0",
        assertThrows(IllegalArgumentException.class, () -> config.withMaxConnections(0)).getMessage());
    assertEquals("idleTimeout must be positive: PT0S",
        assertThrows(IllegalArgumentException.class, () -> config.withIdleTimeout(Duration.ZERO)).getMessage());
  }
}
