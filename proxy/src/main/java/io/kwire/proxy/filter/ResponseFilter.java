package io.kwire.proxy.filter;

import java.util.concurrent.CompletionStage;

/**
 * Reads one response on its way to the client and returns the one to send on: itself, or a changed
 * copy (the generated builders' copy constructors make one: {@code new MetadataResponseBuilder(r)}).
 * A synchronous filter returns {@link java.util.concurrent.CompletableFuture#completedStage}.
 *
 * @param <R> the response's record class
 */
@FunctionalInterface
public interface ResponseFilter<R> {
  /** {@code context} is the request's: its version is the response's. */
  CompletionStage<R> onResponse(R response, FilterContext context);
}
