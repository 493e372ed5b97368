package io.kwire.net.sasl;

import io.kwire.net.ClientAuthenticator;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A client's SASL settings, as Kafka's {@code sasl.mechanism} and {@code sasl.jaas.config} name
 * them: the mechanism and the user's name and password.
 */
public final class SaslClientOptions {
  private final String mechanism;
  private final Supplier<SaslClientMechanism> mechanisms;

  private SaslClientOptions(String mechanism, Supplier<SaslClientMechanism> mechanisms) {
    this.mechanism = mechanism;
    this.mechanisms = mechanisms;
  }

  /** SASL/PLAIN: the password goes to the server as it is (use TLS). */
  public static SaslClientOptions plain(String username, String password) {
    requireCredentials(username, password);
    return new SaslClientOptions(SaslMechanisms.PLAIN, () -> SaslMechanisms.plainClient(username, password));
  }

  /** SCRAM-SHA-256 or SCRAM-SHA-512; the server's signature is checked. */
  public static SaslClientOptions scram(ScramMechanism mechanism, String username, String password) {
    Objects.requireNonNull(mechanism, "mechanism");
    requireCredentials(username, password);
    return new SaslClientOptions(mechanism.mechanismName(),
        () -> SaslMechanisms.scramClient(mechanism, username, password));
  }

  private static void requireCredentials(String username, String password) {
    Objects.requireNonNull(username, "username");
    Objects.requireNonNull(password, "password");
  }

  /** The mechanism's name, as in {@code sasl.mechanism}. */
  public String mechanism() {
    return mechanism;
  }

  /**
   * These settings as a {@link io.kwire.net.KwireClient}'s authenticator ({@code
   * KwireClient.builder().authenticator(options.authenticator())}): SaslHandshake v1, SaslAuthenticate
   * at the highest version both sides speak, and, when the server gives the session a lifetime
   * (KIP-368), re-authentication at 85-95% of it with the client's other requests held meanwhile. A
   * refusal fails the connect, or closes the client, with a {@link SaslAuthenticationException}.
   */
  public ClientAuthenticator authenticator() {
    return new SaslClientExchange(mechanisms);
  }
}
