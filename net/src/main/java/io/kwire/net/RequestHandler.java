package io.kwire.net;

/**
 * Answers one API's requests on the connection's event loop: it must not block (use an
 * {@link AsyncRequestHandler} for work that waits). Throwing is answered as Kafka answers a failed
 * request: the API's error response with UNKNOWN_SERVER_ERROR where one can be built, else a close.
 *
 * @param <Q> the request record
 * @param <R> the response record
 */
@FunctionalInterface
public interface RequestHandler<Q, R> {
  R handle(Q request, RequestContext context) throws Exception;
}
