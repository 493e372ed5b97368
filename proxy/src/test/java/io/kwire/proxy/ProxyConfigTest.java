package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ProxyConfigTest {
  private static final InetSocketAddress LISTEN = new InetSocketAddress("127.0.0.1", 0);
  private static final InetSocketAddress UPSTREAM = new InetSocketAddress("127.0.0.1", 9092);
  private static final InetSocketAddress ADVERTISE = new InetSocketAddress("proxy.example", 19092);
  private static final Consumer<String> LOG = line -> { };
  private static final Consumer<String> EVENTS = line -> { };

  @Test
  void ofHasTheDocumentedDefaults() {
    ProxyConfig config = ProxyConfig.of(LISTEN, UPSTREAM);
    int hundredMebibytes = 100 << 20;
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, null, false, null, true, false, hundredMebibytes,
        config.events(), false), config);
  }

  @Test
  void eachWithChangesItsOwnComponentAndKeepsTheOthers() {
    ProxyConfig config = ProxyConfig.of(LISTEN, UPSTREAM).withAdvertise(ADVERTISE).withCapVersions(true).withLog(LOG)
        .withRedactSecrets(false).withCheck(true).withMaxFrameBytes(1234).withEvents(EVENTS).withBridge(true);
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, EVENTS, true), config);
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, null, true, LOG, false, true, 1234, EVENTS, true),
        config.withAdvertise(null));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, false, LOG, false, true, 1234, EVENTS, true),
        config.withCapVersions(false));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, null, false, true, 1234, EVENTS, true),
        config.withLog(null));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, true, true, 1234, EVENTS, true),
        config.withRedactSecrets(true));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, false, 1234, EVENTS, true),
        config.withCheck(false));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 99, EVENTS, true),
        config.withMaxFrameBytes(99));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, LOG, true),
        config.withEvents(LOG));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, EVENTS, false),
        config.withBridge(false));
  }
}
