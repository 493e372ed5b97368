package io.kwire.messages.errors;

/**
 * How one API fails a whole request with an error code, as Kafka's {@code
 * AbstractRequest.getErrorResponse} shapes its answer: the code wherever the response carries the
 * request's topics, partitions, resources or groups (each one asked for), or at its top level.
 *
 * @param <Q> the request record
 * @param <R> the response record
 */
@FunctionalInterface
interface ErrorShape<Q, R> {
  R answer(Q request, short version, short errorCode);
}
