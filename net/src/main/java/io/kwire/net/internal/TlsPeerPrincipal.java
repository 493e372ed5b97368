package io.kwire.net.internal;

import io.kwire.net.KafkaPrincipal;
import java.security.Principal;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.security.auth.x500.X500Principal;

/**
 * A TLS peer's principal as Kafka's default principal builder (default {@code
 * ssl.principal.mapping.rules}) makes it: {@code User:} + the certificate's subject DN in RFC 2253
 * form; ANONYMOUS without a peer certificate.
 */
public final class TlsPeerPrincipal {
  private TlsPeerPrincipal() {}

  public static KafkaPrincipal of(SSLSession session) {
    Principal peer;
    try {
      peer = session.getPeerPrincipal();
    } catch (SSLPeerUnverifiedException e) {
      return KafkaPrincipal.ANONYMOUS;
    }
    String name = peer instanceof X500Principal x500 ? x500.getName(X500Principal.RFC2253) : peer.getName();
    return KafkaPrincipal.user(name);
  }
}
