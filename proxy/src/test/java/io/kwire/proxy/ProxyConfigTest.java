package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
  void ofHasTheDocumentedDefaultsInTheirGroups() {
    ProxyConfig config = ProxyConfig.of(LISTEN, UPSTREAM);
    assertEquals(new ProxyConfig.Endpoints(LISTEN, List.of(UPSTREAM), null, null, null), config.endpoints());
    assertEquals(ProxyConfig.Logging.NONE, config.logging());
    assertEquals(ProxyConfig.Security.NONE, config.security());
    assertEquals(new ProxyConfig.Limits(100 << 20, Runtime.getRuntime().maxMemory() / 2, Duration.ofSeconds(30), 0,
        Duration.ofMinutes(10), 10_000, Duration.ofSeconds(2)),
        config.limits());
    assertEquals(ProxyConfig.Limits.defaults(), config.limits());
    assertEquals(new ProxyConfig(config.endpoints(), ProxyConfig.Logging.NONE, ProxyConfig.Security.NONE,
        ProxyConfig.Limits.defaults(), false, false, false, List.of(), config.events(), null), config);
    assertEquals(UPSTREAM, config.upstream(), "the first of the bootstrap list");
  }

  @Test
  void eachWithChangesItsOwnSettingAndKeepsTheOthers() {
    ProxyConfig config = ProxyConfig.of(LISTEN, UPSTREAM).withAdvertise(ADVERTISE).withCapVersions(true).withLog(LOG)
        .withRedactSecrets(false).withCheck(true).withMaxFrameBytes(1234).withEvents(EVENTS).withBridge(true)
        .withLogRotation(7, 3).withLogMessageMaxBytes(99).withFatal(FATAL);
    ProxyConfig.Builder same = ProxyConfig.builder(LISTEN, UPSTREAM).advertise(ADVERTISE).capVersions(true).log(LOG)
        .redactSecrets(false).check(true).maxFrameBytes(1234).events(EVENTS).bridge(true).logRotation(7, 3)
        .logMessageMaxBytes(99).fatal(FATAL);
    assertEquals(same.build(), config);
    assertEquals(new ProxyConfig.Logging(LOG, null, 7, 3, 99, false), config.logging());
    assertEquals(config.toBuilder().advertise(null).build(), config.withAdvertise(null));
    assertEquals(null, config.withAdvertise(null).advertise());
    assertEquals(false, config.withCapVersions(false).capVersions());
    assertEquals(config.endpoints(), config.withCapVersions(false).endpoints());
    assertEquals(new ProxyConfig.Logging(null, null, 7, 3, 99, false), config.withLog(null).logging());
    assertEquals(new ProxyConfig.Logging(LOG, null, 7, 3, 99, true), config.withRedactSecrets(true).logging());
    assertEquals(false, config.withCheck(false).check());
    assertEquals(new ProxyConfig.Limits(99, config.maxBufferedFrameBytes(), Duration.ofSeconds(30), 0,
        Duration.ofMinutes(10), 10_000, Duration.ofSeconds(2)),
        config.withMaxFrameBytes(99).limits());
    assertEquals(new ProxyConfig.Limits(1234, config.maxBufferedFrameBytes(), Duration.ofSeconds(30), 0,
        Duration.ofMinutes(10), 10_000, Duration.ofMillis(5)),
        config.withDrainTimeout(Duration.ofMillis(5)).limits());
    assertEquals(LOG, config.withEvents(LOG).events());
    assertEquals(false, config.withBridge(false).bridge());
    Path file = Path.of("proxy.log");
    assertEquals(new ProxyConfig.Logging(null, file, 7, 3, 99, false), config.withLogFile(file).logging(),
        "a file in place of the consumer: they exclude each other");
    assertEquals(config, config.withLogFile(file).withLog(LOG));
    assertEquals(new ProxyConfig.Logging(LOG, null, 0, 1, 99, false), config.withLogRotation(0, 1).logging());
    assertEquals(5, config.withLogMessageMaxBytes(5).logMessageMaxBytes());
    assertEquals(null, config.withFatal(null).fatal());
    assertEquals("the log goes to a consumer or to a file, not both", assertThrows(IllegalArgumentException.class,
        () -> new ProxyConfig.Logging(LOG, file, 0, 1, 1, true)).getMessage());
    InetSocketAddress second = new InetSocketAddress("127.0.0.1", 9093);
    ProxyConfig two = config.withUpstreams(List.of(second, UPSTREAM));
    assertEquals(second, two.upstream());
    assertEquals(List.of(second, UPSTREAM), two.upstreams());
    assertEquals("the upstream bootstrap list is empty", assertThrows(IllegalArgumentException.class,
        () -> config.withUpstreams(List.of())).getMessage());
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
