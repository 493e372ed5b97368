package io.kwire.fake;

import io.kwire.fake.handlers.FakeApi;
import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.errors.ErrorResponses;

/**
 * The error response a broker gives a request it refuses as a whole ({@link ControlAction#fail}):
 * kwire-messages' {@link ErrorResponses}, shaped per API as Kafka's {@code getErrorResponse}
 * shapes it; ApiVersions names the versions this fake serves. An API without a shape (none the
 * fake serves) is refused, naming the API.
 */
final class ErrorAnswers {
  private ErrorAnswers() {}

  static <Q, R> R of(FakeApi<Q, R> api, Q request, short version, short errorCode) {
    Class<R> type = api.responseCodec().messageType();
    if (request instanceof ApiVersionsRequest) { // its shape needs the versions served
      return type.cast(ErrorResponses.apiVersions(api.versions(), errorCode));
    }
    return type.cast(ErrorResponses.of(request, version, errorCode).orElseThrow(() -> new IllegalStateException(
        api.requestCodec().descriptor().name() + " v" + version
            + " has no error response to fail it with; answer it with ControlAction.respond instead")));
  }
}
