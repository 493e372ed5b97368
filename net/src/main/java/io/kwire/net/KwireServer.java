package io.kwire.net;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.DecodeOptions;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * A Kafka-protocol server: accepts connections, decodes each request with kwire's codecs and hands
 * it to the handler registered for its API, answers ApiVersions from those handlers (or, when a
 * handler for ApiVersions is registered, lets it answer the versions the server negotiated), and
 * writes responses in request order per connection. docs/net.md describes the pipeline and the limits.
 *
 * <pre>{@code
 * try (KwireServer server = KwireServer.builder()
 *     .handle(EchoRequest.class, EchoResponse.class, (request, context) -> new EchoResponse(...))
 *     .start(new InetSocketAddress("127.0.0.1", 0))) {
 *   InetSocketAddress address = server.localAddress();
 * }
 * }</pre>
 */
public final class KwireServer implements AutoCloseable {
  private final EventLoopGroup group;
  private final Channel listener;
  private final ChannelGroup connections;
  private final Duration shutdownTimeout;
  /** False when the group is another server's ({@link Builder#sharing}): that server ends its threads. */
  private final boolean ownsGroup;
  /** Null when buffered frames are not bounded. */
  private final FrameBudget frameBudget;
  private final AtomicBoolean closed = new AtomicBoolean();

  private KwireServer(EventLoopGroup group, boolean ownsGroup, Channel listener, ChannelGroup connections,
      Duration shutdownTimeout, FrameBudget frameBudget) {
    this.group = group;
    this.ownsGroup = ownsGroup;
    this.listener = listener;
    this.connections = connections;
    this.shutdownTimeout = shutdownTimeout;
    this.frameBudget = frameBudget;
  }

