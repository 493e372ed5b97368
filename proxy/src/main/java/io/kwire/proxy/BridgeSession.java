package io.kwire.proxy;

import io.kwire.bridge.BridgeTranslator;
import io.kwire.bridge.RequestTranslation;
import io.kwire.bridge.ResponseTranslation;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Bridge mode for one client connection (docs/bridge.md): before the client is read, the broker's
 * ApiVersions is asked once on the upstream connection and a {@link BridgeTranslator} built from
 * it; then each request is forwarded as the plain proxy does ({@link Recoder}), sent upstream
 * translated to a version the broker accepts, or answered by the bridge itself. Responses leave in
 * request order: an answer of the bridge waits behind the upstream responses still outstanding.
 * Used from the connection's event loop only.
 */
final class BridgeSession {
  /** The proxy's own ApiVersions request goes before any of the client's, so its id cannot clash. */
  private static final int HANDSHAKE_CORRELATION_ID = -1;

  /** A response the client is owed, in request order; {@code frame} is null until it is ready. */
  private static final class Slot {
    final int correlationId;
    byte[] frame;

    Slot(int correlationId, byte[] frame) {
      this.correlationId = correlationId;
      this.frame = frame;
    }
  }

  private final Recoder recoder;
  private final Recoder.Shared shared;
  private final String connection;
  private final Map<Integer, RequestTranslation.Translated> translated = new HashMap<>();
  private final ArrayDeque<Slot> order = new ArrayDeque<>();
  private BridgeTranslator translator;

  BridgeSession(Recoder recoder, Recoder.Shared shared, String connection) {
    this.recoder = recoder;
    this.shared = shared;
    this.connection = connection;
  }

  /** The proxy's ApiVersions request, version 0: every broker answers it. */
  static byte[] brokerApiVersionsRequest() {
    return Frames.encodeRequest(new RequestHeader(ApiVersionsRequestCodec.API_KEY, (short) 0, HANDSHAKE_CORRELATION_ID, "kwire-bridge"),
        ApiVersionsRequestCodec.INSTANCE, new ApiVersionsRequestBuilder().build());
  }

  /** Responses the client is owed, ready or not: one more after {@link #request} means it expects one. */
  int owed() {
    return order.size();
  }

  /** Whether the broker's ApiVersions answer has arrived (the client is read only after it). */
  boolean started() {
    return translator != null;
  }

  /**
   * Builds the translator from the broker's answer to {@link #brokerApiVersionsRequest()}.
   *
   * @throws RuntimeException if the frame is not that answer (the connection is then closed)
   */
  void start(byte[] frame) {
    DecodedResponse<ApiVersionsResponse> answer =
        Frames.decodeResponse(frame, ApiVersionsResponseCodec.INSTANCE, (short) 0, shared.options());
    if (answer.header().correlationId() != HANDSHAKE_CORRELATION_ID || answer.body().errorCode() != 0) {
      throw new IllegalStateException("the broker's answer to the bridge's ApiVersions request is not usable"
          + " (correlation id " + answer.header().correlationId() + ", error " + answer.body().errorCode() + ")");
    }
    translator = new BridgeTranslator(answer.body());
  }

  /**
   * The bytes to send upstream for the request frame {@code frame}, or null when nothing goes
   * upstream; responses now ready for the client (in order) are added to {@code toClient}.
   */
  byte[] request(byte[] frame, List<byte[]> toClient) {
    RawRequestFrame peeked;
    try {
      peeked = Frames.peekRequest(frame, shared.options());
    } catch (RuntimeException e) {
      return recoder.request(frame); // no header: passed raw, and the broker closes the connection
    }
    short key = peeked.apiKey();
    short version = peeked.apiVersion();
    int correlationId = peeked.correlationId();
    // Decoded once: a request passed on goes to the plain proxy decoded (it says why when it did not decode).
    DecodedRequest<?> decoded = recoder.decode(frame, peeked);
    if (decoded == null && key != ApiVersionsRequestCodec.API_KEY) {
      return passThrough(frame, peeked, null, true);
    }
    RequestHeader header = decoded != null ? decoded.header() : new RequestHeader(key, version, correlationId, null);
    RequestTranslation t = translator.translateRequest(header, decoded == null ? null : decoded.body());
    if (t instanceof RequestTranslation.PassThrough p) {
      return passThrough(frame, peeked, decoded, p.expectsResponse());
    }
    if (decoded != null) {
      logMessage("request", header.requestApiKey(), version, correlationId, header.clientId(), decoded.body(), true,
          frame.length);
    }
    if (t instanceof RequestTranslation.Translated tr) {
      short upstreamVersion = tr.upstreamHeader().requestApiVersion();
      if (upstreamVersion != version || !tr.notes().isEmpty()) {
        shared.counters().translated(shared.names().name(key) + " v" + version + " -> v" + upstreamVersion);
        logTranslation(key, version, upstreamVersion, correlationId, "request translated", tr.notes());
      }
      byte[] out = Frames.encodeRequest(tr.upstreamHeader(), request(key), tr.upstreamRequest());
      // decoded and re-encoded as the plain proxy's frames are, so counted with them
      shared.counters().recoded(shared.names().request(key));
      if (tr.expectsResponse()) {
        translated.put(correlationId, tr);
        order.add(new Slot(correlationId, null));
      }
      return out;
    }
    RequestTranslation.LocalResponse local = (RequestTranslation.LocalResponse) t;
    shared.counters().translated(shared.names().name(key) + " v" + version + " local");
    logTranslation(key, version, (short) -1, correlationId, "answered locally", List.of(local.reason()));
    if (local.expectsResponse()) {
      ApiMessageCodec<Object> responseCodec = response(key);
      logMessage("response", key, local.responseVersion(), correlationId, null, local.response(), false,
          frame.length);
      order.add(new Slot(correlationId, Frames.encodeResponse(new ResponseHeader(correlationId), responseCodec,
          local.responseVersion(), local.response())));
      drain(toClient);
    }
    return null;
  }

