package io.kwire.proxy;

import io.kwire.net.sasl.SaslClientOptions;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.tls.TlsClientOptions;
import io.kwire.net.tls.TlsServerOptions;
import io.kwire.runtime.wire.DecodeOptions;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import io.kwire.proxy.filter.Filter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What a {@link KwireProxy} does. Start from {@link #of} and change one thing at a time with the
 * {@code with...} methods.
 *
 * @param listen where clients connect (port 0 picks a free port)
 * @param upstream the Kafka broker every client connection is forwarded to; with a {@link #upstreams
 *     bootstrap list}, its first address
 * @param advertise the address written into every broker address of a response (Metadata,
 *     FindCoordinator, DescribeCluster, KIP-951's node endpoints; docs/proxy.md lists them) in place
 *     of the broker's, or null for the listen address (its actual port)
 * @param capVersions whether the broker's ApiVersions response is cut down to the versions kwire
 *     decodes, so that clients never pick one the proxy must pass through raw
 * @param log where the JSON line of every message goes, or null for none (or for {@code logFile});
 *     called from the log's own thread, never from an event loop: a log slower than the traffic
 *     loses lines (counted in {@link ProxyStats#logDropped}), it never slows the proxy
 * @param redactSecrets whether logged messages hide secrets (on unless asked otherwise)
 * @param check whether each re-encoded frame is compared with the original bytes
 * @param maxFrameBytes largest frame (not counting its 4-byte size) accepted in either direction;
 *     a larger size prefix closes the connection before anything of the frame is buffered
 * @param events where one line per notable event goes (refused frames, decoding failures, check
 *     differences, upstream failures); thread-safe
 * @param bridge whether requests of versions the broker removed (Kafka 4.x, KIP-896) are translated
 *     for old clients ({@code kwire bridge}; see docs/bridge.md): each upstream connection first asks
 *     the broker's ApiVersions, then every request is forwarded, translated or answered by the proxy.
 *     The bridge is a stage before the filters: they see a translated request at the broker's version,
 *     and its response before it is translated back
 * @param logFile the file the JSON lines go to, in place of {@code log}, or null
 * @param logMaxBytes the size past which {@code logFile} is rotated ({@code FILE.1}, {@code FILE.2}...;
 *     0: never), 100 MiB unless changed
 * @param logFiles how many files of the log are kept, the current one included (5 unless changed)
 * @param logMessageMaxBytes the longest line one message gets in the log (1 MiB unless changed): a
 *     message whose frame is larger is not rendered, one whose JSON grows past it stops there; either
 *     is logged as a short line saying it was {@code "omitted"}, with its API, version and frame size
 * @param fatal what is done with an {@link Error} (OutOfMemoryError, StackOverflowError...) that
 *     reaches the end of a connection's pipeline (the connection is closed as well); null for nothing
 *     more. A JVM in that state cannot be trusted to serve on: {@code kwire proxy} ends the process
 * @param requestTimeout how long a request forwarded upstream waits for the broker's response
 *     (Kafka's {@code request.timeout.ms}, 30 s); then the client connection is closed after the
 *     responses before it, with an event line
 * @param upstreams the bootstrap list: a connection to the listen port goes to the first of these
 *     that accepts; {@code upstream} first (a list of {@code upstream} alone unless changed)
 * @param brokerPorts null for one port (every broker's address in a response is the advertised
 *     one, every connection goes to the bootstrap list); else a port per broker: the listen port is
 *     the bootstrap, and each broker the proxy learns from the responses (Metadata, DescribeCluster,
 *     FindCoordinator, KIP-951's node endpoints) gets a port of its own, these ports, whose
 *     connections go to that broker (docs/proxy.md, "Every broker of a cluster")
 * @param filters the user's filters (docs/proxy.md), in order: a request passes them first to last
 *     after the proxy's own (address rewriting, version capping), a response last to first before
 *     them; none unless given. In bridge mode they see requests as the bridge sends them upstream
 * @param tls TLS towards clients (the proxy's certificate, client certificates none, requested or
 *     required), or null for plaintext; independent of {@code upstreamTls}
 * @param upstreamTls TLS towards the brokers (their CA, optionally the proxy's client certificate),
 *     or null for plaintext
 * @param sasl SASL termination, or null for pass-through (the default): the proxy authenticates
 *     clients itself against this user store and forwards nothing of their exchange. In pass-through,
 *     clients' SaslHandshake and SaslAuthenticate go to the broker on the client's own upstream
 *     connection, KIP-368 re-authentications included; the proxy holds no secret of theirs
 * @param upstreamSasl the proxy's own credentials towards the brokers, or null: each upstream
 *     connection then negotiates ApiVersions and authenticates before it forwards anything (meant
 *     with {@code sasl}: credential swapping)
 * @param route which broker a client connection is forwarded to (for example by its TLS SNI host
 *     name, {@link SniRoute}), or null for {@code upstream} always; asked once per connection, at its
 *     first request (after the TLS handshake)
 * @param maxBufferedFrameBytes the bound on the bytes of partial request frames buffered across all
 *     client connections (a connection whose frame would pass it is refused and closed); half the
 *     heap unless changed
 */
public record ProxyConfig(
    InetSocketAddress listen,
    InetSocketAddress upstream,
    InetSocketAddress advertise,
    boolean capVersions,
    Consumer<String> log,
    boolean redactSecrets,
    boolean check,
    int maxFrameBytes,
    Consumer<String> events,
    boolean bridge,
    Path logFile,
    long logMaxBytes,
    int logFiles,
    int logMessageMaxBytes,
    Consumer<Throwable> fatal,
    Duration requestTimeout,
    List<InetSocketAddress> upstreams,
    NodePorts brokerPorts,
    List<Filter> filters,
    TlsServerOptions tls,
    TlsClientOptions upstreamTls,
    SaslServerOptions sasl,
    SaslClientOptions upstreamSasl,
    UpstreamRoute route,
    long maxBufferedFrameBytes,
    Duration idleTimeout,
    int maxConnections) {

  /** A log file is rotated past 100 MiB unless changed. */
  public static final long DEFAULT_LOG_MAX_BYTES = 100L << 20;
  /** Five files of the log are kept unless changed. */
  public static final int DEFAULT_LOG_FILES = 5;
  /** One message's log line is at most 1 MiB unless changed. */
  public static final int DEFAULT_LOG_MESSAGE_MAX_BYTES = 1 << 20;
  /** Kafka's {@code request.timeout.ms} default. */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
  /** kwire-net's (Kafka's {@code connections.max.idle.ms}), per listener. */
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(10);
  /** kwire-net's, per listener. */
  public static final int DEFAULT_MAX_CONNECTIONS = 10_000;

  public ProxyConfig {
    Objects.requireNonNull(listen, "listen");
    Objects.requireNonNull(upstream, "upstream");
    Objects.requireNonNull(events, "events");
    if (maxFrameBytes < 0) {
      throw new IllegalArgumentException("maxFrameBytes must not be negative: " + maxFrameBytes);
    }
    if (log != null && logFile != null) {
      throw new IllegalArgumentException("the log goes to a consumer or to a file, not both");
    }
    if (logMaxBytes < 0) {
      throw new IllegalArgumentException("logMaxBytes must not be negative: " + logMaxBytes);
    }
    if (logFiles < 1) {
      throw new IllegalArgumentException("logFiles must be at least 1: " + logFiles);
    }
    if (logMessageMaxBytes < 1) {
      throw new IllegalArgumentException("logMessageMaxBytes must be at least 1: " + logMessageMaxBytes);
    }
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    if (requestTimeout.isNegative() || requestTimeout.isZero()) {
      throw new IllegalArgumentException("requestTimeout must be positive: " + requestTimeout);
    }
    upstreams = upstreams == null || upstreams.isEmpty() ? List.of(upstream) : List.copyOf(upstreams);
    if (!upstreams.get(0).equals(upstream)) {
      throw new IllegalArgumentException("upstreams must start with upstream " + upstream + ": " + upstreams);
    }
    if (brokerPorts != null) {
      brokerPorts.checkAgainst(listen.getPort());
    }
    filters = List.copyOf(Objects.requireNonNull(filters, "filters"));
    if (maxBufferedFrameBytes <= 0) {
      throw new IllegalArgumentException("maxBufferedFrameBytes must be positive: " + maxBufferedFrameBytes);
    }
    Objects.requireNonNull(idleTimeout, "idleTimeout");
    if (idleTimeout.isNegative() || idleTimeout.isZero()) {
      throw new IllegalArgumentException("idleTimeout must be positive: " + idleTimeout);
    }
    if (maxConnections <= 0) {
      throw new IllegalArgumentException("maxConnections must be positive: " + maxConnections);
    }
  }

  /**
   * The components before {@link #upstreams}: one upstream, one port, no filters, plaintext both
   * ways, SASL passed through.
   */
  public ProxyConfig(InetSocketAddress listen, InetSocketAddress upstream, InetSocketAddress advertise,
      boolean capVersions, Consumer<String> log, boolean redactSecrets, boolean check, int maxFrameBytes,
      Consumer<String> events, boolean bridge, Path logFile, long logMaxBytes, int logFiles,
      int logMessageMaxBytes, Consumer<Throwable> fatal, Duration requestTimeout) {
    this(listen, upstream, advertise, capVersions, log, redactSecrets, check, maxFrameBytes, events, bridge,
        logFile, logMaxBytes, logFiles, logMessageMaxBytes, fatal, requestTimeout, null, null, List.of(), null, null,
        null, null, null, defaultMaxBufferedFrameBytes(), DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_CONNECTIONS);
  }

  /** Half the heap: what partial request frames may hold across connections unless changed. */
  public static long defaultMaxBufferedFrameBytes() {
    return Math.max(1, Runtime.getRuntime().maxMemory() / 2);
  }

  /** The components before {@link #requestTimeout}, which is then Kafka's default, 30 s. */
  public ProxyConfig(InetSocketAddress listen, InetSocketAddress upstream, InetSocketAddress advertise,
      boolean capVersions, Consumer<String> log, boolean redactSecrets, boolean check, int maxFrameBytes,
      Consumer<String> events, boolean bridge, Path logFile, long logMaxBytes, int logFiles,
      int logMessageMaxBytes, Consumer<Throwable> fatal) {
    this(listen, upstream, advertise, capVersions, log, redactSecrets, check, maxFrameBytes, events, bridge,
        logFile, logMaxBytes, logFiles, logMessageMaxBytes, fatal, DEFAULT_REQUEST_TIMEOUT);
  }

  /** Forwarding from {@code listen} to {@code upstream}: no log, secrets redacted, no check, 100 MiB frames, events to stderr. */
  public static ProxyConfig of(InetSocketAddress listen, InetSocketAddress upstream) {
    Change defaults = new Change();
    defaults.listen = listen;
    defaults.upstream = upstream;
    return defaults.build();
  }

  public ProxyConfig withAdvertise(InetSocketAddress address) {
    return with(c -> c.advertise = address);
  }

  public ProxyConfig withCapVersions(boolean cap) {
    return with(c -> c.capVersions = cap);
  }

  /** The log to {@code sink} (in place of a {@link #withLogFile file}). */
  public ProxyConfig withLog(Consumer<String> sink) {
    return with(c -> {
      c.log = sink;
      c.logFile = null;
    });
  }

  /** The log to {@code file}, rotated by size (in place of a {@link #withLog consumer}). */
  public ProxyConfig withLogFile(Path file) {
    return with(c -> {
      c.logFile = file;
      c.log = null;
    });
  }

  /** Rotate the log file when it would pass {@code maxBytes} (0: never), keeping {@code files} files. */
  public ProxyConfig withLogRotation(long maxBytes, int files) {
    return with(c -> {
      c.logMaxBytes = maxBytes;
      c.logFiles = files;
    });
  }

  public ProxyConfig withLogMessageMaxBytes(int max) {
    return with(c -> c.logMessageMaxBytes = max);
  }

  /** What is done with an {@link Error} caught on an event loop (see {@link #fatal}). */
  public ProxyConfig withFatal(Consumer<Throwable> handler) {
    return with(c -> c.fatal = handler);
  }

  public ProxyConfig withRedactSecrets(boolean redact) {
    return with(c -> c.redactSecrets = redact);
  }

  public ProxyConfig withCheck(boolean compare) {
    return with(c -> c.check = compare);
  }

  public ProxyConfig withMaxFrameBytes(int max) {
    return with(c -> c.maxFrameBytes = max);
  }

  /** Bridge mode: old clients' requests of removed versions are translated (see {@link #bridge}). */
  public ProxyConfig withBridge(boolean translate) {
    return with(c -> c.bridge = translate);
  }

  /** How long a forwarded request waits for the broker (see {@link #requestTimeout}). */
  public ProxyConfig withRequestTimeout(Duration timeout) {
    return with(c -> c.requestTimeout = timeout);
  }

  /**
   * The bootstrap list (at least one address): the listen port's connections go to the first that
   * accepts; {@link #upstream} becomes the first.
   */
  public ProxyConfig withUpstreams(List<InetSocketAddress> bootstrap) {
    if (bootstrap.isEmpty()) {
      throw new IllegalArgumentException("the upstream bootstrap list is empty");
    }
    return with(c -> {
      c.upstreams = bootstrap;
      c.upstream = bootstrap.get(0);
    });
  }

  /** A port per broker, these ports (see {@link #brokerPorts}); null for one port. */
  public ProxyConfig withBrokerPorts(NodePorts ports) {
    return with(c -> c.brokerPorts = ports);
  }

  /** The user's filters, in place of those given before (see {@link #filters}). */
  public ProxyConfig withFilters(List<Filter> list) {
    return with(c -> c.filters = List.copyOf(list));
  }

  /** {@code filter} after those given before. */
  public ProxyConfig withFilter(Filter filter) {
    Objects.requireNonNull(filter, "filter");
    return with(c -> {
      List<Filter> more = new ArrayList<>(c.filters);
      more.add(filter);
      c.filters = more;
    });
  }

  /** TLS towards clients (see {@link #tls}); null for plaintext. */
  public ProxyConfig withTls(TlsServerOptions options) {
    return with(c -> c.tls = options);
  }

  /** TLS towards the brokers (see {@link #upstreamTls}); null for plaintext. */
  public ProxyConfig withUpstreamTls(TlsClientOptions options) {
    return with(c -> c.upstreamTls = options);
  }

  /** SASL termination (see {@link #sasl}); null for pass-through. */
  public ProxyConfig withSasl(SaslServerOptions options) {
    return with(c -> c.sasl = options);
  }

  /** The proxy's own credentials towards the brokers (see {@link #upstreamSasl}); null for none. */
  public ProxyConfig withUpstreamSasl(SaslClientOptions options) {
    return with(c -> c.upstreamSasl = options);
  }

  /** Which broker each client connection goes to (see {@link #route}); null for {@link #upstream}. */
  public ProxyConfig withRoute(UpstreamRoute route) {
    return with(c -> c.route = route);
  }

  /** The bound on partial request frames buffered across connections (see {@link #maxBufferedFrameBytes}). */
  public ProxyConfig withMaxBufferedFrameBytes(long max) {
    return with(c -> c.maxBufferedFrameBytes = max);
  }

  /** A client connection without traffic and nothing in flight this long is closed (10 min). */
  public ProxyConfig withIdleTimeout(Duration timeout) {
    return with(c -> c.idleTimeout = timeout);
  }

  /** Client connections beyond this many, per listener, are closed as they are accepted (10,000). */
  public ProxyConfig withMaxConnections(int max) {
    return with(c -> c.maxConnections = max);
  }

  public ProxyConfig withEvents(Consumer<String> sink) {
    return with(c -> c.events = sink);
  }

  private ProxyConfig with(Consumer<Change> change) {
    Change copy = new Change(this);
    change.accept(copy);
    return copy.build();
  }

  /** The components, mutable: each {@code with...} changes one; the defaults are {@link #of}'s. */
  private static final class Change {
    InetSocketAddress listen;
    InetSocketAddress upstream;
    InetSocketAddress advertise;
    boolean capVersions;
    Consumer<String> log;
    boolean redactSecrets = true;
    boolean check;
    int maxFrameBytes = DecodeOptions.DEFAULT_MAX_FRAME_SIZE;
    Consumer<String> events = line -> System.err.println(line);
    boolean bridge;
    Path logFile;
    long logMaxBytes = DEFAULT_LOG_MAX_BYTES;
    int logFiles = DEFAULT_LOG_FILES;
    int logMessageMaxBytes = DEFAULT_LOG_MESSAGE_MAX_BYTES;
    Consumer<Throwable> fatal;
    Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    List<InetSocketAddress> upstreams;
    NodePorts brokerPorts;
    List<Filter> filters = List.of();
    TlsServerOptions tls;
    TlsClientOptions upstreamTls;
    SaslServerOptions sasl;
    SaslClientOptions upstreamSasl;
    UpstreamRoute route;
    long maxBufferedFrameBytes = defaultMaxBufferedFrameBytes();
    Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
    int maxConnections = DEFAULT_MAX_CONNECTIONS;

    Change() {}

    Change(ProxyConfig config) {
      listen = config.listen;
      upstream = config.upstream;
      advertise = config.advertise;
      capVersions = config.capVersions;
      log = config.log;
      redactSecrets = config.redactSecrets;
      check = config.check;
      maxFrameBytes = config.maxFrameBytes;
      events = config.events;
      bridge = config.bridge;
      logFile = config.logFile;
      logMaxBytes = config.logMaxBytes;
      logFiles = config.logFiles;
      logMessageMaxBytes = config.logMessageMaxBytes;
      fatal = config.fatal;
      requestTimeout = config.requestTimeout;
      upstreams = config.upstreams;
      brokerPorts = config.brokerPorts;
      filters = config.filters;
      tls = config.tls;
      upstreamTls = config.upstreamTls;
      sasl = config.sasl;
      upstreamSasl = config.upstreamSasl;
      route = config.route;
      maxBufferedFrameBytes = config.maxBufferedFrameBytes;
      idleTimeout = config.idleTimeout;
      maxConnections = config.maxConnections;
    }

    ProxyConfig build() {
      return new ProxyConfig(listen, upstream, advertise, capVersions, log, redactSecrets, check, maxFrameBytes,
          events, bridge, logFile, logMaxBytes, logFiles, logMessageMaxBytes, fatal, requestTimeout,
          upstreams, brokerPorts, filters, tls, upstreamTls, sasl, upstreamSasl, route, maxBufferedFrameBytes,
          idleTimeout, maxConnections);
    }
  }
}
