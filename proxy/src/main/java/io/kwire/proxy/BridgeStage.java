package io.kwire.proxy;

import io.kwire.bridge.BridgeTranslator;
import io.kwire.bridge.RequestTranslation;
import io.kwire.bridge.ResponseTranslation;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.net.RawRequest;
import io.kwire.net.RawResponse;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import java.util.List;

/**
 * Bridge mode for one client connection (docs/bridge.md), the proxy's one {@link FrameStage}: before
 * the client is read, the broker's ApiVersions is asked once on the upstream connection and a
 * {@link BridgeTranslator} built from it; then each request is handed on to the filters as it came
 * (undecoded, unless the bridge had to decode it to decide), translated to a version the broker
 * accepts, or answered by the bridge itself; a translated request's response, after the filters, is
 * translated back to the client's version. Responses keep the client's order: each request has its
 * place in kwire-net's response order, whoever settles it.
 */
final class BridgeStage implements FrameStage {
  /** The proxy's own ApiVersions request goes before any of the client's, so its id cannot clash. */
  private static final int HANDSHAKE_CORRELATION_ID = -1;

  private final Recoder recoder;
  private final Recoder.Shared shared;
  private final String connection;
  private final Failures failures;
  private BridgeTranslator translator;

  BridgeStage(Recoder.Shared shared, Recoder recoder, String connection, Failures failures) {
    this.recoder = recoder;
    this.shared = shared;
    this.connection = connection;
    this.failures = failures;
  }

  @Override
  public String name() {
    return "bridge";
  }

  /** The proxy's ApiVersions request, version 0: every broker answers it. */
  @Override
  public byte[] startFrame() {
    return Frames.encodeRequest(new RequestHeader(ApiVersionsRequestCodec.API_KEY, (short) 0, HANDSHAKE_CORRELATION_ID, "kwire-bridge"),
        ApiVersionsRequestCodec.INSTANCE, new ApiVersionsRequestBuilder().build());
  }

  @Override
  public String startFrameName() {
    return "the bridge's ApiVersions";
  }

  /** Builds the translator from the broker's answer to {@link #startFrame()}. */
  @Override
  public void started(byte[] frame) {
    DecodedResponse<ApiVersionsResponse> answer =
        Frames.decodeResponse(frame, ApiVersionsResponseCodec.INSTANCE, (short) 0, shared.options());
    if (answer.header().correlationId() != HANDSHAKE_CORRELATION_ID || answer.body().errorCode() != 0) {
      throw new IllegalStateException("the broker's answer to the bridge's ApiVersions request is not usable"
          + " (correlation id " + answer.header().correlationId() + ", error " + answer.body().errorCode() + ")");
    }
    translator = new BridgeTranslator(answer.body());
  }

  @Override
  @SuppressWarnings("unchecked")
  public void request(RawRequest request, RawResponse response, Next next) {
    short key = request.apiKey();
    short version = request.apiVersion();
    if (key != ApiVersionsRequestCodec.API_KEY && !translator.translates(key, version)) {
      next.forward(request, null, response); // the broker takes it: the filters decode it if they read it
      return;
    }
    int correlationId = request.correlationId();
    DecodedRequest<Object> decoded = (DecodedRequest<Object>) recoder.decode(request.frame(),
        new RawRequestFrame(key, version, correlationId, request.frame()));
    if (decoded == null && key != ApiVersionsRequestCodec.API_KEY) {
      next.forward(request, null, response); // did not decode (said so): passed raw, the broker judges it
      return;
    }
    RequestHeader header = decoded != null ? decoded.header() : new RequestHeader(key, version, correlationId, null);
    RequestTranslation t = translator.translateRequest(header, decoded == null ? null : decoded.body());
    if (t instanceof RequestTranslation.PassThrough) {
      next.forward(request, decoded, response);
    } else if (t instanceof RequestTranslation.Translated tr) {
      forward(tr, decoded, request, response, next);
    } else {
      answer((RequestTranslation.LocalResponse) t, decoded, request, response);
    }
  }

  /** {@code tr}'s request to the filters and the broker; its response, if the client waits for one, translated back. */
  private void forward(RequestTranslation.Translated tr, DecodedRequest<Object> decoded, RawRequest request,
      RawResponse response, Next next) {
    short key = tr.clientHeader().requestApiKey();
    short version = tr.clientHeader().requestApiVersion();
    short upstreamVersion = tr.upstreamHeader().requestApiVersion();
    if (upstreamVersion != version || !tr.notes().isEmpty()) {
      shared.counters().translated(shared.names().name(key) + " v" + version + " -> v" + upstreamVersion);
      logTranslation(key, version, upstreamVersion, tr.clientHeader().correlationId(), "request translated",
          tr.notes());
    }
    RawResponse place = tr.expectsResponse() ? new Back(tr, request, response, next) : response;
    if (upstreamVersion == version && decoded != null && tr.upstreamRequest() == decoded.body()) {
      next.forward(request, decoded, place); // only its response changes (ApiVersions): the request goes as it came
      return;
    }
    ApiMessageCodec<Object> codec = requestCodec(key);
    byte[] frame = Frames.encodeRequest(tr.upstreamHeader(), codec, tr.upstreamRequest());
    RawRequest upstream = new RawRequest(key, upstreamVersion, tr.upstreamHeader().correlationId(),
        request.clientId(), frame);
    next.forward(upstream, new DecodedRequest<>(tr.upstreamHeader(), tr.upstreamRequest(), codec), place);
  }

