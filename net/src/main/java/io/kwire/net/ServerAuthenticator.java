package io.kwire.net;

import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.meta.VersionRange;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The authentication stage of a {@link KwireServer} (SASL lives in {@code io.kwire.net.sasl}): it
 * sits after ApiVersions and before dispatch. Until a connection's session reports a principal, only
 * ApiVersions and the APIs the session answers itself are accepted; any other request closes the
 * connection, as Kafka's broker does. After that, the session still answers its own APIs (KIP-368
 * re-authentication).
 */
public interface ServerAuthenticator {
  /** The APIs sessions answer (SaslHandshake, SaslAuthenticate) and their versions, listed in ApiVersions. */
  Map<Short, VersionRange> apiVersions();

  /**
   * The largest request frame read from a connection before it authenticated (SASL: Kafka's {@code
   * sasl.server.max.receive.size}, 512 KiB); the server's {@code maxFrameSize} applies as well. By
   * default no smaller cap.
   */
  default int maxReceiveSizeBeforeAuthentication() {
    return Integer.MAX_VALUE;
  }

  /** A new session for a connection just accepted. */
  Session open(Connection connection);

  /** One connection's authentication state machine; called on the connection's event loop. */
  interface Session {
    /** Whether this session answers requests of {@code apiKey}. */
    boolean answers(short apiKey);

    /** Answers a request of one of its APIs; a failed stage closes the connection. */
    CompletionStage<Reply> answer(RawRequestFrame request);

    /** The principal, once authenticated. */
    Optional<KafkaPrincipal> principal();

    /**
     * Whether a request of another API may go on to its handler now; if not the connection closes.
     * By default once there is a principal (SASL also refuses every request once the session of
     * {@code connections.max.reauth.ms} expired without re-authentication, KIP-368).
     */
    default boolean admits(short apiKey) {
      return principal().isPresent();
    }
  }

  /**
   * A whole response frame to send (or null for none), and whether the connection closes after it
   * (a failed authentication: the client reads the error, then the connection ends).
   */
  record Reply(byte[] frame, boolean thenClose) {}
}