  /** A builder with Kafka's defaults and the codecs of {@link KwireRegistry#standard()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** The address bound (the actual port when the port asked for was 0). */
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) listener.localAddress();
  }

  /** Bytes of partial request frames buffered now, across connections (0 without {@link Builder#maxBufferedFrameBytes}). */
  public long bufferedFrameBytes() {
    return frameBudget == null ? 0 : frameBudget.used();
  }

  /** Connections open now. */
  public int connectionCount() {
    return connections.size();
  }

  /**
   * Stops accepting, lets every connection answer the requests it has read (reading no more), closes
   * them, and ends the server's threads (unless they are another server's, {@link Builder#sharing});
   * connections still busy after the shutdown timeout are closed regardless. The port is free when
   * this returns. Closing again does nothing.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return; // closed already (try-with-resources after an explicit close)
    }
    listener.close().syncUninterruptibly();
    for (Channel channel : connections) {
      ServerConnection connection = ServerConnection.of(channel);
      if (connection != null) {
        channel.eventLoop().execute(() -> connection.responses().closeAfterPending());
      }
    }
    connections.newCloseFuture().awaitUninterruptibly(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS);
    connections.close().awaitUninterruptibly();
    if (ownsGroup) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  /** How a {@link KwireServer} is made: its handlers, then its limits; every limit has Kafka's default. */
  public static final class Builder {
    private KwireRegistry registry;
    private final List<Function<KwireRegistry, Route<?, ?>>> routes = new ArrayList<>();
    private int maxFrameSize = DecodeOptions.DEFAULT_MAX_FRAME_SIZE;
    private int maxInFlight = 100;
    private Duration idleTimeout = Duration.ofMinutes(10);
    private Duration handlerTimeout = Duration.ofSeconds(60);
    private Duration shutdownTimeout = Duration.ofSeconds(5);
    private int maxConnections = 10_000;
    private int threads;
    private SslContext sslContext;
    private ServerAuthenticator authenticator;
    private Function<Connection, RawSession> rawSessions;
    private VersionRange apiVersionsVersions = ApiVersionsWire.VERSIONS;
    private long maxBufferedFrameBytes;
    private KwireServer owner;

    private Builder() {}

    /** The codecs to decode requests and encode responses with; {@link KwireRegistry#standard()} by default. */
    public Builder registry(KwireRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
      return this;
    }

    /**
     * Serves {@code request}'s API, every version its codecs know, with a handler run on the event
     * loop; the response codec is the registry's for the same api key, and an answer of another
     * class counts as a failure. {@link #handle(Class, Class, RequestHandler)} checks it at compile time.
     */
    public <Q> Builder handle(Class<Q> request, RequestHandler<Q, ?> handler) {
      AsyncRequestHandler<Q, ?> async = Route.async(Objects.requireNonNull(handler, "handler"));
      return handleAsync(request, async);
    }

    /** {@link #handle(Class, RequestHandler)} with a handler that answers later. */
    public <Q> Builder handleAsync(Class<Q> request, AsyncRequestHandler<Q, ?> handler) {
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(handler, "handler");
      routes.add(registry -> {
        ApiMessageCodec<Q> requestCodec = codec(registry, request);
        return checked(requestCodec, registry.findResponse(requestCodec.apiKey()).orElseThrow(() ->
            new IllegalArgumentException(request.getName() + " has no response codec in the registry")), handler);
      });
      return this;
    }

    /** Serves {@code request}'s API, every version its codecs know, with a handler run on the event loop. */
    public <Q, R> Builder handle(Class<Q> request, Class<R> response, RequestHandler<Q, R> handler) {
      return handleAsync(request, response, VersionRange.ALL, Route.async(handler));
    }

    /** Serves {@code request}'s API at the versions in {@code versions} that its codecs know. */
    public <Q, R> Builder handle(Class<Q> request, Class<R> response, VersionRange versions,
        RequestHandler<Q, R> handler) {
      return handleAsync(request, response, versions, Route.async(handler));
    }

    /** Serves {@code request}'s API with a handler that answers later. */
    public <Q, R> Builder handleAsync(Class<Q> request, Class<R> response, AsyncRequestHandler<Q, R> handler) {
      return handleAsync(request, response, VersionRange.ALL, handler);
    }

    /** Serves {@code request}'s API at {@code versions} with a handler that answers later. */
    public <Q, R> Builder handleAsync(Class<Q> request, Class<R> response, VersionRange versions,
        AsyncRequestHandler<Q, R> handler) {
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(response, "response");
      Objects.requireNonNull(versions, "versions");
      Objects.requireNonNull(handler, "handler");
      routes.add(registry -> Route.of(codec(registry, request), codec(registry, response), versions, handler));
      return this;
    }

    /** A route whose handler's answers are checked to be of the response codec's record class. */
    private static <Q, T> Route<Q, T> checked(ApiMessageCodec<Q> request, ApiMessageCodec<T> response,
        AsyncRequestHandler<Q, ?> handler) {
      Class<T> type = response.messageType();
      return Route.of(request, response, VersionRange.ALL, (q, context) -> handler.handle(q, context)
          .thenApply(answer -> answer == null ? null : type.cast(answer)));
    }

    private static <T> ApiMessageCodec<T> codec(KwireRegistry registry, Class<T> type) {
      MessageCodec<T> codec = registry.codecFor(type);
      if (!(codec instanceof ApiMessageCodec<T> api)) {
        throw new IllegalArgumentException(type.getName() + " has no request or response codec in the registry"
            + " (is kwire's processor on the compiler's processor path?)");
      }
      return api;
    }

    /** Largest request frame accepted (Kafka's {@code socket.request.max.bytes}, 100 MiB); a larger claim closes the connection. */
    public Builder maxFrameSize(int bytes) {
      this.maxFrameSize = positive(bytes, "maxFrameSize");
      return this;
    }

    /** Requests a connection may have waiting for their responses before it stops being read (100). */
    public Builder maxInFlightPerConnection(int requests) {
      this.maxInFlight = positive(requests, "maxInFlightPerConnection");
      return this;
    }

    /** A connection without traffic and nothing in flight this long is closed (Kafka's {@code connections.max.idle.ms}, 10 min). */
    public Builder idleTimeout(Duration timeout) {
      this.idleTimeout = positive(timeout, "idleTimeout");
      return this;
    }

    /** A handler's answer that takes longer counts as a failure (60 s). */
    public Builder handlerTimeout(Duration timeout) {
      this.handlerTimeout = positive(timeout, "handlerTimeout");
      return this;
    }

    /** How long {@link KwireServer#close()} waits for in-flight requests (5 s). */
    public Builder shutdownTimeout(Duration timeout) {
      this.shutdownTimeout = Objects.requireNonNull(timeout, "shutdownTimeout");
      return this;
    }

    /** Connections beyond this many are closed as they are accepted (10,000). */
    public Builder maxConnections(int connections) {
      this.maxConnections = positive(connections, "maxConnections");
      return this;
    }

    /**
     * Bounds the bytes of partial request frames buffered across all connections (Kafka's
     * {@code queued.max.request.bytes}; unbounded by default, as Kafka's): a connection whose frame in
     * progress would pass it is refused and closed, the others keep theirs.
     */
    public Builder maxBufferedFrameBytes(long bytes) {
      if (bytes <= 0) {
        throw new IllegalArgumentException("maxBufferedFrameBytes must be positive: " + bytes);
      }
      this.maxBufferedFrameBytes = bytes;
      return this;
    }

    /**
     * Serves on {@code owner}'s event loop threads and counts this server's partial frames in
     * {@code owner}'s {@link #maxBufferedFrameBytes} bound, so that several listeners of one process
     * (a proxy's port per broker) have one set of threads and one bound in all; this builder's
     * {@link #threads} and {@link #maxBufferedFrameBytes} are then not used. Closing this server
     * leaves the threads to {@code owner}: close {@code owner} last.
     */
    public Builder sharing(KwireServer owner) {
      this.owner = Objects.requireNonNull(owner, "owner");
      return this;
    }

    /** Event loop threads (0, the default, is Netty's: twice the cores). */
    public Builder threads(int threads) {
      if (threads < 0) {
        throw new IllegalArgumentException("threads must not be negative: " + threads);
      }
      this.threads = threads;
      return this;
    }

    /** Serves TLS: the context's SslHandler goes first in every connection's pipeline. */
    public Builder sslContext(SslContext context) {
      this.sslContext = Objects.requireNonNull(context, "sslContext");
      return this;
    }

    /**
     * Serves every request as a frame, undecoded (a proxy): each connection gets a {@link RawSession}
     * from {@code sessions}, opened when it is accepted, which is handed every request, ApiVersions
     * included, and settles its {@link RawResponse}. The frame cap, idle timeout, connection cap,
     * in-flight bound and back-pressure apply as to decoded requests; the handler timeout does not
     * (the session owns its timing). Instead of {@code handle...} handlers. With an {@link #authenticator}
     * the server answers SaslHandshake and SaslAuthenticate itself and the session gets ApiVersions (before
     * authentication) and, once authenticated, every other request.
     */
    public Builder handleRaw(Function<Connection, RawSession> sessions) {
      this.rawSessions = Objects.requireNonNull(sessions, "sessions");
      return this;
    }

    /**
     * The ApiVersions versions answered (kwire-net's, 0-5, by default): a
     * narrower range to look like an older broker, which answers a newer request at v0 with
     * UNSUPPORTED_VERSION and this range.
     *
     * @throws IllegalArgumentException if the range is not within kwire-net's
     */
    public Builder apiVersionsVersions(VersionRange versions) {
      Objects.requireNonNull(versions, "versions");
      if (versions.isEmpty() || !ApiVersionsWire.VERSIONS.contains(versions)) {
        throw new IllegalArgumentException("ApiVersions " + versions + " is not within " + ApiVersionsWire.VERSIONS);
      }
      this.apiVersionsVersions = versions;
      return this;
    }

    /** Requires authentication: the authenticator's stage sits before dispatch (see {@link ServerAuthenticator}). */
    public Builder authenticator(ServerAuthenticator authenticator) {
      this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
      return this;
    }

    /**
     * Binds {@code address} (port 0 for any free one) and starts serving.
     *
     * @throws IllegalArgumentException if a handler's classes have no codecs in the registry or two
     *     handlers claim one API
     * @throws IllegalStateException if the address cannot be bound
     */
    public KwireServer start(InetSocketAddress address) {
      return start(address, null);
    }

    /**
     * Serves on {@code socket}, bound by the caller (so that its port is known before anything is
     * built from it, and no connection is accepted before the server is whole); the server closes it.
     *
     * @throws IllegalArgumentException as {@link #start(InetSocketAddress)}
     * @throws IllegalStateException if the socket cannot be registered
     */
    public KwireServer start(ServerSocketChannel socket) {
      return start(null, Objects.requireNonNull(socket, "socket"));
    }

    private KwireServer start(InetSocketAddress address, ServerSocketChannel socket) {
      ServerSettings settings = settings(registry != null ? registry : KwireRegistry.standard());
      KwireServer shared = owner;
      EventLoopGroup group = shared != null ? shared.group : new MultiThreadIoEventLoopGroup(threads,
          NioIoHandler.newFactory());
      ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
      ServerInitializer initializer = new ServerInitializer(settings, connections);
      try {
        ServerBootstrap bootstrap = new ServerBootstrap()
            .group(acceptor(group, shared != null && socket != null), group)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 << 10, 1 << 20))
            .handler(new AcceptFailures())
            .childHandler(initializer);
        Channel listener = socket == null
            ? bootstrap.channel(NioServerSocketChannel.class).bind(address).syncUninterruptibly().channel()
            : bootstrap.channelFactory(() -> new NioServerSocketChannel(socket)).register().syncUninterruptibly()
                .channel();
        return new KwireServer(group, shared == null, listener, connections, shutdownTimeout,
            settings.frameBudget());
      } catch (Exception e) { // Netty rethrows the bind's checked BindException undeclared
        if (shared == null) {
          group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
        }
        throw new IllegalStateException("kwire server cannot listen on "
            + (address != null ? address : String.valueOf(socketAddress(socket))) + ": " + e, e);
      }
    }

    /**
     * The loop that accepts: any of the group's, but the calling thread's own when it is one of a
     * shared group's and the socket is bound already (a proxy opening a broker's port from the event
     * loop that read the response naming it). Registered there, the listener needs no other loop,
     * which may be waiting for this one (two connections learning brokers at once would deadlock).
     */
    private static EventLoopGroup acceptor(EventLoopGroup group, boolean mayBeTheCallers) {
      if (mayBeTheCallers) {
        for (io.netty.util.concurrent.EventExecutor loop : group) {
          if (loop.inEventLoop() && loop instanceof io.netty.channel.EventLoop own) {
            return own;
          }
        }
      }
      return group;
    }

    private static Object socketAddress(ServerSocketChannel socket) {
      try {
        return socket.getLocalAddress();
      } catch (java.io.IOException e) {
        return "a socket that is closed";
      }
    }

    private ServerSettings settings(KwireRegistry codecs) {
      if (rawSessions != null && !routes.isEmpty()) {
        throw new IllegalArgumentException("a server serving raw frames has no handlers");
      }
      TreeMap<Short, Route<?, ?>> byKey = new TreeMap<>();
      for (Function<KwireRegistry, Route<?, ?>> pending : routes) {
        Route<?, ?> route = pending.apply(codecs);
        Route<?, ?> before = byKey.put(route.apiKey(), route);
        if (before != null) {
          throw new IllegalArgumentException("two handlers for " + route.name() + " (api key " + route.apiKey() + ")");
        }
      }
      TreeMap<Short, VersionRange> advertised = new TreeMap<>();
      advertised.put(ApiVersionsWire.API_KEY, apiVersionsVersions);
      // A handler for ApiVersions answers within apiVersionsVersions; the server still negotiates those.
      byKey.forEach((key, route) -> advertised.putIfAbsent(key, route.versions()));
      if (authenticator != null) {
        authenticator.apiVersions().forEach(advertised::put);
      }
      List<BrokerRange> apiVersions = new ArrayList<>();
      advertised.forEach((key, range) -> apiVersions.add(new BrokerRange(key, range.lowest(), range.highest())));
      int highest = byKey.isEmpty() ? -1 : byKey.lastKey();
      Route<?, ?>[] table = new Route<?, ?>[highest + 1];
      byKey.forEach((key, route) -> table[key] = route);
      return new ServerSettings(table, List.copyOf(apiVersions), apiVersionsVersions,
          DecodeOptions.STRICT.withMaxFrameSize(maxFrameSize), maxInFlight, idleTimeout, handlerTimeout,
          maxConnections, sslContext, authenticator, rawSessions,
          owner != null ? owner.frameBudget
              : maxBufferedFrameBytes > 0 ? new FrameBudget(maxBufferedFrameBytes) : null);
    }

    private static int positive(int value, String name) {
      if (value <= 0) {
        throw new IllegalArgumentException(name + " must be positive: " + value);
      }
      return value;
    }

    private static Duration positive(Duration value, String name) {
      if (value.isNegative() || value.isZero()) {
        throw new IllegalArgumentException(name + " must be positive: " + value);
      }
      return value;
    }
  }
}
