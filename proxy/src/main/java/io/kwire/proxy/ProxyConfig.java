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
 * What a {@link KwireProxy} does, grouped as its settings are: where it listens and forwards
 * ({@link Endpoints}), its message log ({@link Logging}), TLS and SASL on either side
 * ({@link Security}), its bounds ({@link Limits}), and what it does to the traffic (version capping,
 * the check, bridge mode, the filters). Start from {@link #of} and change one thing at a time with the
 * {@code with...} methods, or build one with {@link #builder}; the flat accessors ({@link #listen},
 * {@link #requestTimeout}...) read the groups.
 *
 * @param endpoints where clients connect, the brokers they are forwarded to, what they are told
 * @param logging the JSON line of every message: to a consumer, to a rotated file, or nowhere
 * @param security TLS towards clients and towards the brokers, SASL termination and the proxy's own credentials
 * @param limits the frame and buffered-bytes bounds and the request timeout
 * @param capVersions whether the broker's ApiVersions response is cut down to the versions kwire
 *     decodes, so that clients never pick one the proxy must pass through raw
 * @param check whether each re-encoded frame is compared with the original bytes
 * @param bridge whether requests of versions the broker removed (Kafka 4.x, KIP-896) are translated
 *     for old clients ({@code kwire bridge}; see docs/bridge.md). The bridge is a stage before the
 *     filters: they see a translated request at the broker's version, and its response before it is
 *     translated back
 * @param filters the user's filters (docs/proxy.md), in order: a request passes them first to last
 *     after the proxy's own (address rewriting, version capping), a response last to first before
 *     them; none unless given
 * @param events where one line per notable event goes (refused frames, decoding failures, check
 *     differences, upstream failures); thread-safe
 * @param fatal what is done with an {@link Error} (OutOfMemoryError, StackOverflowError...) that
 *     reaches the end of a connection's pipeline (the connection is closed as well); null for nothing
 *     more. A JVM in that state cannot be trusted to serve on: {@code kwire proxy} ends the process
 */
public record ProxyConfig(
    Endpoints endpoints,
    Logging logging,
    Security security,
    Limits limits,
    boolean capVersions,
    boolean check,
    boolean bridge,
    List<Filter> filters,
    Consumer<String> events,
    Consumer<Throwable> fatal) {

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
  /** How long {@link KwireProxy#close} lets connections answer what they have read, unless changed. */
  public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(2);

  /**
   * Where the proxy listens and forwards.
   *
   * @param listen where clients connect (port 0 picks a free port)
   * @param upstreams the bootstrap list, at least one: a connection to the listen port goes to the
   *     first of these that accepts
   * @param advertise the address written into every broker address of a response (Metadata,
   *     FindCoordinator, DescribeCluster, KIP-951's node endpoints; docs/proxy.md lists them) in
   *     place of the broker's, or null for the listen address (its actual port)
   * @param brokerPorts null for one port (every broker's address in a response is the advertised
   *     one, every connection goes to the bootstrap list); else a port per broker learnt from the
   *     responses, these ports (docs/proxy.md, "Every broker of a cluster")
   * @param route which broker a client connection is forwarded to (for example by its TLS SNI host
   *     name, {@link SniRoute}), or null for the bootstrap list; asked at its first request
   */
  public record Endpoints(InetSocketAddress listen, List<InetSocketAddress> upstreams, InetSocketAddress advertise,
      NodePorts brokerPorts, UpstreamRoute route) {
    public Endpoints {
      Objects.requireNonNull(listen, "listen");
      upstreams = List.copyOf(Objects.requireNonNull(upstreams, "upstreams"));
      if (upstreams.isEmpty()) {
        throw new IllegalArgumentException("the upstream bootstrap list is empty");
      }
      if (brokerPorts != null) {
        brokerPorts.checkAgainst(listen.getPort());
      }
    }
  }

  /**
   * The message log: one JSON line per message to {@code sink} or to {@code file}, one or neither.
   *
   * @param sink where the lines go, or null (for none, or for {@code file}); called from the log's
   *     own thread, never from an event loop: a log slower than the traffic loses lines (counted in
   *     {@link ProxyStats#logDropped}), it never slows the proxy
   * @param file the file the lines go to, in place of {@code sink}, or null
   * @param maxBytes the size past which {@code file} is rotated ({@code FILE.1}, {@code FILE.2}...; 0: never)
   * @param files how many files of the log are kept, the current one included
   * @param messageMaxBytes the longest line one message gets: a message whose frame is larger is not
   *     rendered, one whose JSON grows past it stops there; either is logged as a short line saying
   *     it was {@code "omitted"}, with its API, version and frame size
   * @param redactSecrets whether logged messages hide secrets (on unless asked otherwise)
   */
  public record Logging(Consumer<String> sink, Path file, long maxBytes, int files, int messageMaxBytes,
      boolean redactSecrets) {
    /** No log; secrets redacted, and the default bounds should one be given. */
    public static final Logging NONE = new Logging(null, null, DEFAULT_LOG_MAX_BYTES, DEFAULT_LOG_FILES,
        DEFAULT_LOG_MESSAGE_MAX_BYTES, true);

    public Logging {
      if (sink != null && file != null) {
        throw new IllegalArgumentException("the log goes to a consumer or to a file, not both");
      }
      if (maxBytes < 0) {
        throw new IllegalArgumentException("logMaxBytes must not be negative: " + maxBytes);
      }
      if (files < 1) {
        throw new IllegalArgumentException("logFiles must be at least 1: " + files);
      }
      if (messageMaxBytes < 1) {
        throw new IllegalArgumentException("logMessageMaxBytes must be at least 1: " + messageMaxBytes);
      }
    }
  }

  /**
   * TLS and SASL, each side on its own: any null is off (plaintext; SASL passed through).
   *
   * @param tls TLS towards clients (the proxy's certificate, client certificates none, requested or required)
   * @param upstreamTls TLS towards the brokers (their CA, optionally the proxy's client certificate)
   * @param sasl SASL termination: the proxy authenticates clients itself against this user store and
   *     forwards nothing of their exchange. Off, clients' SaslHandshake and SaslAuthenticate go to
   *     the broker on the client's own upstream connection, KIP-368 re-authentications included
   * @param upstreamSasl the proxy's own credentials towards the brokers: each upstream connection then
   *     negotiates ApiVersions and authenticates before it forwards anything (with {@code sasl}:
   *     credential swapping)
   */
  public record Security(TlsServerOptions tls, TlsClientOptions upstreamTls, SaslServerOptions sasl,
      SaslClientOptions upstreamSasl) {
    /** Plaintext both ways, SASL passed through. */
    public static final Security NONE = new Security(null, null, null, null);
  }

  /**
   * The proxy's bounds.
   *
   * @param maxFrameBytes largest frame (not counting its 4-byte size) accepted in either direction; a
   *     larger size prefix closes the connection before anything of the frame is buffered
   * @param maxBufferedFrameBytes the bound on the bytes of partial request frames buffered across all
   *     client connections (a connection whose frame would pass it is refused and closed)
   * @param requestTimeout how long the broker may take to answer a forwarded request, its time only
   *     (Kafka's {@code request.timeout.ms}, 30 s); then the client is answered REQUEST_TIMED_OUT and
   *     its connection closed, with an event line
   * @param maxConnectionsPerAddress how many client connections one client address may hold open at
   *     once (0: no bound): one more is closed at once, with an event line (one per address per
   *     10 s), before an upstream connection is made for it
   * @param idleTimeout a client connection without traffic and nothing in flight this long is closed
   *     (kwire-net's, Kafka's {@code connections.max.idle.ms}: 10 min)
   * @param maxConnections client connections beyond this many, per listening port, are closed as
   *     they are accepted (kwire-net's: 10,000)
   * @param drainTimeout how long {@link KwireProxy#close} (SIGTERM) lets each connection answer the
   *     requests it has read; a connection still waiting for the broker then is closed (2 s; 0 closes at once)
   */
  public record Limits(int maxFrameBytes, long maxBufferedFrameBytes, Duration requestTimeout,
      int maxConnectionsPerAddress, Duration idleTimeout, int maxConnections, Duration drainTimeout) {
    public Limits {
      Objects.requireNonNull(drainTimeout, "drainTimeout");
      if (drainTimeout.isNegative()) {
        throw new IllegalArgumentException("drainTimeout must not be negative: " + drainTimeout);
      }
      Objects.requireNonNull(idleTimeout, "idleTimeout");
      if (idleTimeout.isNegative() || idleTimeout.isZero()) {
        throw new IllegalArgumentException("idleTimeout must be positive: " + idleTimeout);
      }
      if (maxConnections <= 0) {
        throw new IllegalArgumentException("maxConnections must be positive: " + maxConnections);
      }
      if (maxConnectionsPerAddress < 0) {
        throw new IllegalArgumentException("maxConnectionsPerAddress must not be negative: " + maxConnectionsPerAddress);
      }
      if (maxFrameBytes < 0) {
        throw new IllegalArgumentException("maxFrameBytes must not be negative: " + maxFrameBytes);
      }
      if (maxBufferedFrameBytes <= 0) {
        throw new IllegalArgumentException("maxBufferedFrameBytes must be positive: " + maxBufferedFrameBytes);
      }
      Objects.requireNonNull(requestTimeout, "requestTimeout");
      if (requestTimeout.isNegative() || requestTimeout.isZero()) {
        throw new IllegalArgumentException("requestTimeout must be positive: " + requestTimeout);
      }
    }

    /**
     * 100 MiB frames (Kafka's {@code socket.request.max.bytes}), half the heap buffered, 30 s, no
     * bound per address, 10 min idle, 10,000 connections, 2 s to drain.
     */
    public static Limits defaults() {
      return new Limits(DecodeOptions.DEFAULT_MAX_FRAME_SIZE, defaultMaxBufferedFrameBytes(), DEFAULT_REQUEST_TIMEOUT, 0,
          DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_CONNECTIONS, DEFAULT_DRAIN_TIMEOUT);
    }
  }

  public ProxyConfig {
    Objects.requireNonNull(endpoints, "endpoints");
    Objects.requireNonNull(logging, "logging");
    Objects.requireNonNull(security, "security");
    Objects.requireNonNull(limits, "limits");
    filters = List.copyOf(Objects.requireNonNull(filters, "filters"));
    Objects.requireNonNull(events, "events");
  }

  /** Half the heap: what partial request frames may hold across connections unless changed. */
  public static long defaultMaxBufferedFrameBytes() {
    return Math.max(1, Runtime.getRuntime().maxMemory() / 2);
  }

  /** Forwarding from {@code listen} to {@code upstream}: no log, secrets redacted, no check, 100 MiB frames, events to stderr. */
  public static ProxyConfig of(InetSocketAddress listen, InetSocketAddress upstream) {
    return builder(listen, upstream).build();
  }

  /** A builder starting from {@link #of}'s defaults. */
  public static Builder builder(InetSocketAddress listen, InetSocketAddress upstream) {
    return new Builder(listen, upstream);
  }

  /** A builder starting from this configuration. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  // The flat view: each setting where it is kept.

  public InetSocketAddress listen() {
    return endpoints.listen();
  }

  /** The first of the bootstrap list. */
  public InetSocketAddress upstream() {
    return endpoints.upstreams().get(0);
  }

  public List<InetSocketAddress> upstreams() {
    return endpoints.upstreams();
  }

  public InetSocketAddress advertise() {
    return endpoints.advertise();
  }

  public NodePorts brokerPorts() {
    return endpoints.brokerPorts();
  }

  public UpstreamRoute route() {
    return endpoints.route();
  }

  /** The log's consumer, or null. */
  public Consumer<String> log() {
    return logging.sink();
  }

  public Path logFile() {
    return logging.file();
  }

  public long logMaxBytes() {
    return logging.maxBytes();
  }

  public int logFiles() {
    return logging.files();
  }

  public int logMessageMaxBytes() {
    return logging.messageMaxBytes();
  }

  public boolean redactSecrets() {
    return logging.redactSecrets();
  }

  public TlsServerOptions tls() {
    return security.tls();
  }

  public TlsClientOptions upstreamTls() {
    return security.upstreamTls();
  }

  public SaslServerOptions sasl() {
    return security.sasl();
  }

  public SaslClientOptions upstreamSasl() {
    return security.upstreamSasl();
  }

  public int maxFrameBytes() {
    return limits.maxFrameBytes();
  }

  public long maxBufferedFrameBytes() {
    return limits.maxBufferedFrameBytes();
  }

  public Duration requestTimeout() {
    return limits.requestTimeout();
  }

  public Duration idleTimeout() {
    return limits.idleTimeout();
  }

  public int maxConnections() {
    return limits.maxConnections();
  }

  public Duration drainTimeout() {
    return limits.drainTimeout();
  }

  // One change each: a copy with it.

  public ProxyConfig withAdvertise(InetSocketAddress address) {
    return toBuilder().advertise(address).build();
  }

  public ProxyConfig withCapVersions(boolean cap) {
    return toBuilder().capVersions(cap).build();
  }

  /** The log to {@code sink} (in place of a {@link #withLogFile file}). */
  public ProxyConfig withLog(Consumer<String> sink) {
    return toBuilder().log(sink).build();
  }

  /** The log to {@code file}, rotated by size (in place of a {@link #withLog consumer}). */
  public ProxyConfig withLogFile(Path file) {
    return toBuilder().logFile(file).build();
  }

  /** Rotate the log file when it would pass {@code maxBytes} (0: never), keeping {@code files} files. */
  public ProxyConfig withLogRotation(long maxBytes, int files) {
    return toBuilder().logRotation(maxBytes, files).build();
  }

  public ProxyConfig withLogMessageMaxBytes(int max) {
    return toBuilder().logMessageMaxBytes(max).build();
  }

  /** What is done with an {@link Error} caught on an event loop (see {@link #fatal}). */
  public ProxyConfig withFatal(Consumer<Throwable> handler) {
    return toBuilder().fatal(handler).build();
  }

  public ProxyConfig withRedactSecrets(boolean redact) {
    return toBuilder().redactSecrets(redact).build();
  }

  public ProxyConfig withCheck(boolean compare) {
    return toBuilder().check(compare).build();
  }

  public ProxyConfig withMaxFrameBytes(int max) {
    return toBuilder().maxFrameBytes(max).build();
  }

  /** Bridge mode: old clients' requests of removed versions are translated (see {@link #bridge}). */
  public ProxyConfig withBridge(boolean translate) {
    return toBuilder().bridge(translate).build();
  }

  /** How long the broker may take to answer a forwarded request (see {@link Limits#requestTimeout}). */
  public ProxyConfig withRequestTimeout(Duration timeout) {
    return toBuilder().requestTimeout(timeout).build();
  }

  /** The bootstrap list (at least one address): the listen port's connections go to the first that accepts. */
  public ProxyConfig withUpstreams(List<InetSocketAddress> bootstrap) {
    return toBuilder().upstreams(bootstrap).build();
  }

  /** A port per broker, these ports (see {@link Endpoints#brokerPorts}); null for one port. */
  public ProxyConfig withBrokerPorts(NodePorts ports) {
    return toBuilder().brokerPorts(ports).build();
  }

  /** The user's filters, in place of those given before (see {@link #filters}). */
  public ProxyConfig withFilters(List<Filter> list) {
    return toBuilder().filters(list).build();
  }

  /** {@code filter} after those given before. */
  public ProxyConfig withFilter(Filter filter) {
    return toBuilder().filter(filter).build();
  }

  /** TLS towards clients (see {@link Security#tls}); null for plaintext. */
  public ProxyConfig withTls(TlsServerOptions options) {
    return toBuilder().tls(options).build();
  }

  /** TLS towards the brokers (see {@link Security#upstreamTls}); null for plaintext. */
  public ProxyConfig withUpstreamTls(TlsClientOptions options) {
    return toBuilder().upstreamTls(options).build();
  }

  /** SASL termination (see {@link Security#sasl}); null for pass-through. */
  public ProxyConfig withSasl(SaslServerOptions options) {
    return toBuilder().sasl(options).build();
  }

  /** The proxy's own credentials towards the brokers (see {@link Security#upstreamSasl}); null for none. */
  public ProxyConfig withUpstreamSasl(SaslClientOptions options) {
    return toBuilder().upstreamSasl(options).build();
  }

  /** Which broker each client connection goes to (see {@link Endpoints#route}); null for the bootstrap list. */
  public ProxyConfig withRoute(UpstreamRoute route) {
    return toBuilder().route(route).build();
  }

  /** The bound on partial request frames buffered across connections (see {@link Limits#maxBufferedFrameBytes}). */
  public ProxyConfig withMaxBufferedFrameBytes(long max) {
    return toBuilder().maxBufferedFrameBytes(max).build();
  }

  /** How many connections one client address may hold open (see {@link Limits#maxConnectionsPerAddress}). */
  public ProxyConfig withMaxConnectionsPerAddress(int max) {
    return toBuilder().maxConnectionsPerAddress(max).build();
  }

  /** A client connection without traffic and nothing in flight this long is closed (10 min). */
  public ProxyConfig withIdleTimeout(Duration timeout) {
    return toBuilder().idleTimeout(timeout).build();
  }

  /** How long {@link KwireProxy#close} lets connections answer what they have read (see {@link Limits#drainTimeout}). */
  public ProxyConfig withDrainTimeout(Duration timeout) {
    return toBuilder().drainTimeout(timeout).build();
  }

  /** Client connections beyond this many, per listener, are closed as they are accepted (10,000). */
  public ProxyConfig withMaxConnections(int max) {
    return toBuilder().maxConnections(max).build();
  }

  public ProxyConfig withEvents(Consumer<String> sink) {
    return toBuilder().events(sink).build();
  }

  /** A {@link ProxyConfig} set by setting, each group checked as a whole when built. */
  public static final class Builder {
    private InetSocketAddress listen;
    private List<InetSocketAddress> upstreams;
    private InetSocketAddress advertise;
    private NodePorts brokerPorts;
    private UpstreamRoute route;
    private Consumer<String> log;
    private Path logFile;
    private long logMaxBytes = DEFAULT_LOG_MAX_BYTES;
    private int logFiles = DEFAULT_LOG_FILES;
    private int logMessageMaxBytes = DEFAULT_LOG_MESSAGE_MAX_BYTES;
    private boolean redactSecrets = true;
    private TlsServerOptions tls;
    private TlsClientOptions upstreamTls;
    private SaslServerOptions sasl;
    private SaslClientOptions upstreamSasl;
    private int maxFrameBytes = DecodeOptions.DEFAULT_MAX_FRAME_SIZE;
    private long maxBufferedFrameBytes = defaultMaxBufferedFrameBytes();
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private int maxConnectionsPerAddress;
    private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
    private int maxConnections = DEFAULT_MAX_CONNECTIONS;
    private Duration drainTimeout = DEFAULT_DRAIN_TIMEOUT;
    private boolean capVersions;
    private boolean check;
    private boolean bridge;
    private List<Filter> filters = List.of();
    private Consumer<String> events = line -> System.err.println(line);
    private Consumer<Throwable> fatal;

    private Builder(InetSocketAddress listen, InetSocketAddress upstream) {
      this.listen = Objects.requireNonNull(listen, "listen");
      this.upstreams = List.of(Objects.requireNonNull(upstream, "upstream"));
    }

    private Builder(ProxyConfig c) {
      listen = c.listen();
      upstreams = c.upstreams();
      advertise = c.advertise();
      brokerPorts = c.brokerPorts();
      route = c.route();
      log = c.log();
      logFile = c.logFile();
      logMaxBytes = c.logMaxBytes();
      logFiles = c.logFiles();
      logMessageMaxBytes = c.logMessageMaxBytes();
      redactSecrets = c.redactSecrets();
      tls = c.tls();
      upstreamTls = c.upstreamTls();
      sasl = c.sasl();
      upstreamSasl = c.upstreamSasl();
      maxFrameBytes = c.maxFrameBytes();
      maxBufferedFrameBytes = c.maxBufferedFrameBytes();
      requestTimeout = c.requestTimeout();
      maxConnectionsPerAddress = c.limits().maxConnectionsPerAddress();
      idleTimeout = c.idleTimeout();
      maxConnections = c.maxConnections();
      drainTimeout = c.drainTimeout();
      capVersions = c.capVersions();
      check = c.check();
      bridge = c.bridge();
      filters = c.filters();
      events = c.events();
      fatal = c.fatal();
    }

    public Builder listen(InetSocketAddress address) {
      this.listen = Objects.requireNonNull(address, "listen");
      return this;
    }

    /** The bootstrap list, at least one address. */
    public Builder upstreams(List<InetSocketAddress> bootstrap) {
      if (bootstrap.isEmpty()) {
        throw new IllegalArgumentException("the upstream bootstrap list is empty");
      }
      this.upstreams = List.copyOf(bootstrap);
      return this;
    }

    public Builder advertise(InetSocketAddress address) {
      this.advertise = address;
      return this;
    }

    public Builder brokerPorts(NodePorts ports) {
      this.brokerPorts = ports;
      return this;
    }

    public Builder route(UpstreamRoute to) {
      this.route = to;
      return this;
    }

    /** The log to {@code sink}, in place of a file. */
    public Builder log(Consumer<String> sink) {
      this.log = sink;
      this.logFile = null;
      return this;
    }

    /** The log to {@code file}, in place of a consumer. */
    public Builder logFile(Path file) {
      this.logFile = file;
      this.log = null;
      return this;
    }

    public Builder logRotation(long maxBytes, int files) {
      this.logMaxBytes = maxBytes;
      this.logFiles = files;
      return this;
    }

    public Builder logMessageMaxBytes(int max) {
      this.logMessageMaxBytes = max;
      return this;
    }

    public Builder redactSecrets(boolean redact) {
      this.redactSecrets = redact;
      return this;
    }

    public Builder tls(TlsServerOptions options) {
      this.tls = options;
      return this;
    }

    public Builder upstreamTls(TlsClientOptions options) {
      this.upstreamTls = options;
      return this;
    }

    public Builder sasl(SaslServerOptions options) {
      this.sasl = options;
      return this;
    }

    public Builder upstreamSasl(SaslClientOptions options) {
      this.upstreamSasl = options;
      return this;
    }

    public Builder maxFrameBytes(int max) {
      this.maxFrameBytes = max;
      return this;
    }

    public Builder maxBufferedFrameBytes(long max) {
      this.maxBufferedFrameBytes = max;
      return this;
    }

    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = timeout;
      return this;
    }

    /** How many connections one client address may hold open (0: no bound). */
    public Builder maxConnectionsPerAddress(int max) {
      this.maxConnectionsPerAddress = max;
      return this;
    }

    /** A client connection without traffic and nothing in flight this long is closed. */
    public Builder idleTimeout(Duration timeout) {
      this.idleTimeout = timeout;
      return this;
    }

    /** Client connections beyond this many, per listener, are closed as they are accepted. */
    public Builder maxConnections(int max) {
      this.maxConnections = max;
      return this;
    }

    /** How long {@link KwireProxy#close} lets each connection answer what it has read (0: closes at once). */
    public Builder drainTimeout(Duration timeout) {
      this.drainTimeout = timeout;
      return this;
    }

    public Builder capVersions(boolean cap) {
      this.capVersions = cap;
      return this;
    }

    public Builder check(boolean compare) {
      this.check = compare;
      return this;
    }

    public Builder bridge(boolean translate) {
      this.bridge = translate;
      return this;
    }

    /** The user's filters, in place of those given before. */
    public Builder filters(List<Filter> list) {
      this.filters = List.copyOf(list);
      return this;
    }

    /** {@code filter} after those given before. */
    public Builder filter(Filter filter) {
      Objects.requireNonNull(filter, "filter");
      List<Filter> more = new ArrayList<>(filters);
      more.add(filter);
      this.filters = more;
      return this;
    }

    public Builder events(Consumer<String> sink) {
      this.events = sink;
      return this;
    }

    public Builder fatal(Consumer<Throwable> handler) {
      this.fatal = handler;
      return this;
    }

    /**
     * The configuration.
     *
     * @throws IllegalArgumentException naming the setting that is out of bounds or in conflict
     */
    public ProxyConfig build() {
      return new ProxyConfig(new Endpoints(listen, upstreams, advertise, brokerPorts, route),
          new Logging(log, logFile, logMaxBytes, logFiles, logMessageMaxBytes, redactSecrets),
          new Security(tls, upstreamTls, sasl, upstreamSasl),
          new Limits(maxFrameBytes, maxBufferedFrameBytes, requestTimeout, maxConnectionsPerAddress, idleTimeout,
              maxConnections, drainTimeout),
          capVersions, check, bridge, filters, events, fatal);
    }
  }
}
