package io.kwire.net;

import io.kwire.runtime.RequestHeader;

/** What a handler knows of a request besides its body: its header and the connection it came on. */
public interface RequestContext {
  /** The request header: api key and version, correlation id, client id. */
  RequestHeader header();

  /** The version the request was sent at, which its response is written at. */
  default short apiVersion() {
    return header().requestApiVersion();
  }

  /**
   * The connection the request came on; its {@link Connection#whenClosed()} tells a handler that
   * parked the request that the client has gone.
   */
  Connection connection();

  /**
   * Whether the client waits for a response: false for a Produce request with {@code acks=0}, or
   * once the handler called {@link #noResponse()}. A request without a response still keeps its
   * place in the connection's order; a handler that fails on it closes the connection, as Kafka does.
   */
  boolean expectsResponse();

  /** Sends nothing back for this request, whatever the handler returns. */
  void noResponse();
}
