package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.net.sasl.SaslClientOptions;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The security settings: off unless given, each with... changing one and keeping the rest. */
class ProxyConfigSecurityTest {
  private static final InetSocketAddress LISTEN = new InetSocketAddress("127.0.0.1", 0);
  private static final InetSocketAddress BROKER = new InetSocketAddress("127.0.0.1", 9092);

  @Test
  void securityIsOffAndTheBufferBoundAtHalfTheHeapUnlessGiven() {
    ProxyConfig config = ProxyConfig.of(LISTEN, BROKER);
    assertNull(config.tls());
    assertNull(config.upstreamTls());
    assertNull(config.sasl());
    assertNull(config.upstreamSasl());
    assertNull(config.route());
    assertEquals(ProxyConfig.Security.NONE, config.security());
    assertEquals(Runtime.getRuntime().maxMemory() / 2, config.maxBufferedFrameBytes());
  }

  @Test
  void withMethodsChangeOneThingAndKeepTheRest() {
    UpstreamRoute route = connection -> BROKER;
    SaslServerOptions sasl = SaslServerOptions.of(SaslUserStore.builder().plainUser("a", "b").build(), "PLAIN");
    SaslClientOptions upstream = SaslClientOptions.plain("p", "q");
    ProxyConfig config = ProxyConfig.of(LISTEN, BROKER).withRoute(route).withSasl(sasl).withUpstreamSasl(upstream)
        .withMaxBufferedFrameBytes(1234).withCheck(true);
    assertSame(route, config.route());
    assertSame(sasl, config.sasl());
    assertSame(upstream, config.upstreamSasl());
    assertEquals(1234, config.maxBufferedFrameBytes());
    assertEquals("maxBufferedFrameBytes must be positive: 0",
        assertThrows(IllegalArgumentException.class, () -> config.withMaxBufferedFrameBytes(0)).getMessage());
    ProxyConfig bridged = config.withBridge(true); // SASL termination and bridge mode go together
    assertTrue(bridged.bridge());
    assertSame(sasl, bridged.sasl());
  }
}
