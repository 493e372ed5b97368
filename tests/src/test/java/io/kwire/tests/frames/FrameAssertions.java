package io.kwire.tests.frames;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.HexFormat;

/** Frame comparison that says where two frames part, with the bytes around it. */
final class FrameAssertions {
  private static final int WINDOW = 24;

  private FrameAssertions() {}

  static void assertSameFrame(byte[] kafka, byte[] kwire, String what) {
    int at = Arrays.mismatch(kafka, kwire);
    if (at < 0) {
      return;
    }
    fail(what + ": kwire's frame (" + kwire.length + " bytes) differs from Kafka's (" + kafka.length
        + " bytes) first at byte " + at + "\n  Kafka: " + around(kafka, at) + "\n  kwire: " + around(kwire, at));
  }

  private static String around(byte[] b, int at) {
    int from = Math.max(0, at - WINDOW);
    int to = Math.min(b.length, at + WINDOW);
    return "[" + from + "..] " + HexFormat.of().formatHex(b, from, Math.min(at, to)) + " | "
        + (at < to ? HexFormat.of().formatHex(b, at, to) : "(end)");
  }
}
