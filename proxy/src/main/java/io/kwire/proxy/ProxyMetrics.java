package io.kwire.proxy;

import io.kwire.proxy.filter.Filter;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongSupplier;

/**
 * The proxy's metrics, in a Prometheus registry of its own (the admin listener's {@code /metrics}).
 * On the forwarding path they cost no allocation: each API key and version's counter and histogram
 * is resolved once, at its first request, and kept in an array ({@link #requests}); bytes and
 * connections are label-less or per direction. Label sets that clients choose (their software names,
 * KIP-511) are capped, so a client cannot grow the registry without bound.
 */
final class ProxyMetrics {
  /** API keys and versions with a slot of their own; others share one. */
  private static final int KEYS = 256;
  private static final int VERSIONS = 64;
  /** Distinct client software name and version pairs counted before the rest are "other". */
  private static final int MAX_SOFTWARE = 200;

  /** One API key and version's data points. */
  record Api(CounterDataPoint requests, DistributionDataPoint latency) {}

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final ApiNames names;
  private final Counter requests;
  private final Histogram latency;
  private final Counter errors;
  private final Counter brokerErrors;
  private final BrokerErrors brokerErrorCodes;
  private final AtomicReferenceArray<Api> apis = new AtomicReferenceArray<>(KEYS * VERSIONS + 1);
  final CounterDataPoint clientBytesIn;
  final CounterDataPoint brokerBytesOut;
  final CounterDataPoint brokerBytesIn;
  final CounterDataPoint clientBytesOut;
  private final Gauge clientConnections;
  private final Gauge upstreamConnections;
  private final Counter filterOutcomes;
  private final Counter software;
  private final Set<String> softwareSeen = ConcurrentHashMap.newKeySet();

  /**
   * The system property that, set to {@code false} when a proxy starts, leaves its per-request
   * metrics (requests, latency, bytes, broker errors) uncounted: for measuring what they cost
   * ({@code bench/}'s metrics on/off ratio), not an option of the proxy.
   */
  static final String COUNTING = "kwire.proxy.metrics";

  /** A data point that counts nothing (the per-request metrics when {@link #COUNTING} is off). */
  private static final class Uncounted implements CounterDataPoint, DistributionDataPoint {
    @Override
    public void inc(double amount) {}

    @Override
    public void incWithExemplar(double amount, io.prometheus.metrics.model.snapshots.Labels labels) {}

    @Override
    public double get() {
      return 0;
    }

    @Override
    public long getLongValue() {
      return 0;
    }

    @Override
    public long getCount() {
      return 0;
    }

    @Override
    public double getSum() {
      return 0;
    }

    @Override
    public void observe(double value) {}

    @Override
    public void observeWithExemplar(double value, io.prometheus.metrics.model.snapshots.Labels labels) {}
  }

  private static final Uncounted UNCOUNTED = new Uncounted();
  private static final Api UNCOUNTED_API = new Api(UNCOUNTED, UNCOUNTED);
  /** Whether the per-request metrics count ({@link #COUNTING}). */
  private final boolean counting = !"false".equals(System.getProperty(COUNTING));

  ProxyMetrics(io.kwire.runtime.KwireRegistry kwire, ApiNames names, Counters counters, LongSupplier bufferedBytes,
      long bufferedBound) {
    this.names = names;
    this.brokerErrorCodes = new BrokerErrors(kwire);
    brokerErrors = Counter.builder().name("kwire_proxy_broker_errors_total")
        .help("Responses from the broker with a top-level error code, by API and Kafka error code (APIs whose errors"
            + " live per topic or partition, Produce, Metadata..., are not read)")
        .labelNames("api", "code").withoutExemplars().register(registry);
    requests = Counter.builder().name("kwire_proxy_requests_total").help("Requests from clients, by API and version")
        .labelNames("api", "version").withoutExemplars().register(registry);
    latency = Histogram.builder().name("kwire_proxy_request_latency_seconds")
        .help("From forwarding a request to the broker to its response arriving, by API and version")
        .labelNames("api", "version").classicOnly()
        .classicUpperBounds(.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30)
        .withoutExemplars().register(registry);
    errors = Counter.builder().name("kwire_proxy_errors_total")
        .help("Error responses the proxy answered itself (filter refusals, injected faults, request timeouts), by API"
            + " and Kafka error code").labelNames("api", "code").withoutExemplars().register(registry);
    Counter bytes = Counter.builder().name("kwire_proxy_bytes_total").help("Frame bytes, by direction")
        .labelNames("direction").withoutExemplars().register(registry);
    clientBytesIn = counting ? bytes.labelValues("client_to_proxy") : UNCOUNTED;
    brokerBytesOut = counting ? bytes.labelValues("proxy_to_broker") : UNCOUNTED;
    brokerBytesIn = counting ? bytes.labelValues("broker_to_proxy") : UNCOUNTED;
    clientBytesOut = counting ? bytes.labelValues("proxy_to_client") : UNCOUNTED;
    clientConnections = Gauge.builder().name("kwire_proxy_client_connections").help("Client connections open")
        .withoutExemplars().register(registry);
    upstreamConnections = Gauge.builder().name("kwire_proxy_upstream_connections")
        .help("Upstream connections open, by the broker's node id (bootstrap: the listen port's)")
        .labelNames("node").withoutExemplars().register(registry);
    GaugeWithCallback.builder().name("kwire_proxy_buffered_frame_bytes")
        .help("Bytes of partial request frames held across all client connections")
        .callback(c -> c.call(bufferedBytes.getAsLong())).register(registry);
    GaugeWithCallback.builder().name("kwire_proxy_buffered_frame_bytes_limit")
        .help("The bound on kwire_proxy_buffered_frame_bytes (--max-buffered-bytes)")
        .callback(c -> c.call(bufferedBound)).register(registry);
    filterOutcomes = Counter.builder().name("kwire_proxy_filter_outcomes_total")
        .help("What each filter decided for the requests it read: forwarded, answered, refused or failed")
        .labelNames("filter", "outcome").withoutExemplars().register(registry);
    software = Counter.builder().name("kwire_proxy_client_software_total")
        .help("Client connections by the software name and version their ApiVersions request gave (KIP-511)")
        .labelNames("name", "version").withoutExemplars().register(registry);
    CounterWithCallback.builder().name("kwire_proxy_upstream_failures_total")
        .help("Upstream connections that failed: refused, closed, or a request not answered in time")
        .callback(c -> c.call(counters.upstreamFailures.sum())).register(registry);
    CounterWithCallback.builder().name("kwire_proxy_refused_connections_total")
        .help("Client connections closed at once: their address held the most connections one address may")
        .callback(c -> c.call(counters.refusedConnections.sum())).register(registry);
    CounterWithCallback.builder().name("kwire_proxy_refused_frames_total")
        .help("Frames refused: too large, negative size, or past the buffered-bytes bound")
        .callback(c -> c.call(counters.refusedFrames.sum())).register(registry);
    CounterWithCallback.builder().name("kwire_proxy_decode_failures_total")
        .help("Frames of an API and version kwire has that did not decode (passed on raw)")
        .callback(c -> c.call(counters.decodeFailures.sum())).register(registry);
  }

