package io.kwire.net;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.ApiVersionNegotiation;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.DecodeOptions;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A Kafka-protocol client on one connection, to a {@link KwireServer} or a Kafka broker. Connecting
 * sends ApiVersions first (asking again after a broker's version 0 fallback) and agrees on a version
 * of each API once; then requests are sent typed, pipelined, each with its own future and timeout.
 * Reconnecting is the caller's: a closed client stays closed. Thread-safe.
 *
 * <pre>{@code
 * try (KwireClient client = KwireClient.connect(address)) {
 *   MetadataResponse metadata = client.send(request, MetadataResponse.class).join();
 * }
 * }</pre>
 */
public final class KwireClient implements AutoCloseable {
  private static final String SOFTWARE_NAME = "kwire-net";
  private static final String SOFTWARE_VERSION = "0.1.0";

  /** The client's own thread, shut down on close; null when the caller lent one. */
  private final EventLoopGroup group;
  private final Channel channel;
  private final ResponseMatcher matcher;
  private final Settings settings;
  private final AtomicInteger correlationIds = new AtomicInteger();
  private volatile ApiVersionNegotiation versions;
  private final CompletableFuture<Void> closed = new CompletableFuture<>();

  private KwireClient(EventLoopGroup group, Channel channel, ResponseMatcher matcher, Settings settings) {
    channel.closeFuture().addListener(f -> closed.complete(null));
    this.group = group;
    this.channel = channel;
    this.matcher = matcher;
    this.settings = settings;
  }

  /** Connects with the defaults and the codecs of {@link KwireRegistry#standard()}; blocks until ApiVersions is done. */
  public static KwireClient connect(InetSocketAddress address) {
    return builder().connect(address);
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Completes when the connection is closed, by either side (on the event loop, unless it was
   * closed already).
   */
  public CompletableFuture<Void> whenClosed() {
    return closed;
  }

  /** The versions agreed with the server on connecting; null for a client of {@link Builder#rawFrames()}. */
  public ApiVersionNegotiation versions() {
    return versions;
  }

  /** The server's address. */
  public InetSocketAddress remoteAddress() {
    return (InetSocketAddress) channel.remoteAddress();
  }

  /** Whether the connection is still open. */
  public boolean isOpen() {
    return channel.isActive();
  }

  /**
   * Sends {@code request} at the highest version both sides support and completes with its response.
   * A Produce request with {@code acks=0} gets none: its future completes with null once written.
   * The future fails with {@link java.util.concurrent.TimeoutException} after the request timeout,
   * with {@link KwireConnectionException} when the connection fails, and with
   * {@link IllegalStateException} when the server supports no version of the API.
   *
   * @throws IllegalArgumentException if the registry has no codec for the request's class or for
   *     {@code responseType}, or they are not one API's
   */
  public <R> CompletableFuture<R> send(Object request, Class<R> responseType) {
    return send(request, responseType, null);
  }

  /** {@link #send(Object, Class)} at {@code version}, whatever the server advertised. */
  public <R> CompletableFuture<R> send(Object request, Class<R> responseType, short version) {
    return send(request, responseType, Short.valueOf(version));
  }

  private <R> CompletableFuture<R> send(Object request, Class<R> responseType, Short version) {
    Objects.requireNonNull(request, "request");
    return dispatch(codec(request.getClass()), request, codec(responseType), version);
  }

  /**
   * Sends {@code request} with the given codecs (hand-written ones included) at {@code version}, or,
   * when it is null, at the highest version the server and both codecs support.
   */
  public <Q, R> CompletableFuture<R> send(ApiMessageCodec<Q> requestCodec, Q request, ApiMessageCodec<R> responseCodec,
      Short version) {
    return dispatch(requestCodec, request, responseCodec, version);
  }

  /**
   * Sends {@code request} expecting no response (a request the server's handler answers with
   * {@link RequestContext#noResponse()}); completes once written.
   */
  public CompletableFuture<Void> sendWithoutResponse(Object request, short version) {
    ApiMessageCodec<Object> codec = codec(request.getClass());
    byte[] frame;
    try {
      frame = Frames.encodeRequest(header(codec.apiKey(), version), codec, request);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return write(frame, null);
  }

  /**
   * Sends a whole request frame (size prefix included) as it is, correlation id included, and
   * completes with the whole response frame (matched by order, its correlation id checked), or with
   * null once written for a Produce with {@code acks=0} (read from the frame; a frame whose acks do
   * not read is taken to expect a response). Fails as {@link #send(Object, Class)} does: after the
   * request timeout with {@link java.util.concurrent.TimeoutException}, with
   * {@link KwireConnectionException} when the connection fails. A frame too short for a request
   * header fails at once with {@link IllegalArgumentException}.
   */
  public CompletableFuture<byte[]> sendFrame(byte[] frame) {
    Objects.requireNonNull(frame, "frame");
    if (frame.length < 12) {
      return CompletableFuture.failedFuture(new IllegalArgumentException("a request frame of " + frame.length
          + " bytes has no room for api key, version and correlation id"));
    }
    if (!expectsResponse(frame)) {
      return write(frame, null).thenApply(written -> null);
    }
    CompletableFuture<byte[]> response = new CompletableFuture<>();
    write(frame, new ResponseMatcher.Pending<>(correlationIdOf(frame), bytes -> bytes, response));
    return response;
  }

  private static boolean expectsResponse(byte[] frame) {
    short apiKey = (short) (((frame[4] & 0xFF) << 8) | (frame[5] & 0xFF));
    if (apiKey != ProduceAcks.PRODUCE) {
      return true;
    }
    short version = (short) (((frame[6] & 0xFF) << 8) | (frame[7] & 0xFF));
    try {
      return ProduceAcks.of(frame, version, version >= 9 ? (short) 2 : (short) 1) != 0;
    } catch (RuntimeException e) {
      return true; // the broker judges what does not read
    }
  }

  @SuppressWarnings("unchecked")
  private <T> ApiMessageCodec<T> codec(Class<?> type) {
    MessageCodec<?> codec = settings.registry.codecFor(type);
    if (!(codec instanceof ApiMessageCodec<?> api)) {
      throw new IllegalArgumentException(type.getName() + " has no request or response codec in the registry");
    }
    return (ApiMessageCodec<T>) api;
  }

  private <Q, R> CompletableFuture<R> dispatch(ApiMessageCodec<Q> requestCodec, Q request,
      ApiMessageCodec<R> responseCodec, Short version) {
    if (requestCodec.apiKey() != responseCodec.apiKey()) {
      throw new IllegalArgumentException(requestCodec.descriptor().name() + " and "
          + responseCodec.descriptor().name() + " are not one API's");
    }
    byte[] frame;
    short at;
    try {
      at = version != null ? version : agreedVersion(requestCodec, responseCodec);
      frame = Frames.encodeRequest(header(requestCodec.apiKey(), at), requestCodec, request);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    if (requestCodec.apiKey() == ProduceAcks.PRODUCE
        && ProduceAcks.of(frame, at, requestCodec.headerVersion(at)) == 0) {
      return write(frame, null).thenApply(written -> null);
    }
    int correlationId = correlationIdOf(frame);
    short readAt = at;
    CompletableFuture<R> response = new CompletableFuture<>();
    write(frame, new ResponseMatcher.Pending<>(correlationId,
        bytes -> Frames.decodeResponse(bytes, responseCodec, readAt, settings.options).body(), response));
    return response;
  }

  private short agreedVersion(ApiMessageCodec<?> request, ApiMessageCodec<?> response) {
    int key = request.apiKey();
    if (versions == null) {
      throw new IllegalStateException("a client of raw frames agreed no versions: give the version to send at");
    }
    VersionRange ours = request.descriptor().validVersions().intersect(response.descriptor().validVersions());
    Optional<BrokerRange> theirs = versions.broker(key);
    VersionRange common = theirs.map(r -> r.versions().intersect(ours)).orElse(VersionRange.NONE);
    if (common.isEmpty()) {
      throw new IllegalStateException("no version of " + request.descriptor().name() + " (api key " + key
          + ") is supported by both the server (" + theirs.map(r -> r.versions().toString()).orElse("not listed")
          + ") and kwire (" + ours + ")");
    }
    return common.highest();
  }

  private RequestHeader header(short apiKey, short version) {
    return new RequestHeader(apiKey, version, correlationIds.getAndIncrement(), settings.clientId);
  }

  private static int correlationIdOf(byte[] frame) {
    return ((frame[8] & 0xFF) << 24) | ((frame[9] & 0xFF) << 16) | ((frame[10] & 0xFF) << 8) | (frame[11] & 0xFF);
  }

  private CompletableFuture<Void> write(byte[] frame, ResponseMatcher.Pending<?> pending) {
    CompletableFuture<Void> written = new CompletableFuture<>();
    if (channel.eventLoop().inEventLoop()) { // a proxy's upstream, on its client's loop: no hop
      matcher.send(frame, pending, settings.requestTimeout, written);
      return written;
    }
    try {
      channel.eventLoop().execute(() -> matcher.send(frame, pending, settings.requestTimeout, written));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      KwireConnectionException closed = new KwireConnectionException("the client is closed");
      written.completeExceptionally(closed);
      if (pending != null) {
        pending.fail(closed);
      }
    }
    return written;
  }

  /** The client id this client puts in its request headers. */
  public String clientId() {
    return settings.clientId;
  }

  /**
   * Runs an authentication exchange (a {@link ClientAuthenticator}'s, at connect or for KIP-368
   * re-authentication) alone on the connection: requests sent from now on are held, the exchange
   * starts once every response in flight has arrived, its frames go out through the {@link
   * ClientAuthenticator.FrameSender} it is given, and when its stage completes the held requests go
   * out in order. If it fails, the connection closes and every request held or in flight fails with
   * a {@link KwireConnectionException} caused by the exchange's failure.
   */
  public CompletableFuture<Void> exclusively(Function<ClientAuthenticator.FrameSender, CompletionStage<?>> exchange) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    ClientAuthenticator.FrameSender sender = frameFor -> {
      int correlationId = correlationIds.getAndIncrement();
      CompletableFuture<byte[]> response = new CompletableFuture<>();
      byte[] frame;
      try {
        frame = frameFor.apply(correlationId);
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
      Runnable send = () -> matcher.send(frame, new ResponseMatcher.Pending<>(correlationId, bytes -> bytes, response),
          settings.requestTimeout, new CompletableFuture<>(), true);
      try {
        channel.eventLoop().execute(send);
      } catch (java.util.concurrent.RejectedExecutionException e) {
        response.completeExceptionally(new KwireConnectionException("the client is closed"));
      }
      return response;
    };
    try {
      channel.eventLoop().execute(() -> matcher.hold(() -> {
        CompletionStage<?> stage;
        try {
          stage = exchange.apply(sender);
        } catch (RuntimeException e) {
          stage = CompletableFuture.failedFuture(e);
        }
        stage.whenComplete((ignored, failure) -> onEventLoop(() -> {
          if (failure == null) {
            matcher.release();
            done.complete(null);
          } else {
            Throwable cause = failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
            matcher.close(new KwireConnectionException("authentication failed: " + cause.getMessage(), cause));
            done.completeExceptionally(cause);
          }
        }));
      }));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      done.completeExceptionally(new KwireConnectionException("the client is closed"));
    }
    return done;
  }

  /**
   * Runs {@code task} now when on the event loop (so that an exchange's failure, read from a response
   * just before the server closes, is recorded before the end of the channel is), else queued to it.
   */
  private void onEventLoop(Runnable task) {
    if (channel.eventLoop().inEventLoop()) {
      task.run();
    } else {
      try {
        channel.eventLoop().execute(task);
      } catch (java.util.concurrent.RejectedExecutionException e) {
        task.run(); // the loop is gone: the matcher fails what is left
      }
    }
  }

  /** ApiVersions at the highest version kwire-net speaks, again at the server's highest after a fallback. */
  private CompletableFuture<ApiVersionNegotiation> negotiate(short version) {
    int correlationId = correlationIds.getAndIncrement();
    byte[] frame = ApiVersionsWire.encodeRequest(version, correlationId, settings.clientId, SOFTWARE_NAME,
        SOFTWARE_VERSION);
    CompletableFuture<ApiVersionsWire.Response> reply = new CompletableFuture<>();
    write(frame, new ResponseMatcher.Pending<>(correlationId,
        bytes -> ApiVersionsWire.decodeResponse(bytes, version, settings.options), reply));
    return reply.thenCompose(response -> {
      if (response.errorCode() == ApiVersionsWire.UNSUPPORTED_VERSION) {
        short retry = response.apiKeys().stream().filter(r -> r.apiKey() == ApiVersionsWire.API_KEY)
            .map(r -> r.versions().intersect(ApiVersionsWire.VERSIONS)).filter(r -> !r.isEmpty())
            .map(VersionRange::highest).findFirst().orElse((short) -1);
        if (retry < 0 || retry >= version) {
          return CompletableFuture.failedFuture(new IllegalStateException(
              "the server supports no ApiVersions version kwire-net speaks (" + ApiVersionsWire.VERSIONS + ")"));
        }
        return negotiate(retry);
      }
      if (response.errorCode() != 0) {
        return CompletableFuture.failedFuture(new IllegalStateException(
            "the server answered ApiVersions v" + version + " with error " + response.errorCode()));
      }
      return CompletableFuture.completedFuture(ApiVersionNegotiation.of(response.apiKeys(), settings.registry));
    });
  }

  /**
   * Fails every request in flight, closes the connection and ends the client's thread, waiting (up
   * to a few seconds) for both; called on the client's own event loop, it does not wait.
   */
  @Override
  public void close() {
    closeWithoutWaiting();
    if (group == null || channel.eventLoop().inEventLoop()) {
      return; // a lent loop, or the caller is the client's thread: waiting would block it
    }
    channel.closeFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private void closeWithoutWaiting() {
    try {
      channel.eventLoop().execute(() -> matcher.close("the client was closed"));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // closed already
    }
    if (group != null) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
  }

  private record Settings(KwireRegistry registry, String clientId, Duration requestTimeout, DecodeOptions options) {}

  /** How a {@link KwireClient} connects. */
  public static final class Builder {
    private KwireRegistry registry;
    private String clientId = "kwire";
    private Duration requestTimeout = Duration.ofSeconds(30);
    private Duration connectTimeout = Duration.ofSeconds(10);
    private int maxFrameSize = DecodeOptions.DEFAULT_MAX_FRAME_SIZE;
    private SslContext sslContext;
    private ClientAuthenticator authenticator;
    private EventLoopGroup eventLoop;
    private ServerConnection paired;
    private boolean rawFrames;

    private Builder() {}

    /**
     * Makes this client a proxy's upstream for {@code connection}, a {@link KwireServer}'s: it runs on
     * that connection's event loop (so both sides share one thread and the futures complete there),
     * and back-pressure goes both ways: the upstream is read only while the connection can write,
     * and the connection only while the upstream can.
     */
    public Builder pairedWith(Connection connection) {
      Objects.requireNonNull(connection, "connection");
      if (!(connection instanceof ServerConnection server)) {
        throw new IllegalArgumentException("not a connection of a KwireServer: " + connection);
      }
      this.paired = server;
      this.eventLoop = server.channel().eventLoop();
      return this;
    }

    /**
     * Sends no ApiVersions on connecting (a proxy forwards its clients' own): the client is handed out
     * once connected, {@link KwireClient#versions()} is null, and typed sends need their version given.
     * With an {@link #authenticator} as well, it negotiates and authenticates first (a proxy that
     * authenticates to the broker with its own credentials), then forwards frames as raw.
     */
    public Builder rawFrames() {
      this.rawFrames = true;
      return this;
    }

    /**
     * Runs the connection on {@code group}, an NIO group (which the client then neither owns nor shuts down), for
     * example a server's own event loop, so that a proxy's two sides share a thread; by default the
     * client has a thread of its own.
     */
    public Builder eventLoop(EventLoopGroup group) {
      this.eventLoop = Objects.requireNonNull(group, "eventLoop");
      return this;
    }

    /** The codecs to encode requests and decode responses with; {@link KwireRegistry#standard()} by default. */
    public Builder registry(KwireRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
      return this;
    }

    /** The client id of every request header ("kwire"). */
    public Builder clientId(String clientId) {
      this.clientId = clientId;
      return this;
    }

    /** How long each request waits for its response (Kafka's {@code request.timeout.ms}, 30 s). */
    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = Objects.requireNonNull(timeout, "requestTimeout");
      return this;
    }

    /** How long the TCP connect may take (10 s). */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = Objects.requireNonNull(timeout, "connectTimeout");
      return this;
    }

    /** Largest response frame accepted (100 MiB); a larger one fails the connection. */
    public Builder maxFrameSize(int bytes) {
      this.maxFrameSize = bytes;
      return this;
    }

    /** Speaks TLS: the context's SslHandler goes first in the pipeline. */
    public Builder sslContext(SslContext context) {
      this.sslContext = Objects.requireNonNull(context, "sslContext");
      return this;
    }

    /** Authenticates after ApiVersions, before the client is handed out. */
    public Builder authenticator(ClientAuthenticator authenticator) {
      this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
      return this;
    }

    /**
     * Connects, negotiates versions (and authenticates), blocking until done.
     *
     * @throws KwireConnectionException if any of it fails
     */
    public KwireClient connect(InetSocketAddress address) {
      try {
        return connectAsync(address).get();
      } catch (ExecutionException e) {
        Throwable cause = e.getCause() instanceof CompletionException c ? c.getCause() : e.getCause();
        throw new KwireConnectionException("cannot connect to " + address + ": " + cause, cause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new KwireConnectionException("interrupted while connecting to " + address, e);
      }
    }

    /** {@link #connect} without blocking. */
    public CompletableFuture<KwireClient> connectAsync(InetSocketAddress address) {
      Settings settings = new Settings(registry != null ? registry : KwireRegistry.standard(), clientId,
          requestTimeout, DecodeOptions.STRICT.withMaxFrameSize(maxFrameSize));
      EventLoopGroup owned = eventLoop == null ? new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory()) : null;
      EventLoopGroup group = owned != null ? owned : eventLoop;
      ResponseMatcher matcher = new ResponseMatcher(settings.options);
      if (paired != null) {
        matcher.pairedUpstream();
      }
      SslContext tls = sslContext;
      int maxFrame = maxFrameSize;
      ServerConnection pair = paired;
      boolean raw = rawFrames;
      Bootstrap bootstrap = new Bootstrap()
          .group(group)
          .channel(NioSocketChannel.class)
          .option(ChannelOption.TCP_NODELAY, true)
          .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) connectTimeout.toMillis())
          // paired: the server's watermarks, so that both sides of a proxy pause at the same fill
          .option(ChannelOption.WRITE_BUFFER_WATER_MARK, pair != null ? new WriteBufferWaterMark(256 << 10, 1 << 20)
              : WriteBufferWaterMark.DEFAULT)
          .handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
              if (tls != null) {
                ch.pipeline().addLast("tls", tls.newHandler(ch.alloc(), address.getHostString(), address.getPort()));
              }
              if (pair != null) {
                ch.pipeline().addLast("paired", new PairedUpstream(pair.responses()));
              }
              ch.pipeline().addLast("frames", FrameDecoders.create(maxFrame));
              ch.pipeline().addLast("responses", matcher);
            }
          });
      CompletableFuture<KwireClient> connected = new CompletableFuture<>();
      ClientAuthenticator auth = authenticator;
      bootstrap.connect(address).addListener((io.netty.channel.ChannelFutureListener) f -> {
        if (!f.isSuccess()) {
          if (owned != null) {
            owned.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
          }
          connected.completeExceptionally(new KwireConnectionException("cannot connect to " + address, f.cause()));
          return;
        }
        KwireClient client = new KwireClient(owned, f.channel(), matcher, settings);
        if (raw && auth == null) {
          connected.complete(client);
          return;
        }
        // A raw client with an authenticator (a proxy holding its own credentials) negotiates and
        // authenticates as any client, then is handed out to forward its clients' frames.

        client.negotiate(ApiVersionsWire.VERSIONS.highest())
            .thenCompose(agreed -> {
              client.versions = agreed;
              return auth == null ? CompletableFuture.completedFuture(null) : auth.authenticate(client);
            })
            .whenComplete((ignored, failure) -> {
              if (failure == null) {
                connected.complete(client);
              } else {
                client.close();
                connected.completeExceptionally(failure);
              }
            });
      });
      return connected;
    }
  }
}