  private byte[] passThrough(byte[] frame, RawRequestFrame peeked, DecodedRequest<?> decoded, boolean expectsResponse) {
    byte[] out = recoder.request(frame, peeked, decoded);
    if (expectsResponse) {
      order.add(new Slot(peeked.correlationId(), null));
    }
    return out;
  }

  /**
   * Adds to {@code toClient} the responses now ready, in request order, after the response frame
   * {@code frame}, and to {@code toUpstream} a request to send when the bridge fetches again for an
   * old consumer whose whole answer was filtered out (see {@link ResponseTranslation#fetchAgain()}).
   */
  void response(byte[] frame, List<byte[]> toClient, List<byte[]> toUpstream) {
    int correlationId;
    try {
      correlationId = Frames.peekResponse(frame, shared.options()).correlationId();
    } catch (RuntimeException e) {
      toClient.add(recoder.response(frame)); // passed raw, as the plain proxy does
      return;
    }
    RequestTranslation.Translated tr = translated.remove(correlationId);
    byte[] out = tr == null ? recoder.response(frame) : translateBack(tr, frame, toUpstream);
    if (out == null) {
      return; // fetching again: the client's slot waits for that answer
    }
    for (Slot slot : order) {
      if (slot.frame == null && slot.correlationId == correlationId) {
        slot.frame = out;
        drain(toClient);
        return;
      }
    }
    toClient.add(out); // answers no request: passed on as the plain proxy does
  }

  /** The response for the client, or null when the translation asked for another upstream fetch first. */
  private byte[] translateBack(RequestTranslation.Translated tr, byte[] frame, List<byte[]> toUpstream) {
    short key = tr.clientHeader().requestApiKey();
    short clientVersion = tr.clientHeader().requestApiVersion();
    short upstreamVersion = tr.upstreamHeader().requestApiVersion();
    ApiMessageCodec<Object> codec = response(key);
    DecodedResponse<Object> decoded;
    try {
      decoded = Frames.decodeResponse(frame, codec, upstreamVersion, shared.options());
    } catch (RuntimeException e) {
      if (key != ApiVersionsRequestCodec.API_KEY || upstreamVersion == 0) {
        throw new IllegalStateException("the broker's " + shared.names().name(key) + " v" + upstreamVersion + " response (correlation"
            + " id " + tr.clientHeader().correlationId() + ") did not decode, so it cannot be translated back: " + e, e);
      }
      // The broker's KIP-511 fallback (version 0, UNSUPPORTED_VERSION): passed on at version 0.
      decoded = Frames.decodeResponse(frame, codec, (short) 0, shared.options());
      clientVersion = 0;
    }
    ResponseTranslation back = tr.translateResponse(decoded.body());
    if (!back.notes().isEmpty()) {
      logTranslation(key, clientVersion, upstreamVersion, tr.clientHeader().correlationId(), "response translated",
          back.notes());
    }
    if (back.fetchAgain() != null) {
      RequestTranslation.Translated again = back.fetchAgain();
      shared.counters().translated(shared.names().name(key) + " v" + clientVersion + " fetched again");
      translated.put(again.clientHeader().correlationId(), again);
      toUpstream.add(Frames.encodeRequest(again.upstreamHeader(), request(key), again.upstreamRequest()));
      return null;
    }
    Object body = shared.rewriter().rewrite(codec, back.response());
    logMessage("response", key, clientVersion, tr.clientHeader().correlationId(), null, body, false, frame.length);
    byte[] out = Frames.encodeResponse(decoded.header(), codec, clientVersion, body);
    shared.counters().recoded(shared.names().response(key));
    return out;
  }

  private void drain(List<byte[]> toClient) {
    while (!order.isEmpty() && order.peek().frame != null) {
      toClient.add(order.poll().frame);
    }
  }

  @SuppressWarnings("unchecked")
  private ApiMessageCodec<Object> request(short key) {
    return (ApiMessageCodec<Object>) shared.registry().request(key);
  }

  @SuppressWarnings("unchecked")
  private ApiMessageCodec<Object> response(short key) {
    return (ApiMessageCodec<Object>) shared.registry().response(key);
  }

  private void logMessage(String direction, short key, short version, int correlationId, String clientId, Object body,
      boolean isRequest, int frameBytes) {
    if (shared.log() != null) {
      ApiMessageCodec<Object> codec = isRequest ? request(key) : response(key);
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
