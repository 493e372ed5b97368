package io.kwire.net;

import java.security.Principal;
import java.util.Objects;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.security.auth.x500.X500Principal;

/**
 * Who a connection speaks for, as Kafka names it: a type ({@code User}) and a name. A connection is
 * {@link #ANONYMOUS} until an authenticator says otherwise.
 *
 * @param type the principal type, {@code User} for SASL and TLS users
 * @param name the name within that type
 * @param tokenAuthenticated true when the connection logged in with a delegation token of this
 *     principal (SCRAM with {@code tokenauth=true}); as in Kafka, equality ignores it, and a broker
 *     refuses token requests of such a connection (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED)
 */
public record KafkaPrincipal(String type, String name, boolean tokenAuthenticated) {
  /** Kafka's principal of an unauthenticated connection, {@code User:ANONYMOUS}. */
  public static final KafkaPrincipal ANONYMOUS = new KafkaPrincipal("User", "ANONYMOUS");

  public KafkaPrincipal {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(name, "name");
  }

  /** A principal that did not log in with a delegation token. */
  public KafkaPrincipal(String type, String name) {
    this(type, name, false);
  }

  /** The same principal, marked as logged in with one of its delegation tokens. */
  public KafkaPrincipal asTokenAuthenticated() {
    return new KafkaPrincipal(type, name, true);
  }

  /** Type and name only: a token login is the same principal (as Kafka's KafkaPrincipal.equals). */
  @Override
  public boolean equals(Object o) {
    return o instanceof KafkaPrincipal other && type.equals(other.type) && name.equals(other.name);
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, name);
  }

  /** A {@code User} principal. */
  public static KafkaPrincipal user(String name) {
    return new KafkaPrincipal("User", name);
  }

  /**
   * A TLS peer's principal as Kafka's default principal builder (default {@code
   * ssl.principal.mapping.rules}) makes it: {@code User:} + the certificate's subject DN in RFC 2253
   * form, e.g. {@code User:CN=client,OU=kwire}; {@link #ANONYMOUS} without a peer certificate.
   */
  public static KafkaPrincipal ofTlsPeer(SSLSession session) {
    Principal peer;
    try {
      peer = session.getPeerPrincipal();
    } catch (SSLPeerUnverifiedException e) {
      return ANONYMOUS;
    }
    return user(peer instanceof X500Principal x500 ? x500.getName(X500Principal.RFC2253) : peer.getName());
  }

  @Override
  public String toString() {
    return type + ":" + name;
  }
}
