package io.kwire.net;

import java.util.concurrent.CompletionStage;

/**
 * Answers one API's requests with a stage that completes later, on any thread. Responses still go
 * out in request order. A stage that fails, or does not complete within the server's handler
 * timeout, is answered as a {@link RequestHandler} that throws.
 *
 * @param <Q> the request record
 * @param <R> the response record
 */
@FunctionalInterface
public interface AsyncRequestHandler<Q, R> {
  CompletionStage<R> handle(Q request, RequestContext context);
}
