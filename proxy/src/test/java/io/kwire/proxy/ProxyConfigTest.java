package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ProxyConfigTest {
  private static final InetSocketAddress LISTEN = new InetSocketAddress("127.0.0.1", 0);
  private static final InetSocketAddress UPSTREAM = new InetSocketAddress("127.0.0.1", 9092);
  private static final InetSocketAddress ADVERTISE = new InetSocketAddress("proxy.example", 19092);
  private static final Consumer<String> LOG = line -> { };
  private static final Consumer<String> EVENTS = line -> { };
  private static final Consumer<Throwable> FATAL = error -> { };

  @Test
  void ofHasTheDocumentedDefaults() {
    ProxyConfig config = ProxyConfig.of(LISTEN, UPSTREAM);
    int hundredMebibytes = 100 << 20;
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, null, false, null, true, false, hundredMebibytes,
        config.events(), false, null, ProxyConfig.DEFAULT_LOG_MAX_BYTES,
        ProxyConfig.DEFAULT_LOG_FILES, ProxyConfig.DEFAULT_LOG_MESSAGE_MAX_BYTES, null), config);
  }

  @Test
  void eachWithChangesItsOwnComponentAndKeepsTheOthers() {
    ProxyConfig config = ProxyConfig.of(LISTEN, UPSTREAM).withAdvertise(ADVERTISE).withCapVersions(true).withLog(LOG)
        .withRedactSecrets(false).withCheck(true).withMaxFrameBytes(1234).withEvents(EVENTS).withBridge(true)
        .withLogRotation(7, 3).withLogMessageMaxBytes(99).withFatal(FATAL);
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, EVENTS, true, null, 7, 3, 99, FATAL), config);
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, null, true, LOG, false, true, 1234, EVENTS, true, null, 7, 3, 99, FATAL),
        config.withAdvertise(null));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, false, LOG, false, true, 1234, EVENTS, true, null, 7, 3, 99, FATAL),
        config.withCapVersions(false));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, null, false, true, 1234, EVENTS, true, null, 7, 3, 99, FATAL),
        config.withLog(null));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, true, true, 1234, EVENTS, true, null, 7, 3, 99, FATAL),
        config.withRedactSecrets(true));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, false, 1234, EVENTS, true, null, 7, 3, 99, FATAL),
        config.withCheck(false));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 99, EVENTS, true, null, 7, 3, 99, FATAL),
        config.withMaxFrameBytes(99));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, LOG, true, null, 7, 3, 99, FATAL),
        config.withEvents(LOG));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, EVENTS, false, null, 7, 3, 99, FATAL),
        config.withBridge(false));
    Path file = Path.of("proxy.log");
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, null, false, true, 1234, EVENTS, true, file, 7, 3,
        99, FATAL), config.withLogFile(file));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, EVENTS, true, null, 7, 3,
        99, FATAL), config.withLogFile(file).withLog(LOG));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, EVENTS, true, null, 0, 1,
        99, FATAL), config.withLogRotation(0, 1));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, EVENTS, true, null, 7, 3,
        5, FATAL), config.withLogMessageMaxBytes(5));
    assertEquals(new ProxyConfig(LISTEN, UPSTREAM, ADVERTISE, true, LOG, false, true, 1234, EVENTS, true, null, 7, 3,
        99, null), config.withFatal(null));
  }

  @Test
  void theRequestTimeoutIsKafkasUnlessChangedAndChangesAlone() {
    ProxyConfig config = ProxyConfig.of(LISTEN, UPSTREAM).withCheck(true).withLogRotation(7, 3);
    assertEquals(Duration.ofSeconds(30), config.requestTimeout());
    ProxyConfig changed = config.withRequestTimeout(Duration.ofMillis(300));
    assertEquals(Duration.ofMillis(300), changed.requestTimeout());
    assertEquals(config, changed.withRequestTimeout(ProxyConfig.DEFAULT_REQUEST_TIMEOUT));
    assertThrows(IllegalArgumentException.class, () -> config.withRequestTimeout(Duration.ZERO));
  }

  @Test
  void filtersAreNoneUnlessAddedKeepTheirOrderInBridgeModeToo() {
    io.kwire.proxy.filter.Filter a = registry -> { };
    io.kwire.proxy.filter.Filter b = registry -> { };
    ProxyConfig config = ProxyConfig.of(LISTEN, UPSTREAM);
    assertEquals(java.util.List.of(), config.filters());
    assertEquals(java.util.List.of(a, b), config.withFilter(a).withFilter(b).filters());
    assertEquals(java.util.List.of(b), config.withFilter(a).withFilters(java.util.List.of(b)).filters());
    assertEquals(config, config.withFilter(a).withFilters(java.util.List.of()));
    assertEquals(java.util.List.of(a, b), config.withBridge(true).withFilter(a).withFilter(b).filters());
  }

  @Test
  void logBoundsMustBeUsable() {
    ProxyConfig config = ProxyConfig.of(LISTEN, UPSTREAM);
    assertThrows(IllegalArgumentException.class, () -> config.withLogRotation(-1, 5));
    assertThrows(IllegalArgumentException.class, () -> config.withLogRotation(100, 0));
    assertThrows(IllegalArgumentException.class, () -> config.withLogMessageMaxBytes(0));
  }
}
