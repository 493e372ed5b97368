package io.kwire.proxy;

import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.proxy.filter.Filter;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.wire.DecodeOptions;
import java.util.List;

/**
 * The codecs of one client connection: which API versions kwire decodes ({@link #codecs}), and a
 * request's and a response's decoding, counted and said when it fails (for the {@link Forwarder}
 * and the {@link FrameStage}). Used from the connection's event loop only.
 */
final class Recoder {
  private final Shared shared;
  private final String connection;

  /**
   * What every connection of one proxy uses; {@code filters} are the proxy's own and the user's, in
   * order; {@code stage} makes each connection's {@link FrameStage} (the bridge's), or is null;
   * {@code cutThrough} whether responses no filter reads are forwarded as they arrive ({@link #CUT_THROUGH}).
   */
  record Shared(KwireRegistry registry, ApiNames names, DecodeOptions options, Counters counters,
      MessageLog log, ProxyConfig config, List<Filter> filters, FrameStage.Factory stage, ProxyMetrics metrics,
      ProxyMetrics.FilterOutcomes outcomes, AddressLimit perAddress, boolean cutThrough) {}

  /**
   * The system property that, set to {@code false} when a proxy starts, makes it read every response
   * whole before forwarding it (store and forward, as before cut-through): for measuring the
   * difference side by side ({@code bench/}), not an option of the proxy.
   */
  static final String CUT_THROUGH = "kwire.proxy.cutThrough";

  Recoder(Shared shared, String connection) {
    this.shared = shared;
    this.connection = connection;
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

  private void event(String text) {
    shared.config().events().accept("kwire proxy: " + connection + ": " + text);
  }
}
