package io.kwire.fake.handlers;

import java.util.concurrent.CompletionStage;

/**
 * An API's authorization in front of its handler: refuses the request (Kafka's error response),
 * hands on the part the principal may do and adds the refusals of the rest, or fills in
 * authorized operations. Called on the cluster thread with the connection's principal.
 */
@FunctionalInterface
interface Gate<Q, R> {
  CompletionStage<R> handle(Q request, RequestContext context, Access access, ApiHandler<Q, R> next);
}
