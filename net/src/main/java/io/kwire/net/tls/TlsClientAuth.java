package io.kwire.net.tls;

import io.netty.handler.ssl.ClientAuth;
import java.util.Locale;

/** Kafka's {@code ssl.client.auth}: whether a server asks clients for a certificate. */
public enum TlsClientAuth {
  /** No client certificate is asked for (Kafka's default). */
  NONE(ClientAuth.NONE),
  /** A certificate is asked for; a client without one still connects (as {@code User:ANONYMOUS}). */
  REQUESTED(ClientAuth.OPTIONAL),
  /** A client without a certificate trusted by the server's trust store fails the handshake. */
  REQUIRED(ClientAuth.REQUIRE);

  private final ClientAuth netty;

  TlsClientAuth(ClientAuth netty) {
    this.netty = netty;
  }

  /** The value of Kafka's config: {@code none}, {@code requested} or {@code required}. */
  public static TlsClientAuth fromConfig(String value) {
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("ssl.client.auth must be none, requested or required, not '" + value + "'");
    }
  }

  ClientAuth netty() {
    return netty;
  }
}