  private void answer(RequestTranslation.LocalResponse local, DecodedRequest<Object> decoded, RawRequest request,
      RawResponse response) {
    short key = request.apiKey();
    short version = request.apiVersion();
    int correlationId = request.correlationId();
    shared.counters().translated(shared.names().name(key) + " v" + version + " local");
    logTranslation(key, version, (short) -1, correlationId, "answered locally", List.of(local.reason()));
    if (decoded != null) {
      logMessage("request", key, version, correlationId, decoded.header().clientId(), decoded.body(), true,
          request.frame().length);
    }
    if (!local.expectsResponse()) {
      response.none();
      return;
    }
    logMessage("response", key, local.responseVersion(), correlationId, null, local.response(), false,
        request.frame().length);
    response.send(Frames.encodeResponse(new ResponseHeader(correlationId), responseCodec(key), local.responseVersion(),
        local.response()));
  }

  /** The place of a translated request's response: what comes back, after the filters, is translated back into it. */
  private final class Back implements FrameStage.DecodedPlace {
    private final RequestTranslation.Translated tr;
    private final RawRequest request;
    private final RawResponse client;
    private final Next next;

    Back(RequestTranslation.Translated tr, RawRequest request, RawResponse client, Next next) {
      this.tr = tr;
      this.request = request;
      this.client = client;
      this.next = next;
    }

    @Override
    public void send(byte[] frame) {
      short key = tr.clientHeader().requestApiKey();
      short upstreamVersion = tr.upstreamHeader().requestApiVersion();
      ApiMessageCodec<Object> codec = responseCodec(key);
      DecodedResponse<Object> decoded;
      short version = upstreamVersion;
      try {
        try {
          decoded = Frames.decodeResponse(frame, codec, upstreamVersion, shared.options());
        } catch (RuntimeException e) {
          if (key != ApiVersionsRequestCodec.API_KEY || upstreamVersion == 0) {
            throw new IllegalStateException("the broker's " + shared.names().name(key) + " v" + upstreamVersion
                + " response (correlation id " + tr.clientHeader().correlationId() + ") did not decode, so it cannot"
                + " be translated back: " + e, e);
          }
          // The broker's KIP-511 fallback (version 0, UNSUPPORTED_VERSION).
          decoded = Frames.decodeResponse(frame, codec, (short) 0, shared.options());
          version = 0;
        }
      } catch (RuntimeException e) {
        failed(e);
        return;
      }
      shared.counters().recoded(shared.names().response(key));
      send(decoded.header(), codec, version, decoded.body());
    }

    @Override
    public void send(ResponseHeader header, ApiMessageCodec<Object> codec, short version, Object body) {
      try {
        translateBack(header, codec, version, body);
      } catch (RuntimeException e) {
        failed(e);
      }
    }

    private void translateBack(ResponseHeader header, ApiMessageCodec<Object> codec, short version, Object body) {
      short key = tr.clientHeader().requestApiKey();
      short upstreamVersion = tr.upstreamHeader().requestApiVersion();
      // The broker's KIP-511 fallback is passed on at version 0.
      short clientVersion = version == 0 && upstreamVersion != 0 ? 0 : tr.clientHeader().requestApiVersion();
      ResponseTranslation back = tr.translateResponse(body);
      if (!back.notes().isEmpty()) {
        logTranslation(key, clientVersion, upstreamVersion, tr.clientHeader().correlationId(), "response translated",
            back.notes());
      }
      if (back.fetchAgain() != null) { // the client's place waits for that answer
        RequestTranslation.Translated again = back.fetchAgain();
        shared.counters().translated(shared.names().name(key) + " v" + clientVersion + " fetched again");
        ApiMessageCodec<Object> requestCodec = requestCodec(key);
        byte[] frame = Frames.encodeRequest(again.upstreamHeader(), requestCodec, again.upstreamRequest());
        next.forward(new RawRequest(key, again.upstreamHeader().requestApiVersion(),
            again.upstreamHeader().correlationId(), request.clientId(), frame),
            new DecodedRequest<>(again.upstreamHeader(), again.upstreamRequest(), requestCodec),
            new Back(again, request, client, next));
        return;
      }
      client.send(Frames.encodeResponse(header, codec, clientVersion, back.response()));
    }

    private void failed(RuntimeException e) {
      client.closeWithoutLog(); // the event below says why
      failures.fail("bridge: " + e.getMessage() + "; closing the connection",
          "the bridge could not translate a response");
    }

    @Override
    public void none() {
      client.none();
    }

    @Override
    public void close(String reason) {
      client.close(reason);
    }

    @Override
    public void closeWithoutLog() {
      client.closeWithoutLog();
    }
  }

  @SuppressWarnings("unchecked")
  private ApiMessageCodec<Object> requestCodec(short key) {
    return (ApiMessageCodec<Object>) shared.registry().request(key);
  }

  @SuppressWarnings("unchecked")
  private ApiMessageCodec<Object> responseCodec(short key) {
    return (ApiMessageCodec<Object>) shared.registry().response(key);
  }

  private void logMessage(String direction, short key, short version, int correlationId, String clientId, Object body,
      boolean isRequest, int frameBytes) {
    if (shared.log() != null) {
      ApiMessageCodec<Object> codec = isRequest ? requestCodec(key) : responseCodec(key);
      shared.log().message(connection, direction, codec, version, correlationId, clientId, body, frameBytes);
    }
  }

  private void logTranslation(short key, short clientVersion, short upstreamVersion, int correlationId, String what,
      List<String> notes) {
    if (shared.log() != null) {
      shared.log().translation(connection, shared.names().name(key), key, clientVersion, upstreamVersion,
          correlationId, what, notes);
    }
  }
}
