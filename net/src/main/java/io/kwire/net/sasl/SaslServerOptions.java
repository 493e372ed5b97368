package io.kwire.net.sasl;

import io.kwire.net.ServerAuthenticator;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A listener's SASL settings, named after Kafka's broker configs.
 *
 * @param enabledMechanisms {@code sasl.enabled.mechanisms}: the mechanisms offered, in the order the
 *     SaslHandshake response lists them; each one of {@link SaslMechanisms#SUPPORTED}
 * @param users the users accepted
 * @param connectionsMaxReauth {@code connections.max.reauth.ms}: the session lifetime told to clients in
 *     SaslAuthenticate v1+ responses (KIP-368), after which a connection that did not re-authenticate is
 *     closed; {@link Duration#ZERO} (Kafka's default) for sessions that never expire
 */
public record SaslServerOptions(List<String> enabledMechanisms, SaslUserStore users, Duration connectionsMaxReauth) {
  /** Checks every mechanism is one kwire implements. */
  public SaslServerOptions {
    enabledMechanisms = List.copyOf(enabledMechanisms);
    Objects.requireNonNull(users, "users");
    Objects.requireNonNull(connectionsMaxReauth, "connectionsMaxReauth");
    if (enabledMechanisms.isEmpty()) {
      throw new IllegalArgumentException("sasl.enabled.mechanisms must name at least one mechanism");
    }
    for (String mechanism : enabledMechanisms) {
      if (!SaslMechanisms.SUPPORTED.contains(mechanism)) {
        throw new IllegalArgumentException("unsupported SASL mechanism " + mechanism + "; kwire supports "
            + SaslMechanisms.SUPPORTED);
      }
    }
    if (connectionsMaxReauth.isNegative()) {
      throw new IllegalArgumentException("connections.max.reauth.ms must not be negative");
    }
  }

  /** These mechanisms, sessions that never expire. */
  public static SaslServerOptions of(SaslUserStore users, String... enabledMechanisms) {
    return new SaslServerOptions(List.of(enabledMechanisms), users, Duration.ZERO);
  }

  /**
   * These settings as a {@link io.kwire.net.KwireServer}'s authenticator ({@code
   * KwireServer.builder().authenticator(options.authenticator())}): SaslHandshake v1 and SaslAuthenticate
   * v0-2 listed in ApiVersions, every other request refused until the client authenticated, frames
   * capped at {@link SaslServerAuthenticator#MAX_RECEIVE_SIZE_BEFORE_AUTHENTICATION} until then, and
   * {@code Connection.principal()} the SASL user's.
   */
  public ServerAuthenticator authenticator() {
    return new SaslServerSessions(this);
  }

  /** The same with {@code connections.max.reauth.ms} set. */
  public SaslServerOptions withConnectionsMaxReauth(Duration lifetime) {
    return new SaslServerOptions(enabledMechanisms, users, lifetime);
  }
}
