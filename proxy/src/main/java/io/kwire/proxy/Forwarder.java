package io.kwire.proxy;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ProduceRequest;
import io.kwire.net.Connection;
import io.kwire.net.KwireClient;
import io.kwire.net.RawRequest;
import io.kwire.net.RawResponse;
import io.kwire.proxy.filter.FilterContext;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.ResponseHeader;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;

/**
 * One connection's requests and responses through its {@link FilterChain}, at wire speed: a frame
 * of an API no filter reads goes on with only its header read, peeked by kwire-net; a frame a
 * filter reads is decoded, and encoded again only when a filter changed it (or when a filter handed
 * over an encoding of its own, the check's: {@link WireContext#encoded}). The log and {@code --check}
 * are filters like the others ({@link LogFilter}, {@link CheckFilter}), reading every API. Requests
 * reach the broker in the client's order ({@link UpstreamOrder}); responses reach the client in it
 * (kwire-net's {@link RawResponse} places).
 */
final class Forwarder {
  /** What the session does when a request cannot go on. */
  interface Failures extends FrameStage.Failures {
    /**
     * The reason to close the client connection after {@code request} failed upstream (the session
     * judges timeouts), or null when the session has said why in its own event line (kwire-net then
     * writes none: one line per event); {@code answered} when the client was sent REQUEST_TIMED_OUT for it.
     */
    String upstreamFailed(RawRequest request, Throwable failure, boolean answered);
  }

  private final Recoder.Shared shared;
  private final Recoder recoder;
  private final FilterChain chain;
  private final Connection connection;
  private final KwireClient upstream;
  private final Failures failures;
  private final String name;
  private final UpstreamOrder order = new UpstreamOrder();
  private boolean softwareSeen;
  /** Kafka's REQUEST_TIMED_OUT, what a client is answered when the broker did not answer in time. */
  static final short REQUEST_TIMED_OUT = 7;

  Forwarder(Recoder.Shared shared, Recoder recoder, FilterChain chain, Connection connection, String name,
      KwireClient upstream, Failures failures) {
    this.shared = shared;
    this.recoder = recoder;
    this.chain = chain;
    this.connection = connection;
    this.upstream = upstream;
    this.failures = failures;
    this.name = name;
  }

  void forward(RawRequest request, RawResponse response) {
    forward(request, null, response);
  }

  /**
   * {@code request} through the filters to the broker; {@code given} is its body when a
   * {@link FrameStage} decoded it already (it is not decoded again), else null.
   */
  void forward(RawRequest request, DecodedRequest<Object> given, RawResponse response) {
    short apiKey = request.apiKey();
    shared.metrics().api(apiKey, request.apiVersion()).requests().inc();
    shared.metrics().clientBytesIn.inc(request.frame().length);
    if (apiKey == ApiVersionsRequestCodec.API_KEY) {
      clientSoftware(request);
    }
    ApiMessageCodec<?> requestCodec = recoder.codecs(apiKey, request.apiVersion());
    boolean readsRequest = requestCodec != null && chain.readsRequest(apiKey);
    boolean readsResponse = requestCodec != null && chain.readsResponse(apiKey);
    @SuppressWarnings("unchecked")
    ApiMessageCodec<Object> responseCodec = readsResponse ? (ApiMessageCodec<Object>) shared.registry().response(apiKey)
        : null;
    UpstreamOrder.Turn turn = order.take();
    Context context = new Context(request);
    if (!readsRequest) {
      if (given != null) { // a stage's frame: decoded and encoded there
        shared.counters().recoded(shared.names().request(apiKey));
      } else {
        shared.counters().raw(shared.names().request(apiKey));
      }
      order.run(turn, () -> send(request, request.frame(), responseCodec, context, response));
      return;
    }
    @SuppressWarnings("unchecked")
    DecodedRequest<Object> decoded = given != null ? given : (DecodedRequest<Object>) recoder.decode(request.frame(),
        new io.kwire.runtime.RawRequestFrame(apiKey, request.apiVersion(), request.correlationId(), request.frame()));
    if (decoded == null) { // did not decode: counted and said so, passed raw; its response is still read
      order.run(turn, () -> send(request, request.frame(), responseCodec, context, response));
      return;
    }
    shared.counters().recoded(shared.names().request(apiKey));
    context.requestDecoded(decoded, request.frame());
    onLoop(chain.request(apiKey, decoded.body(), context), (result, failure) -> {
      if (failure != null) {
        order.skip(turn);
        failures.fail("filter failed on request " + shared.names().name(apiKey) + " v" + request.apiVersion()
            + " correlation id " + request.correlationId() + " (" + Recoder.cause(failure) + "); closing the connection",
            "a filter failed");
        response.closeWithoutLog(); // the event above says why
        return;
      }
      decided(request, decoded, result, responseCodec, context, turn, response);
    });
  }

