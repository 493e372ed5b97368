package io.kwire.proxy;

import io.kwire.net.Connection;
import io.kwire.net.KwireClient;
import io.kwire.net.SocketErrors;
import io.kwire.net.sasl.SaslAuthenticationException;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * How a client connection's own upstream connection is made: to the broker its {@link UpstreamRoute}
 * names (else the bootstrap list's or its broker port's address), paired with it, raw frames, TLS and the proxy's own SASL
 * credentials as configured. Without credentials the upstream sends nothing of its own (no
 * ApiVersions, no SASL): the client's handshake and authentication reach the broker on exactly this
 * connection, 1:1, so the authenticated upstream is the one the client's requests use.
 */
final class Upstreams {
  private final ProxyConfig config;
  /** Null for plaintext; built once, its SslHandler per connection. */
  private final SslContext tls;

  Upstreams(ProxyConfig config) {
    this.config = config;
    this.tls = config.upstreamTls() == null ? null : config.upstreamTls().sslContext();
  }

  /** Whether the broker is chosen per connection, after its TLS handshake (so at its first request). */
  boolean routed() {
    return config.route() != null;
  }

  /** The broker {@code connection} goes to; IllegalArgumentException when the route names none. */
  InetSocketAddress target(Connection connection) {
    return config.route() == null ? config.upstream() : config.route().upstream(connection);
  }

  CompletableFuture<KwireClient> connect(Connection connection, InetSocketAddress target) {
    KwireClient.Builder builder = KwireClient.builder().pairedWith(connection).rawFrames()
        .maxFrameSize(ProxySession.maxFrame(config)).requestTimeout(config.requestTimeout());
    if (tls != null) {
      builder.sslContext(tls);
    }
    if (config.upstreamSasl() != null) {
      builder.authenticator(config.upstreamSasl().authenticator());
    }
    return builder.connectAsync(target);
  }

  /** The event line's words for a failed upstream connect: out of file descriptors is not a refusal. */
  static String connectFailed(String target, Throwable cause) {
    if (SocketErrors.isOutOfFileDescriptors(cause)) {
      return SocketErrors.outOfFileDescriptors("connecting to upstream " + target) + " ("
          + cause + "); closing the client";
    }
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SaslAuthenticationException) {
        return "upstream " + target + " refused the proxy's own SASL credentials (" + t.getMessage()
            + "); closing the client";
      }
    }
    return "upstream " + target + " refused the connection (" + cause + "); closing the client";
  }
}
