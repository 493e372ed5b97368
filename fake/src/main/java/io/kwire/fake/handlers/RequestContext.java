package io.kwire.fake.handlers;

import io.kwire.net.Connection;

/**
 * What a handler knows of the request besides its body.
 *
 * @param brokerId the broker the client sent it to
 * @param apiVersion the version the request was sent at
 * @param clientId the client's id from the request header (may be null)
 * @param clientHost the address the client connected from, as Kafka shows it ({@code /127.0.0.1})
 * @param connection the connection it came on (null where a test calls a handler directly): a
 *     handler that parks a request lets it go when the connection closes
 */
public record RequestContext(int brokerId, short apiVersion, String clientId, String clientHost,
    Connection connection) {
  /** A request from no connection (a handler called directly). */
  public RequestContext(int brokerId, short apiVersion, String clientId, String clientHost) {
    this(brokerId, apiVersion, clientId, clientHost, null);
  }
}
