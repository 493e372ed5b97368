package io.kwire.proxy;

import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ProduceRequest;
import io.kwire.proxy.filter.Filter;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.wire.DecodeOptions;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The codecs of one client connection: which API versions kwire decodes ({@link #codecs}), a
 * request's and a response's decoding (counted and said when it fails, for the {@link Forwarder}),
 * and bridge mode's path, where each frame is decoded with kwire and re-encoded, logged and checked
 * here, and the re-encoded bytes go on (bridge mode runs no filters, so the log and the check are
 * not the {@link LogFilter} and {@link CheckFilter} there); a frame kwire cannot decode goes on as it came. A request's api key
 * and version are remembered by correlation id, because a response names neither and its header
 * version depends on them. Used from the connection's event loop only, so nothing here is shared.
 */
final class Recoder {
  /** A request waiting for its response; {@code codec} is null when the response passes raw. */
  private record Pending(short apiKey, short version, ApiMessageCodec<?> codec) {}


  private final Shared shared;
  private final String connection;
  private final Map<Integer, Pending> inFlight = new HashMap<>();

  /**
   * What every connection of one proxy uses; {@code filters} are the proxy's own and the user's, in
   * order (the bridge uses {@code rewriter} instead).
   */
  record Shared(KwireRegistry registry, ApiNames names, DecodeOptions options, Counters counters,
      ResponseRewriter rewriter, MessageLog log, ProxyConfig config, List<Filter> filters) {}

  Recoder(Shared shared, String connection) {
    this.shared = shared;
    this.connection = connection;
  }

  /** The bytes to send upstream for the request frame {@code frame} (size prefix included). */
  byte[] request(byte[] frame) {
    RawRequestFrame peeked;
    try {
      peeked = Frames.peekRequest(frame, shared.options());
    } catch (RuntimeException e) {
      // Too short to carry a request header: the broker will close the connection; not ours to judge.
      shared.counters().raw("request unreadable");
      event("request frame of " + frame.length + " bytes has no readable header, passed raw: " + e.getMessage());
      return frame;
    }
    return request(frame, peeked, decode(frame, peeked));
  }

  /**
   * The request frame decoded, or null when kwire has no codec for its API and version or it did
   * not decode (counted, and said why).
   */
  DecodedRequest<?> decode(byte[] frame, RawRequestFrame peeked) {
    ApiMessageCodec<?> requestCodec = codecs(peeked.apiKey(), peeked.apiVersion());
    if (requestCodec == null) {
      return null;
    }
    try {
      return Frames.decodeRequest(frame, requestCodec, shared.options());
    } catch (RuntimeException e) {
      shared.counters().decodeFailures.increment();
      event("request " + requestCodec.descriptor().name() + " v" + peeked.apiVersion() + " correlation id "
          + peeked.correlationId() + " did not decode, passed raw: " + e.getMessage());
      return null;
    }
  }

  /** The request codec of the API and version when kwire has both its request and response codecs, else null. */
  ApiMessageCodec<?> codecs(short apiKey, short version) {
    ApiMessageCodec<?> requestCodec = shared.registry().findRequest(apiKey).orElse(null);
    ApiMessageCodec<?> responseCodec = shared.registry().findResponse(apiKey).orElse(null);
    if (requestCodec == null || responseCodec == null || !requestCodec.descriptor().validVersions().contains(version)
        || !responseCodec.descriptor().validVersions().contains(version)) {
      return null;
    }
    return requestCodec;
  }

  /**
   * {@link #request(byte[])} for a frame already peeked and {@link #decode decoded} ({@code decoded}
   * null: passed raw), so that the bridge decodes a frame it passes on only once.
   */
  byte[] request(byte[] frame, RawRequestFrame peeked, DecodedRequest<?> decoded) {
    short apiKey = peeked.apiKey();
    short version = peeked.apiVersion();
    if (codecs(apiKey, version) == null) {
      shared.counters().raw(shared.names().request(apiKey));
      inFlight.put(peeked.correlationId(), new Pending(apiKey, version, null));
      return frame;
    }
    ApiMessageCodec<?> responseCodec = shared.registry().response(apiKey);
    if (decoded == null) {
      inFlight.put(peeked.correlationId(), new Pending(apiKey, version, responseCodec));
      return frame; // did not decode: said so in decode
    }
    byte[] out = recode(decoded, frame);
    if (expectsResponse(decoded.body())) {
      inFlight.put(peeked.correlationId(), new Pending(apiKey, version, responseCodec));
    }
    return out;
  }

  private <T> byte[] recode(DecodedRequest<T> decoded, byte[] original) {
    ApiMessageCodec<T> codec = decoded.codec();
    short version = decoded.header().requestApiVersion();
    byte[] out = Frames.encodeRequest(decoded.header(), codec, decoded.body());
    shared.counters().recoded(shared.names().request(codec.apiKey()));
    compare("request", codec, version, decoded.header().correlationId(), original, out);
    if (shared.log() != null) {
      shared.log().message(connection, "request", codec, version, decoded.header().correlationId(),
          decoded.header().clientId(), decoded.body(), original.length);
    }
    return out;
  }

  /** Produce with acks 0 is the one request the broker never answers. */
  private static boolean expectsResponse(Object body) {
    return !(body instanceof ProduceRequest p && p.acks() == 0);
  }

  /** The bytes to send to the client for the response frame {@code frame}. */
  byte[] response(byte[] frame) {
    int correlationId;
    try {
      correlationId = Frames.peekResponse(frame, shared.options()).correlationId();
    } catch (RuntimeException e) {
      shared.counters().raw("response unreadable");
      event("response frame of " + frame.length + " bytes has no readable header, passed raw: " + e.getMessage());
      return frame;
    }
    Pending pending = inFlight.remove(correlationId);
    if (pending == null) {
      shared.counters().raw("response unmatched");
      event("response with correlation id " + correlationId + " matches no request, passed raw");
      return frame;
    }
    if (pending.codec() == null) {
      shared.counters().raw(shared.names().response(pending.apiKey()));
      return frame;
    }
    try {
      return recode(pending.codec(), pending.version(), correlationId, frame);
    } catch (RuntimeException e) {
      if (pending.apiKey() == ApiVersionsRequestCodec.API_KEY && pending.version() > 0) {
        // A broker asked at an ApiVersions version it lacks answers at v0 (with UNSUPPORTED_VERSION).
        try {
          return recode(pending.codec(), (short) 0, correlationId, frame);
        } catch (RuntimeException ignored) {
          // Not the v0 fallback either: report the first failure.
        }
      }
      shared.counters().decodeFailures.increment();
      event("response " + pending.codec().descriptor().name() + " v" + pending.version() + " correlation id "
          + correlationId + " did not decode, passed raw: " + e.getMessage());
      return frame;
    }
  }

  /** Decoded once, encoded once: twice only with check on and a body rewritten (the check needs the plain re-encoding). */
  private <T> byte[] recode(ApiMessageCodec<T> codec, short version, int correlationId, byte[] original) {
    DecodedResponse<T> decoded = Frames.decodeResponse(original, codec, version, shared.options());
    ResponseHeader header = decoded.header();
    T rewritten = shared.rewriter().rewrite(codec, decoded.body());
    boolean changed = rewritten != decoded.body();
    byte[] out = changed && !shared.config().check() ? null : Frames.encodeResponse(header, codec, version, decoded.body());
    shared.counters().recoded(shared.names().response(codec.apiKey()));
    if (out != null) {
      compare("response", codec, version, correlationId, original, out);
    }
    if (shared.log() != null) {
      shared.log().message(connection, "response", codec, version, correlationId, null, decoded.body(), original.length);
    }
    return changed ? Frames.encodeResponse(header, codec, version, rewritten) : out;
  }

  /** A response decoded, and the version it decoded at. */
  record ResponseAt<T>(DecodedResponse<T> decoded, short version) {}

  /** The response frame decoded (an ApiVersions at v0 when the broker fell back to it), or null when it did not (counted, said why). */
  <T> ResponseAt<T> decodeResponse(ApiMessageCodec<T> codec, short apiKey, short version, int correlationId,
      byte[] frame) {
    try {
      return new ResponseAt<>(Frames.decodeResponse(frame, codec, version, shared.options()), version);
    } catch (RuntimeException e) {
      if (apiKey == ApiVersionsRequestCodec.API_KEY && version > 0) {
        try {
          return new ResponseAt<>(Frames.decodeResponse(frame, codec, (short) 0, shared.options()), (short) 0);
        } catch (RuntimeException ignored) {
          // Not the v0 fallback either: report the first failure.
        }
      }
      shared.counters().decodeFailures.increment();
      event("response " + codec.descriptor().name() + " v" + version + " correlation id " + correlationId
          + " did not decode, passed raw: " + e.getMessage());
      return null;
    }
  }

  static Throwable cause(Throwable failure) {
    return failure instanceof java.util.concurrent.CompletionException c && c.getCause() != null ? c.getCause() : failure;
  }

  private void compare(String direction, ApiMessageCodec<?> codec, short version, int correlationId, byte[] original,
      byte[] out) {
    if (shared.config().check()) {
      CheckFilter.compare(shared.counters(), shared.config().events(), connection, direction, codec, version,
          correlationId, original, out);
    }
  }

  private void event(String text) {
    shared.config().events().accept("kwire proxy: " + connection + ": " + text);
  }
}
