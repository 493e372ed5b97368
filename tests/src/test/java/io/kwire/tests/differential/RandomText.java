package io.kwire.tests.differential;

import java.util.Random;

/**
 * Random strings that exercise UTF-8: 1-, 2-, 3- and 4-byte sequences (never an unpaired
 * surrogate), empty strings, and long ones whose length prefixes need more than one varint byte.
 */
final class RandomText {
  private RandomText() {}

  static String string(Random random) {
    int length = switch (random.nextInt(10)) {
      case 0 -> 0;
      case 1 -> 100 + random.nextInt(100);
      default -> 1 + random.nextInt(10);
    };
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.appendCodePoint(codePoint(random));
    }
    return s.toString();
  }

  private static int codePoint(Random random) {
    return switch (random.nextInt(5)) {
      case 0, 1 -> random.nextInt(0x80); // 1 byte, control characters and NUL included
      case 2 -> 0x80 + random.nextInt(0x800 - 0x80); // 2 bytes
      case 3 -> threeByte(random);
      default -> 0x10000 + random.nextInt(0x110000 - 0x10000); // 4 bytes: a surrogate pair in Java
    };
  }

  private static int threeByte(Random random) {
    while (true) {
      int c = 0x800 + random.nextInt(0x10000 - 0x800);
      if (!Character.isSurrogate((char) c)) {
        return c;
      }
    }
  }
}
