package io.kwire.net.sasl;

import java.util.List;
import java.util.Optional;

/**
 * A SCRAM mechanism (RFC 5802) and the hash it runs on: SCRAM-SHA-256 (RFC 7677) and SCRAM-SHA-512,
 * the two Kafka supports. The hash is a parameter so that the core can also run RFC 5802's own
 * SCRAM-SHA-1 example in the tests; only the two constants are offered to users.
 */
public final class ScramMechanism {
  /** SCRAM-SHA-256 (RFC 7677). */
  public static final ScramMechanism SCRAM_SHA_256 = new ScramMechanism("SCRAM-SHA-256", "SHA-256", "HmacSHA256");
  /** SCRAM-SHA-512. */
  public static final ScramMechanism SCRAM_SHA_512 = new ScramMechanism("SCRAM-SHA-512", "SHA-512", "HmacSHA512");

  /** Kafka's least iteration count for SCRAM credentials, and the default of {@link ScramCredential#derive}. */
  public static final int MIN_ITERATIONS = 4096;
  /** Kafka's greatest iteration count; a client refuses a server asking for more (it would spend minutes). */
  public static final int MAX_ITERATIONS = 16384;

  private final String mechanismName;
  private final String digestAlgorithm;
  private final String macAlgorithm;

  ScramMechanism(String mechanismName, String digestAlgorithm, String macAlgorithm) {
    this.mechanismName = mechanismName;
    this.digestAlgorithm = digestAlgorithm;
    this.macAlgorithm = macAlgorithm;
  }

  /** The two mechanisms Kafka supports. */
  public static List<ScramMechanism> all() {
    return List.of(SCRAM_SHA_256, SCRAM_SHA_512);
  }

  /** The mechanism of that IANA name, if it is one of {@link #all()}. */
  public static Optional<ScramMechanism> forName(String mechanismName) {
    return all().stream().filter(m -> m.mechanismName.equals(mechanismName)).findFirst();
  }

  /** The IANA name, e.g. {@code SCRAM-SHA-256}. */
  public String mechanismName() {
    return mechanismName;
  }

  String digestAlgorithm() {
    return digestAlgorithm;
  }

  String macAlgorithm() {
    return macAlgorithm;
  }

  @Override
  public String toString() {
    return mechanismName;
  }
}