  private void decided(RawRequest request, DecodedRequest<Object> decoded, RequestResult<Object> result,
      ApiMessageCodec<Object> responseCodec, Context context, UpstreamOrder.Turn turn, RawResponse response) {
    if (result instanceof RequestResult.Forward<Object> forward) {
      Object body = forward.request();
      byte[] out;
      try {
        byte[] known = context.encodingOf(body);
        out = known != null ? known : body == decoded.body() ? request.frame()
            : Frames.encodeRequest(decoded.header(), decoded.codec(), body);
      } catch (RuntimeException e) {
        order.skip(turn);
        failed(request, "a filter's request does not encode (" + e.getMessage() + ")", response);
        return;
      }
      order.run(turn, () -> send(request, out, responseCodec, context, response));
      return;
    }
    order.skip(turn);
    if (!expectsResponse(decoded.body())) {
      response.none(); // acks=0: the client waits for nothing, not even a refusal
      return;
    }
    ApiMessageCodec<?> codec = shared.registry().response(request.apiKey());
    byte[] frame;
    try {
      frame = result instanceof RequestResult.Respond<Object> respond
          ? answer(codec, request, respond.response())
          : Refusals.frame(decoded.body(), codec, request.apiVersion(), request.correlationId(),
              ((RequestResult.Refuse<Object>) result).errorCode());
    } catch (RuntimeException e) {
      failed(request, "a filter's response does not encode (" + e.getMessage() + ")", response);
      return;
    }
    if (frame == null) {
      failed(request, "a filter refused it and " + codec.descriptor().name() + " has no error code to say so", response);
      return;
    }
    if (result instanceof RequestResult.Refuse<Object> refuse) {
      shared.metrics().error(request.apiKey(), refuse.errorCode());
    }
    toClient(response, frame);
  }

  private <R> byte[] answer(ApiMessageCodec<R> codec, RawRequest request, Object response) {
    if (!codec.messageType().isInstance(response)) {
      throw new IllegalArgumentException("the answer is a " + response.getClass().getName() + ", not a "
          + codec.messageType().getName());
    }
    return Frames.encodeResponse(new ResponseHeader(request.correlationId()), codec, request.apiVersion(),
        codec.messageType().cast(response));
  }

  private void failed(RawRequest request, String why, RawResponse response) {
    failures.fail("request " + shared.names().name(request.apiKey()) + " v" + request.apiVersion() + " correlation id "
        + request.correlationId() + ": " + why + "; closing the connection", "a filter failed");
    response.closeWithoutLog(); // the event above says why
  }

  /** {@code frame} to the client, counted. */
  private void toClient(RawResponse response, byte[] frame) {
    shared.metrics().clientBytesOut.inc(frame.length);
    response.send(frame);
  }

  /** The client's software name and version (KIP-511, ApiVersions v3+), for the metrics; once per connection. */
  private void clientSoftware(RawRequest request) {
    if (softwareSeen || request.apiVersion() < 3
        || !ApiVersionsRequestCodec.INSTANCE.descriptor().validVersions().contains(request.apiVersion())) {
      return;
    }
    softwareSeen = true;
    try {
      ApiVersionsRequest body = Frames.decodeRequest(request.frame(), ApiVersionsRequestCodec.INSTANCE,
          shared.options()).body();
      shared.metrics().clientSoftware(body.clientSoftwareName(), body.clientSoftwareVersion());
    } catch (RuntimeException e) {
      // not counted: the filters, or the broker, say what is wrong with it
    }
  }

