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
 */
public record KafkaPrincipal(String type, String name) {
  /** Kafka's principal of an unauthenticated connection, {@code User:ANONYMOUS}. */
  public static final KafkaPrincipal ANONYMOUS = new KafkaPrincipal("User", "ANONYMOUS");

  public KafkaPrincipal {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(name, "name");
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
