package io.kwire.fake.handlers;

import io.kwire.net.sasl.ScramMechanism;

/** The protocol's codes of Kafka's SCRAM mechanisms: 1 SCRAM-SHA-256, 2 SCRAM-SHA-512. */
final class ScramCodes {
  private ScramCodes() {}

  static byte code(ScramMechanism mechanism) {
    return mechanism == ScramMechanism.SCRAM_SHA_256 ? (byte) 1 : (byte) 2;
  }

  /** The mechanism of a code, or null for one Kafka does not know. */
  static ScramMechanism mechanism(byte code) {
    return switch (code) {
      case 1 -> ScramMechanism.SCRAM_SHA_256;
      case 2 -> ScramMechanism.SCRAM_SHA_512;
      default -> null;
    };
  }
}