  /** Produce with acks 0 is the one request the broker never answers. */
  private static boolean expectsResponse(Object body) {
    return !(body instanceof ProduceRequest p && p.acks() == 0);
  }

  /** {@code frame} to the broker; its response to the client, through the response filters when {@code codec} is given. */
  private void send(RawRequest request, byte[] frame, ApiMessageCodec<Object> codec, Context context,
      RawResponse response) {
    if (shared.cutThrough() && !(response instanceof FrameStage.DecodedPlace)
        && (codec == null || tailAddressesOnly(request))) {
      sendStreamed(request, frame, context, response);
      return;
    }
    long sent = System.nanoTime();
    shared.metrics().brokerBytesOut.inc(frame.length);
    upstream.sendFrame(frame).whenComplete((answer, failure) -> {
      if (answer != null) {
        shared.metrics().api(request.apiKey(), request.apiVersion()).latency().observe((System.nanoTime() - sent) / 1e9);
        shared.metrics().brokerBytesIn.inc(answer.length);
        shared.metrics().brokerResponse(request.apiKey(), request.apiVersion(), answer);
      }
      if (failure != null) {
        upstreamFailed(request, failure, context, response);
      } else if (answer == null) {
        response.none();
      } else if (codec == null) {
        if (!(response instanceof FrameStage.DecodedPlace)) { // a stage's place decodes it, and counts it
          shared.counters().raw(shared.names().response(request.apiKey()));
        }
        toClient(response, answer);
      } else {
        respond(request, answer, codec, context, response);
      }
    });
  }

  /** The request failed upstream before any of its response came: REQUEST_TIMED_OUT, or the connection closes. */
  private void upstreamFailed(RawRequest request, Throwable failure, Context context, RawResponse response) {
    byte[] timedOut = Recoder.cause(failure) instanceof TimeoutException && !(response instanceof FrameStage.DecodedPlace)
        ? timedOut(request, context) : null;
    if (timedOut != null) {
      shared.metrics().error(request.apiKey(), REQUEST_TIMED_OUT);
      toClient(response, timedOut); // settled before the session closes the connection
      failures.upstreamFailed(request, failure, true);
    } else {
      String why = failures.upstreamFailed(request, failure, false);
      if (why == null) {
        response.closeWithoutLog();
      } else {
        response.close(why);
      }
    }
  }

  /**
   * Whether {@code request} is a Fetch or a Produce whose response only the proxy's address rewriting
   * reads: it is then forwarded as it arrives, its node endpoints (Fetch v16+, Produce v10+) rewritten
   * in its tail ({@link NodeEndpointsTail}) rather than the whole response decoded.
   */
  private boolean tailAddressesOnly(RawRequest request) {
    return (request.apiKey() == NodeEndpointsTail.FETCH || request.apiKey() == NodeEndpointsTail.PRODUCE)
        && chain.onlyAddressesRead(request.apiKey()) != null;
  }

