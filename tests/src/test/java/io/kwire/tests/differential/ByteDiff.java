package io.kwire.tests.differential;

import java.util.Arrays;
import java.util.HexFormat;

/** Describes where two byte arrays part, with both shown in hex. */
final class ByteDiff {
  private static final int FULL_DUMP_LIMIT = 1024;
  private static final int WINDOW = 64;

  private ByteDiff() {}

  /** The first offset where the arrays differ (or where the shorter ends); -1 when equal. */
  static int firstDifference(byte[] a, byte[] b) {
    return Arrays.mismatch(a, b);
  }

  static String describe(String nameA, byte[] a, String nameB, byte[] b) {
    int at = firstDifference(a, b);
    return "first difference at offset " + at + " (" + nameA + " " + a.length + " bytes, " + nameB + " "
        + b.length + " bytes)\n  " + nameA + ": " + dump(a, at) + "\n  " + nameB + ": " + dump(b, at);
  }

  /** The whole array when small, otherwise a window around {@code at}. */
  private static String dump(byte[] bytes, int at) {
    if (bytes.length <= FULL_DUMP_LIMIT) {
      return HexFormat.of().formatHex(bytes);
    }
    int from = Math.max(0, at - WINDOW);
    int to = Math.min(bytes.length, at + WINDOW);
    return "[" + from + ".." + to + ") " + HexFormat.of().formatHex(bytes, from, to);
  }
}
