package io.kwire.proxy;

import io.kwire.net.Connection;
import io.kwire.net.KwireClient;
import io.kwire.net.KwireConnectionException;
import io.kwire.net.SocketErrors;
import io.kwire.net.sasl.SaslAuthenticationException;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

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

  /** How long a connection attempt waits for the broker's answer (a broker dropping attempts). */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  /** An upstream that fails every client is said once per this interval, then with a count. */
  static final long FAILURE_LINE_INTERVAL_NANOS = 10_000_000_000L;

  private final EventThrottle failures = new EventThrottle(FAILURE_LINE_INTERVAL_NANOS, System::nanoTime);

  /** The event line of a failed connect to {@code target}, throttled per target: see {@link EventThrottle}. */
  void connectFailed(String target, Throwable cause, Consumer<String> events) {
    failures.event(target, connectFailed(target, cause), events);
  }

  /** {@code target} accepted: the count of the attempts that failed since its last line, if any. */
  void connected(String target, Consumer<String> events) {
    failures.cleared(target, "upstream " + target + " accepts connections again", events);
  }

  CompletableFuture<KwireClient> connect(Connection connection, InetSocketAddress target) {
    KwireClient.Builder builder = KwireClient.builder().pairedWith(connection).rawFrames()
        .maxFrameSize(ProxySession.maxFrame(config)).requestTimeout(config.requestTimeout()).connectTimeout(CONNECT_TIMEOUT);
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
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SaslAuthenticationException) {
        return "upstream " + target + " refused the proxy's own SASL credentials (" + t.getMessage()
            + "); closing the client";
      }
    }
    KwireConnectionException.ConnectFailure kind = KwireConnectionException.ConnectFailure.OTHER;
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof KwireConnectionException failed && failed.connectFailure().isPresent()) {
        kind = failed.connectFailure().get();
        break;
      }
    }
    return switch (kind) {
      case OUT_OF_FILE_DESCRIPTORS -> SocketErrors.outOfFileDescriptors("connecting to upstream " + target) + " ("
          + cause + "); closing the client";
      case TIMED_OUT -> "upstream " + target + " did not answer the connection attempt within "
          + CONNECT_TIMEOUT.toSeconds() + " s (timed out: " + innermost(cause).getMessage() + "); closing the client";
      case REFUSED -> "upstream " + target + " refused the connection (" + cause + "); closing the client";
      case OTHER -> "upstream " + target + " could not be connected (" + cause + "); closing the client";
    };
  }

  private static Throwable innermost(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root;
  }
}
