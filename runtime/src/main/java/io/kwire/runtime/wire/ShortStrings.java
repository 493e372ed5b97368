package io.kwire.runtime.wire;

import java.nio.charset.StandardCharsets;

/**
 * One shared {@code String} per distinct string of one or two UTF-8 bytes, made the first time it
 * is read. Such a string costs 48 heap bytes (the {@code String} and its array) for 2 or 3 wire
 * bytes, so without sharing an array of them would cost up to 26 heap bytes per input byte.
 *
 * <p>Keyed by the raw bytes, malformed ones included (their lenient decoding, with U+FFFD, is
 * shared as well; a strict reader refuses those, which no valid string of 2 bytes or fewer can
 * contain, since U+FFFD takes 3). Filled lazily, at most once per JVM: 256 one-byte strings and 256
 * second-level tables of 256, about 3.4 MB when every entry has been read. Races are benign: two
 * threads may each make the same string, and either is kept.
 */
final class ShortStrings {
  private static final String[] ONE = new String[256];
  private static final String[][] TWO = new String[256][];

  private ShortStrings() {}

  /** The string of {@code buf[at]}, or of {@code buf[at]} and {@code buf[at + 1]} when {@code n} is 2. */
  static String of(byte[] buf, int at, int n) {
    if (n == 1) {
      int b = buf[at] & 0xFF;
      String s = ONE[b];
      if (s == null) {
        s = new String(buf, at, 1, StandardCharsets.UTF_8);
        ONE[b] = s;
      }
      return s;
    }
    int first = buf[at] & 0xFF;
    String[] second = TWO[first];
    if (second == null) {
      second = new String[256];
      TWO[first] = second;
    }
    int b = buf[at + 1] & 0xFF;
    String s = second[b];
    if (s == null) {
      s = new String(buf, at, 2, StandardCharsets.UTF_8);
      second[b] = s;
    }
    return s;
  }

  /** Whether {@code s}, made by {@link #of}, came from malformed UTF-8. */
  static boolean malformed(String s) {
    return s.charAt(0) == '\uFFFD' || s.length() > 1 && s.charAt(1) == '\uFFFD';
  }
}
