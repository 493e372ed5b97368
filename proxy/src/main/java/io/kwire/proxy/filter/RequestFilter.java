package io.kwire.proxy.filter;

import java.util.concurrent.CompletionStage;

/**
 * Reads one request and decides its fate: {@link RequestResult#forward forwarded} (as it came or
 * changed), {@link RequestResult#respond answered} by the proxy, or {@link RequestResult#refuse
 * refused} with an error. A synchronous filter returns a completed stage (the factories of
 * {@link RequestResult} make one); an asynchronous one, for example after
 * {@link FilterContext#sendRequest its own request upstream}, completes it later. The connection's
 * requests still reach the broker, and its responses the client, in the order the client sent them.
 *
 * @param <Q> the request's record class
 */
@FunctionalInterface
public interface RequestFilter<Q> {
  CompletionStage<RequestResult<Q>> onRequest(Q request, FilterContext context);
}
