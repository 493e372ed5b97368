package io.kwire.runtime.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link WireWriter#writeCompactString}: its short-ASCII fast path (fewer than 127 chars), the
 * non-ASCII path that continues from the first non-ASCII char, and the general path, each against
 * the bytes Kafka's rule gives (unsigned varint of the UTF-8 length + 1, then UTF-8).
 */
class WireWriterCompactStringTest {
  private static byte[] expected(String s) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    if (s == null) {
      b.write(0);
      return b.toByteArray();
    }
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    int v = utf8.length + 1;
    while ((v & ~0x7F) != 0) {
      b.write((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b.write(v);
    b.writeBytes(utf8);
    return b.toByteArray();
  }

  /** Written into a writer of exactly the size {@code WireSizes} gives, after a 3-byte prefix. */
  private static void assertWritten(String s) {
    int size = WireSizes.compactString(s);
    WireWriter out = new WireWriter(3 + size);
    byte[] exact = out.buffer();
    out.writeCompactString("ab");
    out.writeCompactString(s);
    assertSame(exact, out.buffer(), "the writer grew for " + describe(s));
    assertEquals(3 + size, out.position());
    byte[] written = out.toByteArray();
    byte[] want = expected(s);
    assertArrayEquals(want, Arrays.copyOfRange(written, 3, written.length), describe(s));
    WireReader in = new WireReader(written);
    in.readCompactString(false);
    // read back as UTF-8 reads it: an unpaired surrogate was written as '?', as Kafka writes it
    assertEquals(s == null ? null : new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8), in.readCompactString(true));
  }

  private static String describe(String s) {
    return s == null ? "null" : s.length() + " chars starting " + s.substring(0, Math.min(8, s.length()));
  }

  @Test
  void asciiAtTheEdgesOfTheOneByteLength() {
    for (int n : new int[] {0, 1, 2, 125, 126, 127, 128, 200, 16_383, 16_384}) {
      assertWritten("t".repeat(n));
    }
    assertWritten(null);
  }

  @Test
  void nonAsciiAnywhereInAShortString() {
    String ascii = "orders.payments.topic-007";
    for (int at = 0; at < ascii.length(); at++) {
      for (String odd : new String[] {"é", "\u0101", "€", "😀", "\uD800"}) {
        assertWritten(ascii.substring(0, at) + odd + ascii.substring(at));
      }
    }
    assertWritten("é".repeat(63)); // 63 chars, 126 UTF-8 bytes: one length byte
    assertWritten("é".repeat(64)); // 64 chars, 128 UTF-8 bytes: two length bytes
    assertWritten("€".repeat(126)); // the longest fast-path candidate, 378 UTF-8 bytes
  }

  @Test
  void randomStringsWithAFixedSeed() {
    Random random = new Random(20261201);
    char[] alphabet = {'a', 'Z', '0', '.', '-', '\u007f', '\u0080', 'é', '\u00ff', '\u0100', '€', '\uD83D', '\uDE00'};
    for (int i = 0; i < 2_000; i++) {
      char[] chars = new char[random.nextInt(140)];
      boolean ascii = random.nextInt(3) > 0;
      for (int c = 0; c < chars.length; c++) {
        chars[c] = alphabet[random.nextInt(ascii ? 6 : alphabet.length)];
      }
      assertWritten(new String(chars));
    }
  }
}