  PrometheusRegistry registry() {
    return registry;
  }

  /** The data points of {@code apiKey} at {@code version}: made at its first request, then read from the array. */
  Api api(short apiKey, short version) {
    if (!counting) {
      return UNCOUNTED_API;
    }
    int slot = apiKey >= 0 && apiKey < KEYS && version >= 0 && version < VERSIONS ? apiKey * VERSIONS + version
        : KEYS * VERSIONS;
    Api api = apis.get(slot);
    if (api == null) {
      String name = slot == KEYS * VERSIONS ? "other" : names.name(apiKey);
      String v = slot == KEYS * VERSIONS ? "other" : Short.toString(version);
      apis.compareAndSet(slot, null, new Api(requests.labelValues(name, v), latency.labelValues(name, v)));
      api = apis.get(slot);
    }
    return api;
  }

  /** The broker's response {@code frame}: its top-level error code counted, when it has one that is not 0. */
  void brokerResponse(short apiKey, short version, byte[] frame) {
    if (!counting) {
      return;
    }
    short code = brokerErrorCodes.of(apiKey, version, frame);
    if (code != 0) {
      brokerErrors.labelValues(names.name(apiKey), Short.toString(code)).inc();
    }
  }

  /** An error the proxy answered with (rare: not pre-resolved). */
  void error(short apiKey, short code) {
    errors.labelValues(names.name(apiKey), Short.toString(code)).inc();
  }

  void clientConnected(boolean open) {
    clientConnections.inc(open ? 1 : -1);
  }

  void upstreamConnected(String node, boolean open) {
    upstreamConnections.labelValues(node).inc(open ? 1 : -1);
  }

  /** A client's KIP-511 software name and version, counted once per connection; capped. */
  void clientSoftware(String name, String version) {
    String n = name == null || name.isEmpty() ? "unknown" : name;
    String v = version == null || version.isEmpty() ? "unknown" : version;
    if (softwareSeen.size() >= MAX_SOFTWARE && !softwareSeen.contains(n + "\u0000" + v)) {
      n = "other";
      v = "other";
    } else {
      softwareSeen.add(n + "\u0000" + v);
    }
    software.labelValues(n, v).inc();
  }

  /** The four outcome counters of each filter, by its place in {@code filters}. */
  FilterOutcomes filterOutcomes(List<Filter> filters) {
    CounterDataPoint[][] points = new CounterDataPoint[filters.size()][];
    for (int i = 0; i < filters.size(); i++) {
      String name = filterName(filters.get(i), i);
      points[i] = new CounterDataPoint[] {filterOutcomes.labelValues(name, "forwarded"),
          filterOutcomes.labelValues(name, "answered"), filterOutcomes.labelValues(name, "refused"),
          filterOutcomes.labelValues(name, "failed")};
    }
    return new FilterOutcomes(points);
  }

  /** A filter's class name; a lambda's or an anonymous class's (no stable name) by its place, from 1. */
  private static String filterName(Filter filter, int place) {
    Class<?> type = filter.getClass();
    return type.isSynthetic() || type.isAnonymousClass() || type.isHidden() || type.getSimpleName().contains("$")
        ? "filter-" + (place + 1) : type.getSimpleName();
  }

  /** Per filter (by its place in the chain): forwarded, answered, refused, failed. */
  record FilterOutcomes(CounterDataPoint[][] points) {
    static final int FORWARDED = 0;
    static final int ANSWERED = 1;
    static final int REFUSED = 2;
    static final int FAILED = 3;

    void count(int filter, int outcome) {
      if (filter >= 0 && filter < points.length) {
        points[filter][outcome].inc();
      }
    }
  }
}
