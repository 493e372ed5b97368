package io.kwire.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Hex in the {@code --jsonl} lines: read from the parser's characters and written as the
 * generator's UTF-8, with no String in between (the hex is most of a line).
 */
final class JsonlHex {
  private static final HexFormat HEX = HexFormat.of();
  private static final byte[] DIGITS = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  /** Each ASCII character's value as a hex digit, -1 if it is none: a lookup, as digits come in no order. */
  private static final byte[] VALUES = new byte[128];

  static {
    Arrays.fill(VALUES, (byte) -1);
    for (int i = 0; i < 16; i++) {
      VALUES["0123456789abcdef".charAt(i)] = (byte) i;
      VALUES["0123456789ABCDEF".charAt(i)] = (byte) i;
    }
  }

  /** Where {@link #write} puts the digits; grows to the longest message. */
  private byte[] buffer = new byte[1 << 12];

  /** Writes {@code bytes} as a JSON string of lower-case hex digits (they need no escaping). */
  void write(JsonGenerator gen, byte[] bytes) throws IOException {
    int n = bytes.length * 2;
    if (buffer.length < n) {
      buffer = new byte[Math.max(n, buffer.length * 2)];
    }
    for (int i = 0; i < bytes.length; i++) {
      buffer[2 * i] = DIGITS[(bytes[i] >> 4) & 0xF];
      buffer[2 * i + 1] = DIGITS[bytes[i] & 0xF];
    }
    gen.writeRawUTF8String(buffer, 0, n);
  }

  /** Hex digits as bytes, or null if they are not an even number of {@link HexFormat} hex digits. */
  static byte[] parseOrNull(char[] digits, int offset, int length) {
    if (length % 2 != 0) {
      return null;
    }
    byte[] bytes = new byte[length / 2];
    for (int i = 0; i < bytes.length; i++) {
      int hi = value(digits[offset + 2 * i]);
      int lo = value(digits[offset + 2 * i + 1]);
      if ((hi | lo) < 0) {
        return null;
      }
      bytes[i] = (byte) (hi << 4 | lo);
    }
    return bytes;
  }

  private static int value(char c) {
    return c < VALUES.length ? VALUES[c] : -1;
  }

  /** Hex digits as bytes, or a {@link UsageException} saying what is wrong with them. */
  static byte[] parse(String hex) {
    if (hex.length() % 2 != 0) {
      throw new UsageException("hex has an odd number of digits (" + hex.length() + ")");
    }
    try {
      return HEX.parseHex(hex);
    } catch (IllegalArgumentException e) {
      throw new UsageException("not hex: " + e.getMessage());
    }
  }
}
