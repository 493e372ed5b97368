package io.kwire.runtime.wire;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 length and encoding for the non-ASCII slow path. An unpaired surrogate becomes {@code '?'},
 * as {@code String.getBytes(UTF_8)} (and therefore Kafka) writes it.
 */
final class Utf8 {
  private Utf8() {}

  /** Encoded length of {@code s} from char index {@code from} on. */
  static int encodedLengthFrom(String s, int from) {
    int n = 0;
    int chars = s.length();
    for (int i = from; i < chars; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n += 1;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < chars && Character.isLowSurrogate(s.charAt(i + 1))) {
        n += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        n += 1; // written as '?'
      } else {
        n += 3;
      }
    }
    return n;
  }

  /** Encodes all of {@code s} at {@code pos}, returning the new position; room was ensured. */
  static int encode(String s, byte[] buf, int pos) {
    int chars = s.length();
    for (int i = 0; i < chars; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        buf[pos++] = (byte) c;
      } else if (c < 0x800) {
        buf[pos++] = (byte) (0xC0 | (c >> 6));
        buf[pos++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c) && i + 1 < chars && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        buf[pos++] = (byte) (0xF0 | (cp >> 18));
        buf[pos++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        buf[pos++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        buf[pos++] = (byte) (0x80 | (cp & 0x3F));
      } else if (Character.isSurrogate(c)) {
        buf[pos++] = (byte) '?';
      } else {
        buf[pos++] = (byte) (0xE0 | (c >> 12));
        buf[pos++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        buf[pos++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return pos;
  }

  /** Whether {@code n} bytes at {@code from} are well-formed UTF-8 (rare path: allocates a decoder). */
  static boolean isValid(byte[] buf, int from, int n) {
    try {
      StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(buf, from, n));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }
}
