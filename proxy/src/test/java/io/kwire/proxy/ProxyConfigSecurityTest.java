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

/** The security components came at the end: the constructors before them still build, with them off. */
class ProxyConfigSecurityTest {
  private static final InetSocketAddress LISTEN = new InetSocketAddress("127.0.0.1", 0);
  private static final InetSocketAddress BROKER = new InetSocketAddress("127.0.0.1", 9092);

  @Test
  void theEarlierConstructorsLeaveSecurityOffAndTheBufferBoundAtHalfTheHeap() {
    ProxyConfig old = new ProxyConfig(LISTEN, BROKER, null, false, null, true, false, 1000, line -> { }, false, null,
        0, 1, 10, null, Duration.ofSeconds(5));
    assertNull(old.tls());
    assertNull(old.upstreamTls());
    assertNull(old.sasl());
    assertNull(old.upstreamSasl());
    assertNull(old.route());
    assertEquals(Runtime.getRuntime().maxMemory() / 2, old.maxBufferedFrameBytes());
    assertEquals(old.maxBufferedFrameBytes(), ProxyConfig.of(LISTEN, BROKER).maxBufferedFrameBytes());
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
