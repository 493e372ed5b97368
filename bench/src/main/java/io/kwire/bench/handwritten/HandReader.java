package io.kwire.bench.handwritten;

import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A cursor over {@code b[pos, end)}. Decoders check a struct's run of fixed-width fields once with
 * {@link #need}, read it with the big-endian {@code VarHandle}s at fixed offsets, then move on; every
 * variable-length read checks its own length against the bytes left before it allocates.
 */
final class HandReader {
  static final VarHandle SHORT = HandWriter.SHORT;
  static final VarHandle INT = HandWriter.INT;
  static final VarHandle LONG = HandWriter.LONG;
  static final int[] NO_INTS = new int[0];

  final byte[] b;
  int pos;
  private final int end;

  HandReader(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    this.b = b;
    this.pos = off;
    this.end = off + len;
  }

  /** The position, once {@code n} more bytes are known to be there. */
  int need(int n) {
    int p = pos;
    if (end - p < n) {
      throw truncated(p, n);
    }
    return p;
  }

  private HandDecodeException truncated(int p, long n) {
    return new HandDecodeException("need " + n + " bytes, " + (end - p) + " left", p);
  }

  HandDecodeException error(String reason) {
    return new HandDecodeException(reason, pos);
  }

  void requireEnd() {
    if (pos != end) {
      throw error((end - pos) + " bytes left over");
    }
  }

  /** An unsigned varint, at most 5 bytes; a count or a length is almost always one byte. */
  int varint() {
    int p = pos;
    if (p < end) {
      int x = b[p];
      if (x >= 0) {
        pos = p + 1;
        return x;
      }
    }
    return varintLong();
  }

  private int varintLong() {
    int p = pos;
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (p >= end) {
        throw truncated(p, 1);
      }
      int x = b[p++];
      value |= (x & 0x7F) << shift;
      if (x >= 0) {
        pos = p;
        return value;
      }
    }
    throw error("varint longer than 5 bytes");
  }

  /**
   * The element count of a non-nullable compact array whose elements take at least {@code minBytes}
   * each: checked against the bytes left, so a forged count cannot make us allocate a huge array.
   */
  int count(int minBytes) {
    int n = varint() - 1;
    if (n < 0) {
      throw error(n == -1 ? "null array where none is allowed" : "array count out of range");
    }
    if ((long) n * minBytes > end - pos) {
      throw truncated(pos, (long) n * minBytes);
    }
    return n;
  }

  /** A compact {@code []int32}, exactly sized; the one empty array is shared. */
  int[] int32s() {
    return read(count(4));
  }

  /**
   * A compact {@code []int32}, or {@code same} itself when it holds exactly the values read: a
   * partition's in-sync replicas are its replicas on a healthy cluster, and the records own their
   * arrays immutably, so one array serves both.
   */
  int[] int32sOrSame(int[] same) {
    int n = count(4);
    if (n != same.length || n == 0) {
      return read(n);
    }
    byte[] b = this.b;
    int p = pos;
    for (int i = 0; i < n; i++) {
      if ((int) INT.get(b, p + 4 * i) != same[i]) {
        return read(n);
      }
    }
    pos = p + 4 * n;
    return same;
  }

  private int[] read(int n) {
    if (n == 0) {
      return NO_INTS;
    }
    byte[] b = this.b;
    int p = pos;
    int[] values = new int[n];
    for (int i = 0; i < n; i++) {
      values[i] = (int) INT.get(b, p);
      p += 4;
    }
    pos = p;
    return values;
  }

  /** A non-nullable compact string. */
  String string() {
    String s = nullableString();
    if (s == null) {
      throw error("null string where none is allowed");
    }
    return s;
  }

  /** A nullable compact string: length + 1, 0 for null. */
  String nullableString() {
    int n = varint() - 1;
    if (n <= 0) {
      if (n == 0) {
        return "";
      }
      if (n == -1) {
        return null;
      }
      throw error("string length out of range");
    }
    if (n > HandWriter.MAX_STRING) {
      throw error("string of " + n + " bytes is longer than " + HandWriter.MAX_STRING);
    }
    int p = need(n);
    pos = p + n;
    return new String(b, p, n, StandardCharsets.UTF_8);
  }

  /** Skips a tagged-field section: none of these structs has a known tagged field, so every one is skipped. */
  void skipTaggedFields() {
    int p = pos;
    if (p < end && b[p] == 0) {
      pos = p + 1;
      return;
    }
    skipUnknownTaggedFields();
  }

  private void skipUnknownTaggedFields() {
    int fields = varint();
    if (fields < 0) {
      throw error("tagged field count out of range");
    }
    int previous = -1;
    for (int i = 0; i < fields; i++) {
      int tag = varint();
      if (tag <= previous) {
        throw error("tag " + Integer.toUnsignedString(tag) + " not above the previous tag " + previous);
      }
      previous = tag;
      int size = varint();
      if (size < 0) {
        throw error("tagged field size out of range");
      }
      pos = need(size) + size;
    }
  }
}
