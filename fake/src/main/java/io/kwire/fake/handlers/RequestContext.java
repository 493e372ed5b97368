package io.kwire.fake.handlers;

import io.kwire.net.Connection;

/**
 * What a handler knows of the request besides its body.
 *
 * @param brokerId the broker the client sent it to
 * @param apiVersion the version the request was sent at
 * @param clientId the client's id from the request header (may be null)
 * @param clientHost the address the client connected from, as Kafka shows it ({@code /127.0.0.1})
 * @param principal who the connection authenticated as, as Kafka writes it ({@code User:alice};
 *     {@code User:ANONYMOUS} without authentication)
 * @param connection the connection it came on (null where a test calls a handler directly): a
 *     handler that parks a request lets it go when the connection closes
 */
public record RequestContext(int brokerId, short apiVersion, String clientId, String clientHost, String principal,
    Connection connection) {
  /** Kafka's principal of an unauthenticated connection. */
  public static final String ANONYMOUS = "User:ANONYMOUS";

  /** An unauthenticated client's request from no connection (a handler called directly). */
  public RequestContext(int brokerId, short apiVersion, String clientId, String clientHost) {
    this(brokerId, apiVersion, clientId, clientHost, ANONYMOUS, null);
  }

  /** A request of {@code principal} from no connection (a handler called directly). */
  public RequestContext(int brokerId, short apiVersion, String clientId, String clientHost, String principal) {
    this(brokerId, apiVersion, clientId, clientHost, principal, null);
  }

  /** Whether the connection logged in with a delegation token (Kafka then refuses token requests). */
  public boolean tokenAuthenticated() {
    return connection != null && connection.principal().tokenAuthenticated();
  }

  /** The client's address without Kafka's leading slash, as ACL hosts name it. */
  public String host() {
    return clientHost.startsWith("/") ? clientHost.substring(1) : clientHost;
  }
}
