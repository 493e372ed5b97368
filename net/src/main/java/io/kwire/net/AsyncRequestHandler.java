package io.kwire.net;

import java.util.concurrent.CompletionStage;

/**
 * Answers one API's requests with a stage that completes later, on any thread. Responses still go
 * out in request order. A stage that fails, or does not complete within the server's handler
 * timeout, is answered as a {@link RequestHandler} that throws.
 *
 * <p>If the connection closes before the stage completes (the client went away), nobody reads the
 * answer: the stage is cancelled when it is a {@link java.util.concurrent.Future} (a
 * {@code CompletableFuture} completes with a {@code CancellationException}), and
 * {@code context.connection().whenClosed()} completes, so that a handler that parked the request
 * (a long poll) can release it there.
 *
 * @param <Q> the request record
 * @param <R> the response record
 */
@FunctionalInterface
public interface AsyncRequestHandler<Q, R> {
  CompletionStage<R> handle(Q request, RequestContext context);
}
