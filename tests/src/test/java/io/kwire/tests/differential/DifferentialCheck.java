package io.kwire.tests.differential;

import static org.junit.jupiter.api.Assertions.fail;

import io.kwire.runtime.MessageCodec;
import io.kwire.tests.oracle.KafkaOracle;
import java.util.Arrays;

/**
 * The checks for one message at one version against one oracle: kwire writes Kafka's bytes, and
 * each side reads the other's bytes back to the same content.
 */
final class DifferentialCheck<T> {
  private final MessageCodec<T> codec;
  private final KafkaOracle oracle;
  private final short version;

  DifferentialCheck(MessageCodec<T> codec, KafkaOracle oracle, short version) {
    this.codec = codec;
    this.oracle = oracle;
    this.version = version;
  }

  /** Runs every check on {@code message}; {@code what} says which message it is (seed, minimal). */
  void check(T message, String what) {
    String context = codec.descriptor().name() + " v" + version + " (" + what + ", oracle kafka-clients "
        + oracle.label() + ")";
    byte[] kafka = attempt(context, "Kafka encode", () -> oracle.encode(message, codec.descriptor(), version));
    byte[] kwire = attempt(context, "kwire encode", () -> codec.encode(message, version));
    if (!Arrays.equals(kafka, kwire)) {
      fail(context + ": kwire encodes differently from Kafka; " + ByteDiff.describe("kafka", kafka, "kwire", kwire)
          + "\n  message: " + message);
    }
    int size = attempt(context, "kwire size", () -> codec.size(message, version));
    if (size != kwire.length) {
      fail(context + ": kwire size() says " + size + " but encode wrote " + kwire.length + " bytes");
    }
    T decoded = attempt(context, "kwire decode of Kafka's bytes", () -> codec.decode(kafka, version));
    requireSame(context, "kwire decode of Kafka's bytes", message, decoded);
    byte[] again = attempt(context, "kwire re-encode", () -> codec.encode(decoded, version));
    if (!Arrays.equals(kafka, again)) {
      fail(context + ": kwire re-encode of its decoded message differs; "
          + ByteDiff.describe("kafka", kafka, "kwire", again));
    }
    T kafkaRead = attempt(context, "Kafka decode of kwire's bytes",
        () -> oracle.decode(kwire, codec.messageType(), codec.descriptor(), version));
    requireSame(context, "Kafka decode of kwire's bytes", message, kafkaRead);
  }

  private void requireSame(String context, String step, T expected, T actual) {
    String difference = DeepEquals.firstDifference(expected, actual);
    if (difference != null) {
      fail(context + ": " + step + " changed the message: " + difference + "\n  original: " + expected
          + "\n  read:     " + actual);
    }
  }

  private interface Step<R> {
    R run();
  }

  private static <R> R attempt(String context, String step, Step<R> body) {
    try {
      return body.run();
    } catch (RuntimeException e) {
      throw new AssertionError(context + ": " + step + " failed: " + e, e);
    }
  }
}
