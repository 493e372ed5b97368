package io.kwire.messages.errors;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.runtime.meta.VersionRange;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The response a Kafka broker gives a request it refuses as a whole with one error code, shaped per
 * API as Kafka's {@code AbstractRequest.getErrorResponse} shapes it: the code in every topic,
 * partition, resource or group the request names, or at the response's top level, with Kafka's
 * defaults elsewhere (an offset of -1, a producer epoch of -1, the request's fetch session id...).
 * Where Kafka writes its own description of the code into an error message, this leaves it null.
 * kwire-fake's {@code fail(errorCode)} and the proxy's refusing filters answer with it.
 */
public final class ErrorResponses {
  private static final Map<Class<?>, ErrorShape<?, ?>> SHAPES = new HashMap<>();

  static {
    TopicErrorResponses.register(ErrorResponses::put);
    AdminErrorResponses.register(ErrorResponses::put);
    GroupErrorResponses.register(ErrorResponses::put);
    OffsetErrorResponses.register(ErrorResponses::put);
    TxnErrorResponses.register(ErrorResponses::put);
    ClusterAdminErrorResponses.register(ErrorResponses::put);
    ShareErrorResponses.register(ErrorResponses::put);
    StreamsErrorResponses.register(ErrorResponses::put);
    SecurityErrorResponses.register(ErrorResponses::put);
    TokenErrorResponses.register(ErrorResponses::put);
  }

  private ErrorResponses() {}

  /** Where the groups of APIs add theirs. */
  interface Registry {
    <Q, R> void add(Class<Q> request, ErrorShape<Q, R> shape);
  }

  private static <Q, R> void put(Class<Q> request, ErrorShape<Q, R> shape) {
    if (SHAPES.put(request, shape) != null) {
      throw new IllegalStateException("two error shapes for " + request.getSimpleName());
    }
  }

  /**
   * The response record refusing {@code request} (a request record of kwire-messages) at
   * {@code version} with {@code errorCode}, or empty for a request of an API this has no shape for.
   * ApiVersions is answered as a broker serving kwire's ApiVersions versions ({@link #apiVersions}).
   */
  public static Optional<Object> of(Object request, short version, short errorCode) {
    if (request instanceof ApiVersionsRequest) {
      return Optional.of(apiVersions(ApiVersionsRequestCodec.INSTANCE.descriptor().validVersions(), errorCode));
    }
    @SuppressWarnings("unchecked")
    ErrorShape<Object, ?> shape = (ErrorShape<Object, ?>) SHAPES.get(request.getClass());
    return shape == null ? Optional.empty() : Optional.of(shape.answer(request, version, errorCode));
  }

  /**
   * The ApiVersions response with {@code errorCode}; with UNSUPPORTED_VERSION it also names the
   * versions of ApiVersions the broker serves, {@code served} (KIP-511), as a broker's does.
   */
  public static Object apiVersions(VersionRange served, short errorCode) {
    return AdminErrorResponses.apiVersions(served, errorCode);
  }
}
