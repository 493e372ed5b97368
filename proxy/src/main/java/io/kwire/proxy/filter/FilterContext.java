package io.kwire.proxy.filter;

import java.net.InetSocketAddress;
import java.util.concurrent.CompletionStage;

/** What a filter knows of the request at hand and its connection, and how it talks to the broker itself. */
public interface FilterContext {
  /** The request's API version (the response's too). */
  short apiVersion();

  /** The request header's correlation id, as the client sent it. */
  int correlationId();

  /** The request header's client id; null when the client sent none. */
  String clientId();

  /** The authenticated principal's name of the client connection ({@code "ANONYMOUS"} without SASL or TLS client auth). */
  String principal();

  /** The client's address. */
  InetSocketAddress clientAddress();

  /**
   * Sends a request of the filter's own to the broker over this connection's upstream, at
   * {@code version}, and completes with its response (the filters do not see either). It fails as a
   * forwarded request does: after the proxy's request timeout, or when the upstream connection fails.
   *
   * @throws IllegalArgumentException if kwire has no codec for the request's class or {@code responseType}
   */
  <R> CompletionStage<R> sendRequest(Object request, Class<R> responseType, short version);
}
