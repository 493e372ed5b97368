package io.kwire.net.sasl;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

/** Makes the mechanisms' two sides: PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512. */
public final class SaslMechanisms {
  /** {@code PLAIN}. */
  public static final String PLAIN = PlainServer.NAME;
  /** Every mechanism kwire implements, in Kafka's order of preference for a default configuration. */
  public static final List<String> SUPPORTED = List.of(PLAIN, ScramMechanism.SCRAM_SHA_256.mechanismName(),
      ScramMechanism.SCRAM_SHA_512.mechanismName());

  private static final SecureRandom RANDOM = new SecureRandom();

  private SaslMechanisms() {}

  /**
   * The server side of one exchange of {@code mechanism} against {@code users}.
   *
   * @throws IllegalArgumentException if kwire does not implement {@code mechanism}
   */
  public static SaslServerMechanism server(String mechanism, SaslUserStore users) {
    return server(mechanism, users, false);
  }

  /** The same; a re-authentication's SCRAM failures say so, as Kafka's do. */
  static SaslServerMechanism server(String mechanism, SaslUserStore users, boolean reauthentication) {
    if (PLAIN.equals(mechanism)) {
      return new PlainServer(users);
    }
    return ScramMechanism.forName(mechanism)
        .<SaslServerMechanism>map(scram -> new ScramServer(scram, users, SaslMechanisms::nonce, reauthentication))
        .orElseThrow(() -> new IllegalArgumentException("unsupported SASL mechanism " + mechanism));
  }

  /** PLAIN's client side. */
  public static SaslClientMechanism plainClient(String username, String password) {
    return new PlainClient(username, password);
  }

  /** A SCRAM client side, with a random nonce. */
  public static SaslClientMechanism scramClient(ScramMechanism mechanism, String username, String password) {
    return new ScramClient(mechanism, username, password, SaslMechanisms::nonce);
  }

  /** 24 random bytes in URL-safe base64 (printable, no ','), as a SCRAM nonce must be. */
  static String nonce() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
