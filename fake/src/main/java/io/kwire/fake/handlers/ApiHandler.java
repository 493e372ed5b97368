package io.kwire.fake.handlers;

import java.util.concurrent.CompletionStage;

/**
 * One API's broker logic: turns a request into its response, at once (a completed stage) or later
 * (a long-polling fetch, a join waiting for the group). Called on the cluster thread only.
 */
@FunctionalInterface
public interface ApiHandler<Q, R> {
  CompletionStage<R> handle(Q request, RequestContext context);
}
