package io.kwire.proxy;

import io.kwire.messages.errors.ErrorResponses;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.TopLevelErrors;
import java.util.Optional;

/**
 * The response frame a broker sends for a request it refuses with an error: shaped as Kafka's
 * {@code getErrorResponse} shapes it ({@link ErrorResponses}: the code in every topic, partition,
 * resource or group the request names), else (an API it has no shape for, a user's API) in the
 * response's top-level error code ({@link TopLevelErrors}, as kwire-net answers a failed handler).
 * An API with neither gets none.
 */
final class Refusals {
  private Refusals() {}

  /** The whole frame refusing {@code request} with {@code errorCode}, or null when this API's response carries no error to put it in. */
  static byte[] frame(Object request, ApiMessageCodec<?> responseCodec, short version, int correlationId,
      short errorCode) {
    Optional<Object> shaped = ErrorResponses.of(request, version, errorCode);
    if (shaped.isPresent()) {
      return encode(responseCodec, version, correlationId, shaped.get());
    }
    return TopLevelErrors.frame(responseCodec, version, correlationId, errorCode);
  }

  private static <R> byte[] encode(ApiMessageCodec<R> codec, short version, int correlationId, Object response) {
    return Frames.encodeResponse(new ResponseHeader(correlationId), codec, version,
        codec.messageType().cast(response));
  }
}
