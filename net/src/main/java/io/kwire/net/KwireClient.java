package io.kwire.net;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.ApiVersionNegotiation;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.DecodeOptions;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A Kafka-protocol client on one connection, to a {@link KwireServer} or a Kafka broker. Connecting
 * sends ApiVersions first (asking again after a broker's version 0 fallback) and agrees on a version
 * of each API once; then requests are sent typed, pipelined, each with its own future and timeout.
 * Reconnecting is the caller's: a closed client stays closed. Thread-safe.
 *
 * <p>The work is in package-private parts: {@link ClientBootstrap} connects, {@link ApiVersionsExchange}
 * negotiates, {@link ClientRequests} encodes, {@link ClientChannel} writes (the one hop onto the event
 * loop), {@link ExclusiveExchange} runs an authenticator alone, {@link ResponseMatcher} matches.
 *
 * <pre>{@code
 * try (KwireClient client = KwireClient.connect(address)) {
 *   MetadataResponse metadata = client.send(request, MetadataResponse.class).join();
 * }
 * }</pre>
 */
public final class KwireClient implements AutoCloseable {
  /** The client's own thread, shut down on close; null when the caller lent one. */
  private final EventLoopGroup group;
  private final ClientChannel channel;
  private final ClientSettings settings;
  private final ClientRequests requests;
  private volatile ApiVersionNegotiation versions;
  private final CompletableFuture<Void> closed = new CompletableFuture<>();

  KwireClient(EventLoopGroup group, ClientChannel channel, ClientSettings settings) {
    channel.channel().closeFuture().addListener(f -> closed.complete(null));
    this.group = group;
    this.channel = channel;
    this.settings = settings;
    this.requests = new ClientRequests(settings);
  }

  /** Connects with the defaults and the codecs of {@link KwireRegistry#standard()}; blocks until ApiVersions is done. */
  public static KwireClient connect(InetSocketAddress address) {
    return builder().connect(address);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** ApiVersions, once, on connecting; the client keeps what was agreed. */
  CompletableFuture<ApiVersionNegotiation> negotiateVersions() {
    return new ApiVersionsExchange(channel, requests, settings).negotiate().thenApply(agreed -> {
      versions = agreed;
      return agreed;
    });
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
    return (InetSocketAddress) channel.channel().remoteAddress();
  }

  /** Whether the connection is still open. */
  public boolean isOpen() {
    return channel.channel().isActive();
  }

  /** The client id this client puts in its request headers. */
  public String clientId() {
    return settings.clientId();
  }

  /**
   * Sends {@code request} at the highest version both sides support and completes with its response.
   * A Produce request with {@code acks=0} gets none: its future completes with null once written.
   * The future fails with {@link java.util.concurrent.TimeoutException} after the request timeout,
   * with {@link KwireConnectionException} when the connection fails, and with
   * {@link IllegalStateException} when the server supports no version of the API that the codecs
   * know (it does not list the API in ApiVersions, or only versions outside the codecs'), without
   * sending anything: the message names both ranges.
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
    return send(requests.codec(request.getClass()), request, requests.codec(responseType), version);
  }

  /**
   * Sends {@code request} with the given codecs (hand-written ones included) at {@code version}, or,
   * when it is null, at the highest version the server and both codecs support.
   */
  public <Q, R> CompletableFuture<R> send(ApiMessageCodec<Q> requestCodec, Q request, ApiMessageCodec<R> responseCodec,
      Short version) {
    if (requestCodec.apiKey() != responseCodec.apiKey()) {
      throw new IllegalArgumentException(requestCodec.descriptor().name() + " and "
          + responseCodec.descriptor().name() + " are not one API's");
    }
    byte[] frame;
    RequestHeader header;
    try {
      short at = version != null ? version : ClientRequests.agreedVersion(versions, requestCodec, responseCodec);
      header = requests.header(requestCodec.apiKey(), at);
      frame = Frames.encodeRequest(header, requestCodec, request);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    short at = header.requestApiVersion();
    if (!ClientRequests.expectsResponse(new RawRequestFrame(header.requestApiKey(), at, header.correlationId(), frame))) {
      return channel.write(frame, null).thenApply(written -> null);
    }
    CompletableFuture<R> response = new CompletableFuture<>();
    channel.write(frame, new ResponseMatcher.Pending<>(header.correlationId(),
        bytes -> Frames.decodeResponse(bytes, responseCodec, at, settings.options()).body(), response));
    return response;
  }

  /**
   * Sends {@code request} expecting no response (a request the server's handler answers with
   * {@link RequestContext#noResponse()}); completes once written.
   */
  public CompletableFuture<Void> sendWithoutResponse(Object request, short version) {
    byte[] frame;
    try {
      ApiMessageCodec<Object> codec = requests.codec(request.getClass());
      frame = Frames.encodeRequest(requests.header(codec.apiKey(), version), codec, request);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return channel.write(frame, null);
  }

  /**
   * Sends a whole request frame (size prefix included) as it is, correlation id included, and
   * completes with the whole response frame (matched by order, its correlation id checked), or with
   * null once written for a Produce with {@code acks=0} (read from the frame; a frame whose acks do
   * not read is taken to expect a response). Fails as {@link #send(Object, Class)} does: after the
   * request timeout with {@link java.util.concurrent.TimeoutException}, with
   * {@link KwireConnectionException} when the connection fails. A frame too short for a request
   * header, or whose size prefix disagrees with its length, fails at once with
   * {@link IllegalArgumentException}.
   */
  public CompletableFuture<byte[]> sendFrame(byte[] frame) {
    Objects.requireNonNull(frame, "frame");
    return writeFrame(frame, (correlationId, response) -> new ResponseMatcher.Pending<>(correlationId, bytes -> bytes,
        response));
  }

  /**
   * Sends a whole request frame as {@link #sendFrame} does, its response handed to {@code sink} in
   * pieces as they arrive rather than gathered whole (cut-through, on a client {@link
   * Builder#pairedWith paired} with a proxy's connection; other clients hand the whole frame over as
   * one piece). The future completes with the frame's size (prefix included) once its last byte has
   * been handed over, or with null once written for a Produce with {@code acks=0}; it fails as
   * {@link #sendFrame}'s does, also once pieces have been handed over (the connection failed or the
   * request timed out mid-frame): then the sink is given nothing more.
   */
  public CompletableFuture<Integer> streamFrame(byte[] frame, FrameSink sink) {
    Objects.requireNonNull(frame, "frame");
    Objects.requireNonNull(sink, "sink");
    return writeFrame(frame, (correlationId, response) -> ResponseMatcher.Pending.streamed(correlationId, sink,
        response));
  }

  /**
   * A whole request frame written as it is: failed at once when its header cannot be read; completed
   * with null once written when no response will come (a Produce with {@code acks=0}); otherwise its
   * response awaited through the {@link ResponseMatcher.Pending} that {@code pending} makes.
   */
  private <T> CompletableFuture<T> writeFrame(byte[] frame, PendingFactory<T> pending) {
    RawRequestFrame request;
    try {
      request = ClientRequests.peek(frame);
    } catch (IllegalArgumentException e) {
      return CompletableFuture.failedFuture(e);
    }
    if (!ClientRequests.expectsResponse(request)) {
      return channel.write(frame, null).thenApply(written -> null);
    }
    CompletableFuture<T> response = new CompletableFuture<>();
    channel.write(frame, pending.make(request.correlationId(), response));
    return response;
  }

  /** How a raw frame's response is awaited: whole, or streamed to a sink (an int id: no boxing per frame). */
  @FunctionalInterface
  private interface PendingFactory<T> {
    ResponseMatcher.Pending<T> make(int correlationId, CompletableFuture<T> response);
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
    return new ExclusiveExchange(channel, requests).run(exchange);
  }

  /**
   * Fails every request in flight, closes the connection and ends the client's thread, waiting (up
   * to a few seconds) for both; called on the client's own event loop, it does not wait. Closing
   * again does nothing.
   */
  @Override
  public void close() {
    channel.close("the client was closed");
    if (group == null) {
      return; // a lent loop: its owner ends it
    }
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    if (channel.onEventLoop()) {
      return; // the caller is the client's thread: waiting would block it
    }
    channel.channel().closeFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
    group.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
  }

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
     * @throws KwireConnectionException if any of it fails, saying why in its message ("cannot connect
     *     to 127.0.0.1:1: Connection refused")
     */
    public KwireClient connect(InetSocketAddress address) {
      try {
        return connectAsync(address).get();
      } catch (ExecutionException e) {
        throw ConnectFailures.blocking(address, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new KwireConnectionException("interrupted while connecting to " + ConnectFailures.name(address), e);
      }
    }

    /** {@link #connect} without blocking. */
    public CompletableFuture<KwireClient> connectAsync(InetSocketAddress address) {
      ClientSettings settings = new ClientSettings(registry != null ? registry : KwireRegistry.standard(), clientId,
          requestTimeout, DecodeOptions.STRICT.withMaxFrameSize(maxFrameSize));
      return new ClientBootstrap(settings, connectTimeout, maxFrameSize, sslContext, authenticator, eventLoop, paired,
          rawFrames).connect(address);
    }
  }
}
