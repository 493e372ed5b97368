package io.kwire.proxy;

import io.kwire.net.KwireServer;
import io.kwire.proxy.filter.Filter;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.wire.DecodeOptions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A Kafka proxy that decodes every request and response with kwire and sends the re-encoded bytes
 * on. Each client connection gets its own connection to the upstream broker; frames keep their
 * order, so pipelined requests work. It runs on kwire-net: a {@link KwireServer} serving raw frames,
 * and per client connection a kwire-net client paired with it (docs/proxy.md). Start one with
 * {@link #start}, stop it with {@link #close}.
 *
 * <p>With {@link ProxyConfig#withBridge bridge mode} on, it is {@code kwire bridge}: old clients'
 * requests of versions a Kafka 4.x broker removed are translated (docs/bridge.md).
 *
 * <pre>{@code
 * try (KwireProxy proxy = KwireProxy.start(ProxyConfig.of(listen, broker).withCheck(true))) {
 *   // clients use proxy.localAddress() as bootstrap.servers
 *   System.out.println(proxy.stats().summary());
 * }
 * }</pre>
 */
public final class KwireProxy implements AutoCloseable {
  private final KwireServer server;
  private final Counters counters;
  /** Null when there is no log. */
  private final MessageLog log;
  /** Null with one port. */
  private final BrokerTopology topology;
  private final ProxyMetrics metrics;
  /** What new connections are served with: replaced by {@link #reload}. */
  private final AtomicReference<Live> live;
  private final java.util.function.Function<ProxyConfig, Recoder.Shared> sharedFor;
  private volatile boolean closed;

  /** A configuration's state for new connections: its filters and settings, and how its upstreams are connected. */
  private record Live(Recoder.Shared shared, Upstreams upstreams) {
    /** A session to the bootstrap list ({@code candidates} null) or to one broker's address. */
    ProxySession session(io.kwire.net.Connection connection,
        java.util.function.Supplier<List<InetSocketAddress>> candidates, String node) {
      return new ProxySession(shared, upstreams, connection,
          candidates != null ? candidates : shared.config()::upstreams, node);
    }
  }

  private KwireProxy(KwireServer server, Counters counters, MessageLog log, BrokerTopology topology,
      ProxyMetrics metrics, AtomicReference<Live> live,
      java.util.function.Function<ProxyConfig, Recoder.Shared> sharedFor) {
    this.server = server;
    this.counters = counters;
    this.log = log;
    this.topology = topology;
    this.metrics = metrics;
    this.live = live;
    this.sharedFor = sharedFor;
  }

  /**
   * New connections are served with {@code next}: its filters, check and version capping, request
   * timeout, bootstrap list and upstream TLS and SASL; connections open keep what they started with.
   * What is bound at start (the listen and advertised addresses, the broker ports, TLS and SASL
   * towards clients, the frame and buffered-bytes bounds, the drain timeout, the log) must be as it is.
   *
   * @throws IllegalArgumentException naming what cannot change while running, or a filter that
   *     cannot register; the running configuration is kept
   */
  public void reload(ProxyConfig next) {
    ProxyConfig now = live.get().shared().config();
    List<String> fixed = new ArrayList<>();
    fixed(fixed, "listen", now.listen(), next.listen());
    fixed(fixed, "advertise", now.advertise(), next.advertise());
    fixed(fixed, "node ports", now.brokerPorts() == null, next.brokerPorts() == null);
    fixed(fixed, "TLS towards clients", now.tls() == null, next.tls() == null);
    fixed(fixed, "SASL termination", now.sasl() == null, next.sasl() == null);
    fixed(fixed, "route", now.route() == null, next.route() == null);
    fixed(fixed, "max frame bytes", now.maxFrameBytes(), next.maxFrameBytes());
    fixed(fixed, "max buffered bytes", now.maxBufferedFrameBytes(), next.maxBufferedFrameBytes());
    fixed(fixed, "drain timeout", now.drainTimeout(), next.drainTimeout());
    fixed(fixed, "log", now.log() == null, next.log() == null);
    fixed(fixed, "log file", now.logFile(), next.logFile());
    fixed(fixed, "log rotation", List.of(now.logMaxBytes(), (long) now.logFiles(), (long) now.logMessageMaxBytes(),
        now.redactSecrets() ? 1L : 0L), List.of(next.logMaxBytes(), (long) next.logFiles(),
        (long) next.logMessageMaxBytes(), next.redactSecrets() ? 1L : 0L));
    if (!fixed.isEmpty()) {
      throw new IllegalArgumentException(String.join(", ", fixed) + " cannot change while the proxy runs; restart it");
    }
    try {
      FilterChain.of(next.filters(), live.get().shared().registry());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("a filter cannot register: " + e.getMessage(), e);
    }
    live.set(new Live(sharedFor.apply(next), new Upstreams(next)));
  }

  private static void fixed(List<String> out, String what, Object now, Object next) {
    if (!java.util.Objects.equals(now, next)) {
      out.add(what);
    }
  }

  /**
   * Binds the listen address and starts accepting clients, with the codecs of
   * {@link KwireRegistry#standard()}.
   *
   * @throws IllegalStateException if the address cannot be bound, or a filter cannot register (it
   *     names a record kwire has no codec for, or fails)
   */
  public static KwireProxy start(ProxyConfig config) {
    return start(config, KwireRegistry.standard());
  }

  /** {@link #start(ProxyConfig)} with the codecs of {@code registry}. */
  public static KwireProxy start(ProxyConfig config, KwireRegistry registry) {
    // The socket is bound first, so that the advertised port (the bound one when listening on port 0)
    // is known; it accepts nobody until the server registers it, with sessions built from final,
    // fully built state: no client can see the proxy half made.
    try {
      FilterChain.of(config.filters(), registry); // each connection registers them again: fail now, not on each
    } catch (RuntimeException e) {
      throw new IllegalStateException("a filter cannot register: " + e.getMessage(), e);
    }
    Counters counters = new Counters();
    MessageLog log = MessageLog.open(config, counters); // a log file that cannot be written says so, first
    ServerSocketChannel socket;
    try {
      socket = bind(config.listen());
    } catch (RuntimeException e) {
      closeQuietly(log);
      throw e;
    }
    BrokerTopology topology = null;
    try {
      InetSocketAddress advertised = advertised(config, (InetSocketAddress) socket.getLocalAddress());
      AdvertisedAddresses addresses = config.route() instanceof SniRoute sni
          ? AdvertisedAddresses.sni(sni, advertised.getPort()) // each node by its SNI name, at the one port
          : AdvertisedAddresses.single(advertised.getHostString(), advertised.getPort());
      if (config.brokerPorts() != null) {
        topology = new BrokerTopology(config.listen(), advertised.getHostString(),
            new AdvertisedAddresses.Address(advertised.getHostString(), advertised.getPort()), config.brokerPorts(),
            config.events());
        addresses = topology;
      }
      AtomicReference<KwireServer> bootstrap = new AtomicReference<>();
      ProxyMetrics metrics = new ProxyMetrics(registry, new ApiNames(registry), counters,
          () -> bootstrap.get() == null ? 0 : bootstrap.get().bufferedFrameBytes(), config.maxBufferedFrameBytes());
      AddressLimit perAddress = new AddressLimit();
      AtomicReference<Live> live = new AtomicReference<>(new Live(
          shared(config, registry, counters, log, addresses, metrics, perAddress), new Upstreams(config)));
      if (topology != null) {
        // A broker's port: its sessions go to that broker's address as last learnt. Its listener is
        // opened once a response names the broker, so after the bootstrap's server exists; it shares
        // that server's threads and buffered-frame bound (one bound for the whole proxy).
        topology.serveWith((brokerSocket, node) -> server(config).sharing(bootstrap.get())
            .handleRaw(connection -> live.get().session(connection, node::upstreams, Integer.toString(node.id)))
            .start(brokerSocket));
      }
      KwireServer server = server(config)
          .handleRaw(connection -> live.get().session(connection, null, "bootstrap"))
          .start(socket);
      bootstrap.set(server);
      AdvertisedAddresses told = addresses;
      return new KwireProxy(server, counters, log, topology, metrics, live,
          next -> shared(next, registry, counters, log, told, metrics, perAddress));
    } catch (IOException | RuntimeException e) {
      ListenSockets.closeQuietly(socket);
      closeQuietly(log);
      throw cannotListen(config.listen(), e);
    }
  }

  /** A listener's server: the frame caps, and towards clients TLS and SASL termination as configured. */
  private static KwireServer.Builder server(ProxyConfig config) {
    KwireServer.Builder builder = KwireServer.builder()
        .maxFrameSize(ProxySession.maxFrame(config))
        .maxBufferedFrameBytes(config.maxBufferedFrameBytes())
        .idleTimeout(config.idleTimeout())
        .maxConnections(config.maxConnections())
        .shutdownTimeout(config.drainTimeout()); // a stalled broker must not hold the close longer
    if (config.tls() != null) {
      builder.sslContext(config.tls().sslContext());
    }
    if (config.sasl() != null) { // termination: the clients' exchange ends here
      builder.authenticator(config.sasl().authenticator());
    }
    return builder;
  }

  /** The advertised address of the listen port: {@code --advertise}, else the listen host and the port bound. */
  private static InetSocketAddress advertised(ProxyConfig config, InetSocketAddress bound) {
    return config.advertise() != null ? config.advertise()
        : new InetSocketAddress(config.listen().getHostString(), bound.getPort());
  }

  private static IllegalStateException cannotListen(InetSocketAddress at, Exception e) {
    return new IllegalStateException("cannot listen on " + at.getHostString() + ":" + at.getPort() + ": "
        + (e.getMessage() == null ? e.toString() : e.getMessage()), e);
  }

  private static ServerSocketChannel bind(InetSocketAddress listen) {
    try {
      return ListenSockets.bind(listen);
    } catch (IOException e) {
      throw cannotListen(listen, e);
    }
  }

  private static Recoder.Shared shared(ProxyConfig config, KwireRegistry registry, Counters counters, MessageLog log,
      AdvertisedAddresses addresses, ProxyMetrics metrics, AddressLimit perAddress) {
    DecodeOptions options = DecodeOptions.STRICT.withMaxFrameSize(config.maxFrameBytes());
    ResponseRewriter rewriter = new ResponseRewriter(addresses, registry, config.capVersions());
    List<Filter> filters = filters(config, rewriter, log, counters);
    return new Recoder.Shared(registry, new ApiNames(registry), options, counters, log, config, filters,
        config.bridge() ? BridgeStage::new : null, metrics, metrics.filterOutcomes(filters), perAddress,
        !"false".equals(System.getProperty(Recoder.CUT_THROUGH)));
  }

  /**
   * The proxy's own filters, then the user's: a request meets them in this order, a response in the
   * reverse. The check sees a request first and a response first (as they came); the log sees a
   * request last (as the broker receives it) and a response last (as the client receives it).
   */
  private static List<Filter> filters(ProxyConfig config, ResponseRewriter rewriter, MessageLog log,
      Counters counters) {
    List<Filter> filters = new ArrayList<>();
    if (log != null) {
      filters.add(LogFilter.responses(log));
    }
    if (config.check()) {
      filters.add(CheckFilter.requests(counters, config.events()));
    }
    if (config.capVersions()) {
      filters.add(new VersionCapFilter(rewriter));
    }
    filters.add(new AddressFilter(rewriter));
    filters.addAll(config.filters());
    if (log != null) {
      filters.add(LogFilter.requests(log));
    }
    if (config.check()) {
      filters.add(CheckFilter.responses(counters, config.events()));
    }
    return List.copyOf(filters);
  }

  private static void closeQuietly(MessageLog log) {
    if (log != null) {
      log.close();
    }
  }

  /** The address clients connect to (the actual port when the listen port was 0). */
  public InetSocketAddress localAddress() {
    return server.localAddress();
  }

  /**
   * With a {@link ProxyConfig#brokerPorts port per broker}, the brokers learnt so far by node id,
   * each with its port and its connection count; with one port, none.
   */
  public List<ProxyBroker> brokers() {
    return topology == null ? List.of() : topology.brokers();
  }

  /**
   * Bytes of partial request frames held now, across the connections of all its ports (bounded by
   * {@link ProxyConfig#maxBufferedFrameBytes}).
   */
  public long bufferedFrameBytes() {
    return server.bufferedFrameBytes();
  }

  /** The metrics registry the admin listener serves ({@link ProxyAdmin}). */
  ProxyMetrics metrics() {
    return metrics;
  }

  /** The bootstrap list, for the admin listener's readiness check. */
  List<InetSocketAddress> upstreams() {
    return live.get().shared().config().upstreams();
  }

  /** The counters as they are now. */
  public ProxyStats stats() {
    return counters.snapshot();
  }

  /** Whether {@link #close} was called. */
  boolean closed() {
    return closed;
  }

  /**
   * Stops accepting; every connection answers the requests it has read (for up to
   * {@link ProxyConfig#drainTimeout}, 2 s unless changed: a connection still waiting for the broker
   * then is closed), then closes, and the threads end; then every line they queued for the log is written.
   */
  @Override
  public void close() {
    closed = true;
    if (topology != null) {
      topology.close(); // first: the brokers' listeners run on the bootstrap server's threads
    }
    server.close();
    if (log != null) {
      log.close();
    }
  }
}
