package io.kwire.net.tls;

import io.kwire.net.KafkaPrincipal;
import io.netty.handler.ssl.SslHandler;
import javax.net.ssl.SSLSession;

/**
 * The principal of a TLS connection as Kafka's default principal builder makes it (with the default
 * {@code ssl.principal.mapping.rules}): {@code User:} + the client certificate's subject DN in RFC 2253
 * form, e.g. {@code User:CN=client,OU=kwire,O=kwire test}; {@code User:ANONYMOUS} without a client
 * certificate. Read it once the handshake is done ({@code SslHandler.handshakeFuture()}), and keep it in
 * the connection's context.
 */
public final class TlsPrincipals {
  private TlsPrincipals() {}

  /** The principal of the peer of this session. */
  public static KafkaPrincipal of(SSLSession session) {
    return KafkaPrincipal.ofTlsPeer(session);
  }

  /** The principal of the peer of the connection this handler secures. */
  public static KafkaPrincipal of(SslHandler handler) {
    return of(handler.engine().getSession());
  }
}
