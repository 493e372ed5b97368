package io.kwire.fake;

import io.kwire.fake.handlers.FakeApi;
import io.kwire.messages.ApiVersionsRequest;
import java.util.HashMap;
import java.util.Map;

/**
 * The error response a broker gives a request it refuses as a whole ({@link ControlAction#fail}),
 * shaped per API as Kafka's {@code getErrorResponse} shapes it: one table entry per API the fake
 * serves ({@link TopicErrorAnswers}, {@link AdminErrorAnswers}, {@link GroupErrorAnswers}, {@link
 * OffsetErrorAnswers}, {@link TxnErrorAnswers}; ApiVersions, whose answer names the versions
 * served, here). Where Kafka fills an error message with its own description of the code, the fake
 * leaves it null. An API without an entry (none the fake serves) is refused, naming the API.
 */
final class ErrorAnswers {
  private static final Map<Class<?>, ErrorShape<?, ?>> SHAPES = new HashMap<>();

  static {
    TopicErrorAnswers.register(ErrorAnswers::put);
    AdminErrorAnswers.register(ErrorAnswers::put);
    GroupErrorAnswers.register(ErrorAnswers::put);
    OffsetErrorAnswers.register(ErrorAnswers::put);
    TxnErrorAnswers.register(ErrorAnswers::put);
  }

  private ErrorAnswers() {}

  /** Where the groups of APIs add theirs. */
  interface Registry {
    <Q, R> void add(Class<Q> request, ErrorShape<Q, R> shape);
  }

  private static <Q, R> void put(Class<Q> request, ErrorShape<Q, R> shape) {
    if (SHAPES.put(request, shape) != null) {
      throw new IllegalStateException("two error shapes for " + request.getSimpleName());
    }
  }

  static <Q, R> R of(FakeApi<Q, R> api, Q request, short version, short errorCode) {
    Class<R> type = api.responseCodec().messageType();
    if (request instanceof ApiVersionsRequest) { // its shape needs the versions served
      return type.cast(AdminErrorAnswers.apiVersions(api.versions(), errorCode));
    }
    @SuppressWarnings("unchecked")
    ErrorShape<Q, ?> shape = (ErrorShape<Q, ?>) SHAPES.get(api.requestCodec().messageType());
    if (shape == null) {
      throw new IllegalStateException(api.requestCodec().descriptor().name() + " v" + version
          + " has no error response to fail it with; answer it with ControlAction.respond instead");
    }
    return type.cast(shape.answer(request, version, errorCode));
  }
}