  /**
   * {@code frame} to the broker, its response forwarded to the client as it arrives (cut-through: no
   * filter reads it, or only the address rewriting of a Fetch's tail). Counted once its last byte is
   * through; the latency is to that byte. If the upstream fails once some of it was forwarded, the
   * client's connection is closed: it never reads on past half a frame.
   */
  private void sendStreamed(RawRequest request, byte[] frame, Context context, RawResponse response) {
    short apiKey = request.apiKey();
    short version = request.apiVersion();
    AddressFilter addresses = NodeEndpointsTail.hasEndpoints(apiKey, version) && tailAddressesOnly(request)
        ? chain.onlyAddressesRead(apiKey) : null;
    StreamedResponse streamed = new StreamedResponse(response, addresses == null ? null : new StreamedResponse.Tail() {
      @Override
      public int from(io.netty.buffer.ByteBuf whole) {
        return NodeEndpointsTail.taggedFieldsStart(apiKey, version, whole);
      }

      @Override
      public byte[] rewrite(io.netty.buffer.ByteBuf whole, int from) {
        return NodeEndpointsTail.rewritten(whole, from, addresses.addresses());
      }
    });
    long sent = System.nanoTime();
    shared.metrics().brokerBytesOut.inc(frame.length);
    upstream.streamFrame(frame, streamed).whenComplete((size, failure) -> {
      if (failure != null) {
        if (!streamed.begun()) {
          upstreamFailed(request, failure, context, response);
          return;
        }
        streamed.abort(); // some of it may be out: the client's connection closes now
        String why = failures.upstreamFailed(request, failure, false);
        if (why != null) {
          failures.fail(why + " after part of its response was forwarded; closing the connection",
              "the upstream failed mid-response");
        }
        return;
      }
      if (size == null) {
        response.none(); // acks=0
        return;
      }
      shared.metrics().api(request.apiKey(), request.apiVersion()).latency().observe((System.nanoTime() - sent) / 1e9);
      shared.metrics().brokerBytesIn.inc(size);
      shared.metrics().brokerResponse(request.apiKey(), request.apiVersion(), streamed.start());
      shared.counters().raw(shared.names().response(request.apiKey()));
      if (streamed.failure() != null) {
        failures.fail("response to " + shared.names().name(request.apiKey()) + " v" + request.apiVersion()
            + " correlation id " + request.correlationId() + ": " + streamed.failure() + "; closing the connection",
            "a response could not be rewritten");
        return;
      }
      shared.metrics().clientBytesOut.inc(size);
    });
  }

  /**
   * Kafka's REQUEST_TIMED_OUT for {@code request}, shaped as a broker refuses it ({@link Refusals}),
   * from the client's own request (decoded now if no filter read it); null when kwire has no codec for
   * it or its response has nowhere to put the code: then the connection just closes.
   */
  private byte[] timedOut(RawRequest request, Context context) {
    try {
      Object body;
      if (context.decodedRequest() != null) {
        body = context.decodedRequest().body();
      } else {
        ApiMessageCodec<?> codec = recoder.codecs(request.apiKey(), request.apiVersion());
        if (codec == null) {
          return null;
        }
        body = Frames.decodeRequest(request.frame(), codec, shared.options()).body();
      }
      return Refusals.frame(body, shared.registry().response(request.apiKey()), request.apiVersion(),
          request.correlationId(), REQUEST_TIMED_OUT);
    } catch (RuntimeException e) { // did not decode or encode: the connection closes as without a shape
      return null;
    }
  }

  private void respond(RawRequest request, byte[] frame, ApiMessageCodec<Object> codec, Context context,
      RawResponse response) {
    Recoder.ResponseAt<Object> at = recoder.decodeResponse(codec, request.apiKey(), request.apiVersion(),
        request.correlationId(), frame);
    if (at == null) { // did not decode: counted and said so, passed raw
      toClient(response, frame);
      return;
    }
    DecodedResponse<Object> decoded = at.decoded();
    short version = at.version(); // an ApiVersions may answer at v0 whatever was asked
    shared.counters().recoded(shared.names().response(request.apiKey()));
    context.responseDecoded(codec, version, decoded, frame);
    onLoop(chain.response(request.apiKey(), decoded.body(), context), (body, failure) -> {
      if (failure != null) {
        failed(request, "a filter failed on its response (" + Recoder.cause(failure) + ")", response);
        return;
      }
      if (response instanceof FrameStage.DecodedPlace place) { // a stage changes it: not encoded here
        place.send(decoded.header(), codec, version, body);
        return;
      }
      try {
        byte[] known = context.encodingOf(body);
        toClient(response, known != null ? known : body == decoded.body() ? frame
            : Frames.encodeResponse(decoded.header(), codec, version, body));
      } catch (RuntimeException e) {
        failed(request, "a filter's response does not encode (" + e.getMessage() + ")", response);
      }
    });
  }

