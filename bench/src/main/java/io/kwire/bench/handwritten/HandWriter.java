package io.kwire.bench.handwritten;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growable {@code byte[]} the codecs write into, reused across messages. Writers keep the position
 * in a local: they {@link #reserve} room once per run of fields, write with the static {@code put*}
 * helpers (which assume the room is there) and hand the final position back with {@link #finish}.
 */
public final class HandWriter {
  static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** The most bytes a compact length prefix (an unsigned varint) takes. */
  static final int MAX_VARINT = 5;
  /** Kafka's limit on a string's UTF-8 length. */
  static final int MAX_STRING = Short.MAX_VALUE;

  private byte[] buf;
  private int pos;

  public HandWriter(int capacity) {
    buf = new byte[Math.max(64, capacity)];
  }

  public void reset() {
    pos = 0;
  }

  public int position() {
    return pos;
  }

  public byte[] buffer() {
    return buf;
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /** Where a message starts. */
  int start() {
    return pos;
  }

  /** Ends a message at {@code p}; returns it. */
  int finish(int p) {
    pos = p;
    return p;
  }

  /** The buffer, with room for {@code n} bytes from {@code p}: one check per run of fields. */
  byte[] reserve(int p, int n) {
    byte[] b = buf;
    if (b.length - p < n) {
      b = grow(p, n);
    }
    return b;
  }

  private byte[] grow(int p, int n) {
    long need = (long) p + n;
    if (need > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("message larger than a byte array");
    }
    buf = Arrays.copyOf(buf, (int) Math.max(need, Math.min((long) buf.length * 2, Integer.MAX_VALUE - 8)));
    return buf;
  }

  static int putInt16(byte[] b, int p, short v) {
    SHORT.set(b, p, v);
    return p + 2;
  }

  static int putInt32(byte[] b, int p, int v) {
    INT.set(b, p, v);
    return p + 4;
  }

  static int putUuid(byte[] b, int p, long high, long low) {
    LONG.set(b, p, high);
    LONG.set(b, p + 8, low);
    return p + 16;
  }

  static int putBool(byte[] b, int p, boolean v) {
    b[p] = v ? (byte) 1 : (byte) 0;
    return p + 1;
  }

  /** An unsigned varint; almost every count and length fits one byte. */
  static int putVarint(byte[] b, int p, int v) {
    if ((v & ~0x7F) == 0) {
      b[p] = (byte) v;
      return p + 1;
    }
    return putVarintLong(b, p, v);
  }

  private static int putVarintLong(byte[] b, int p, int v) {
    while ((v & ~0x7F) != 0) {
      b[p++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[p] = (byte) v;
    return p + 1;
  }

  /** A compact {@code []int32}: count + 1, then the values; room for {@link #MAX_VARINT} + 4n bytes. */
  static int putInt32s(byte[] b, int p, int[] values) {
    p = putVarint(b, p, values.length + 1);
    for (int v : values) {
      INT.set(b, p, v);
      p += 4;
    }
    return p;
  }

  /** An empty tagged-field section. */
  static int putNoTaggedFields(byte[] b, int p) {
    b[p] = 0;
    return p + 1;
  }

  /** The room a compact string may need: a UTF-8 char takes at most 3 bytes (a surrogate pair 4 for 2). */
  static int room(String s) {
    return s == null ? 1 : MAX_VARINT + 3 * s.length();
  }

  /** A compact string, null as 0; needs {@link #room} bytes. */
  static int putCompactString(byte[] b, int p, String s) {
    if (s == null) {
      b[p] = 0;
      return p + 1;
    }
    int n = s.length();
    if (n < 0x7F && isAscii(s, n)) {
      b[p] = (byte) (n + 1);
      writeAscii(s, n, b, p + 1);
      return p + 1 + n;
    }
    return putCompactStringSlow(b, p, s);
  }

  private static boolean isAscii(String s, int n) {
    for (int i = 0; i < n; i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  // The one copy from a String into a byte[] without an intermediate array: the low byte of each char,
  // exactly the UTF-8 encoding once isAscii has held. Deprecated for lossy use on non-Latin-1 text only.
  @SuppressWarnings("deprecation")
  private static void writeAscii(String s, int n, byte[] b, int at) {
    s.getBytes(0, n, b, at);
  }

  /** Long or non-ASCII strings: the UTF-8 length first (for the prefix), then the bytes. */
  private static int putCompactStringSlow(byte[] b, int p, String s) {
    int n = s.length();
    int len = utf8Length(s, n);
    if (len > MAX_STRING) {
      throw new IllegalArgumentException("string of " + len + " UTF-8 bytes is longer than " + MAX_STRING);
    }
    p = putVarint(b, p, len + 1);
    if (len == n && isAscii(s, n)) { // a long ASCII string (a lone surrogate also counts one byte)
      writeAscii(s, n, b, p);
      return p + n;
    }
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        b[p++] = (byte) c;
      } else if (c < 0x800) {
        b[p++] = (byte) (0xC0 | c >> 6);
        b[p++] = (byte) (0x80 | c & 0x3F);
      } else if (Character.isSurrogate(c)) {
        int cp = codePointAt(s, i, n);
        if (cp < 0) {
          b[p++] = '?'; // as String.getBytes(UTF_8) (and so Kafka) writes a lone surrogate
        } else {
          b[p++] = (byte) (0xF0 | cp >> 18);
          b[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
          b[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
          b[p++] = (byte) (0x80 | cp & 0x3F);
          i++;
        }
      } else {
        b[p++] = (byte) (0xE0 | c >> 12);
        b[p++] = (byte) (0x80 | c >> 6 & 0x3F);
        b[p++] = (byte) (0x80 | c & 0x3F);
      }
    }
    return p;
  }

  private static int utf8Length(String s, int n) {
    int len = n;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        if (c < 0x800) {
          len += 1;
        } else if (!Character.isSurrogate(c)) {
          len += 2;
        } else if (codePointAt(s, i, n) >= 0) {
          len += 2; // two chars, four bytes
          i++;
        }
      }
    }
    return len;
  }

  /** The code point of a valid surrogate pair starting at {@code i}, or -1 for a lone surrogate. */
  private static int codePointAt(String s, int i, int n) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c) && i + 1 < n) {
      char d = s.charAt(i + 1);
      if (Character.isLowSurrogate(d)) {
        return Character.toCodePoint(c, d);
      }
    }
    return -1;
  }
}