  /**
   * {@code then} once {@code stage} is done: at once when it is (a synchronous filter, on the event
   * loop already), else back on the connection's event loop, so that every send upstream and every
   * settling is made from the one thread, in order (a send from another thread would be queued
   * behind the loop's own, and overtaken).
   */
  private <T> void onLoop(CompletionStage<T> stage, java.util.function.BiConsumer<T, Throwable> then) {
    CompletableFuture<T> future = stage.toCompletableFuture();
    if (future.isDone()) {
      future.whenComplete(then);
    } else {
      future.whenCompleteAsync(then, connection.executor());
    }
  }

  /** What the filters know of one request, and once it is in, of its response. */
  private final class Context implements WireContext {
    private final RawRequest request;
    private DecodedRequest<Object> decodedRequest;
    private byte[] requestFrame;
    private ApiMessageCodec<Object> responseCodec;
    private short responseVersion;
    private DecodedResponse<Object> decodedResponse;
    private byte[] responseFrame;
    /** An encoding a filter made of {@code encodedBody} (the check's), sent if that body goes on. */
    private Object encodedBody;
    private byte[] encodedFrame;

    Context(RawRequest request) {
      this.request = request;
    }

    void requestDecoded(DecodedRequest<Object> decoded, byte[] frame) {
      this.decodedRequest = decoded;
      this.requestFrame = frame;
    }

    /** The response is in: the request side's state is done with (its encoding was sent or not). */
    void responseDecoded(ApiMessageCodec<Object> codec, short version, DecodedResponse<Object> decoded, byte[] frame) {
      this.responseCodec = codec;
      this.responseVersion = version;
      this.decodedResponse = decoded;
      this.responseFrame = frame;
      this.encodedBody = null;
      this.encodedFrame = null;
    }

    /** The encoding a filter handed over for {@code body}, else null. */
    byte[] encodingOf(Object body) {
      return body == encodedBody ? encodedFrame : null;
    }

    @Override
    public void encoded(Object body, byte[] frame) {
      this.encodedBody = java.util.Objects.requireNonNull(body, "body");
      this.encodedFrame = java.util.Objects.requireNonNull(frame, "frame");
    }

    @Override
    public String connectionName() {
      return name;
    }

    @Override
    public DecodedRequest<Object> decodedRequest() {
      return decodedRequest;
    }

    @Override
    public byte[] requestFrame() {
      return requestFrame;
    }

    @Override
    public ApiMessageCodec<Object> responseCodec() {
      return responseCodec;
    }

    @Override
    public short responseVersion() {
      return responseVersion;
    }

    @Override
    public DecodedResponse<Object> decodedResponse() {
      return decodedResponse;
    }

    @Override
    public byte[] responseFrame() {
      return responseFrame;
    }

    @Override
    public short apiVersion() {
      return request.apiVersion();
    }

    @Override
    public int correlationId() {
      return request.correlationId();
    }

    @Override
    public String clientId() {
      return request.clientId();
    }

    @Override
    public String principal() {
      return connection.principal().name();
    }

    @Override
    public InetSocketAddress clientAddress() {
      return connection.remoteAddress();
    }

    @Override
    public <R> CompletionStage<R> sendRequest(Object request, Class<R> responseType, short version) {
      @SuppressWarnings("unchecked")
      ApiMessageCodec<Object> requestCodec = api(request.getClass());
      ApiMessageCodec<R> responseCodec = api(responseType);
      return upstream.send(requestCodec, request, responseCodec, version);
    }

    @SuppressWarnings("unchecked")
    private <T> ApiMessageCodec<T> api(Class<?> type) {
      MessageCodec<?> codec = shared.registry().codecFor(type);
      if (!(codec instanceof ApiMessageCodec<?> api)) {
        throw new IllegalArgumentException("kwire has no request or response codec for " + type.getName());
      }
      return (ApiMessageCodec<T>) api;
    }
  }
}
