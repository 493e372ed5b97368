package io.kwire.runtime.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * A growable big-endian output over a {@code byte[]}. Generated writers call {@link #ensure(int)}
 * once for a run of fixed-width fields and then the unchecked {@code put*} methods; the
 * {@code write*} methods check capacity themselves. Strings are written in one pass, with their
 * UTF-8 length computed (ASCII fast path), never through an intermediate array.
 */
public final class WireWriter {
  private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** Longest string Kafka's protocol can carry, in UTF-8 bytes. */
  public static final int MAX_STRING_LENGTH = Short.MAX_VALUE;

  private byte[] buf;
  private int pos;

  public WireWriter() {
    this(256);
  }

  /**
   * A writer whose buffer starts at exactly {@code initialCapacity} bytes: a caller that knows the
   * size (from {@code codec.size}) gets an array that is full when the message is written, and
   * can take it from {@link #buffer()} without a copy.
   */
  public WireWriter(int initialCapacity) {
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("negative capacity " + initialCapacity);
    }
    this.buf = new byte[initialCapacity];
  }

  public int position() {
    return pos;
  }

  /** Starts over at position 0, keeping the buffer, so one writer can serve many messages without garbage. */
  public void reset() {
    pos = 0;
  }

  /** Moves back to an earlier position, dropping what was written after it (used for rollback). */
  public void rewind(int position) {
    if (position < 0 || position > pos) {
      throw new IllegalArgumentException("cannot rewind to " + position + " from " + pos);
    }
    pos = position;
  }

  /** The current backing array; valid bytes are [0, {@link #position()}). */
  public byte[] buffer() {
    return buf;
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /** Makes room for {@code n} more bytes. */
  public void ensure(int n) {
    if (buf.length - pos < n) {
      grow(n);
    }
  }

  private void grow(int n) {
    long needed = (long) pos + n;
    if (needed > Integer.MAX_VALUE - 8) {
      throw new KwireEncodeException("output would exceed " + (Integer.MAX_VALUE - 8) + " bytes");
    }
    int capacity = (int) Math.max(Math.max(needed, 16), Math.min((long) buf.length * 2, Integer.MAX_VALUE - 8));
    buf = Arrays.copyOf(buf, capacity);
  }

  // ---- unchecked fixed-width puts: call ensure() first ----

  public void putInt8(byte v) {
    buf[pos++] = v;
  }

  public void putBool(boolean v) {
    buf[pos++] = v ? (byte) 1 : (byte) 0;
  }

  public void putInt16(short v) {
    SHORT.set(buf, pos, v);
    pos += 2;
  }

  /** Refuses a value outside 0-65535, which the cast would silently wrap (Kafka refuses it too). */
  public void putUint16(int v) {
    if ((v >>> 16) != 0) {
      throw new KwireEncodeException("uint16 value " + v + " is outside 0-65535");
    }
    SHORT.set(buf, pos, (short) v);
    pos += 2;
  }

  public void putInt32(int v) {
    INT.set(buf, pos, v);
    pos += 4;
  }

  /** Refuses a value outside 0-4294967295, which the cast would silently wrap. */
  public void putUint32(long v) {
    if ((v >>> 32) != 0) {
      throw new KwireEncodeException("uint32 value " + v + " is outside 0-4294967295");
    }
    INT.set(buf, pos, (int) v);
    pos += 4;
  }

  public void putInt64(long v) {
    LONG.set(buf, pos, v);
    pos += 8;
  }

  public void putFloat64(double v) {
    LONG.set(buf, pos, Double.doubleToRawLongBits(v));
    pos += 8;
  }

  public void putUuid(UUID v) {
    LONG.set(buf, pos, v.getMostSignificantBits());
    LONG.set(buf, pos + 8, v.getLeastSignificantBits());
    pos += 16;
  }

  // ---- checked writes ----

  public void writeInt8(byte v) {
    ensure(1);
    putInt8(v);
  }

  public void writeBool(boolean v) {
    ensure(1);
    putBool(v);
  }

  public void writeInt16(short v) {
    ensure(2);
    putInt16(v);
  }

  public void writeUint16(int v) {
    ensure(2);
    putUint16(v);
  }

  public void writeInt32(int v) {
    ensure(4);
    putInt32(v);
  }

  public void writeUint32(long v) {
    ensure(4);
    putUint32(v);
  }

  public void writeInt64(long v) {
    ensure(8);
    putInt64(v);
  }

  public void writeFloat64(double v) {
    ensure(8);
    putFloat64(v);
  }

  public void writeUuid(UUID v) {
    ensure(16);
    putUuid(v);
  }

  /** Overwrites 4 bytes at an earlier position, e.g. a size prefix. */
  public void patchInt32(int at, int v) {
    INT.set(buf, at, v);
  }

  public void writeUnsignedVarint(int v) {
    if (buf.length - pos < 5) {
      // Exactly what the varint takes: a buffer sized by size() has no spare bytes at its end.
      ensure(WireSizes.unsignedVarint(v));
    }
    putUnsignedVarint(v);
  }

  /** Unchecked: room for 5 bytes was ensured. */
  public void putUnsignedVarint(int v) {
    if ((v & ~0x7F) == 0) {
      buf[pos++] = (byte) v;
      return;
    }
    putVarintSlow(v);
  }

  private void putVarintSlow(int v) {
    while ((v & ~0x7F) != 0) {
      buf[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[pos++] = (byte) v;
  }

  /** Zigzag-encoded signed varint, as used inside record batches. */
  public void writeVarint(int v) {
    writeUnsignedVarint((v << 1) ^ (v >> 31));
  }

  /** Zigzag-encoded signed varlong, as used inside record batches. */
  public void writeVarlong(long v) {
    long z = (v << 1) ^ (v >> 63);
    ensure(10);
    while ((z & ~0x7FL) != 0) {
      buf[pos++] = (byte) ((z & 0x7F) | 0x80);
      z >>>= 7;
    }
    buf[pos++] = (byte) z;
  }

  public void writeRaw(byte[] bytes) {
    writeRaw(bytes, 0, bytes.length);
  }

  public void writeRaw(byte[] bytes, int offset, int length) {
    ensure(length);
    System.arraycopy(bytes, offset, buf, pos, length);
    pos += length;
  }

  // ---- strings ----

  /** Classic string: int16 length, then UTF-8; null as length -1. */
  public void writeString(String s) {
    if (s == null) {
      writeInt16((short) -1);
      return;
    }
    int chars = s.length();
    int ascii = asciiPrefix(s, chars);
    if (ascii == chars && chars <= MAX_STRING_LENGTH) {
      ensure(2 + chars);
      putInt16((short) chars);
      putAscii(s, chars);
      return;
    }
    int n = utf8LengthFrom(s, ascii);
    ensure(2 + n);
    putInt16((short) n);
    pos = Utf8.encode(s, buf, pos);
  }

  /** Compact string: unsigned varint length+1, then UTF-8; null as 0. */
  public void writeCompactString(String s) {
    if (s == null || s.length() >= 0x7F) {
      writeCompactStringGeneral(s);
      return;
    }
    // The usual string, its length + 1 one byte: kept small so that the JIT inlines it into every
    // struct writer (docs/performance-history.md, fourth pass).
    int chars = s.length();
    int ascii = asciiPrefix(s, chars);
    if (ascii < chars) {
      writeCompactUtf8(s, ascii);
      return;
    }
    ensure(1 + chars);
    buf[pos++] = (byte) (chars + 1);
    putAscii(s, chars);
  }

  /** {@link #writeCompactString} for null and strings of 127 chars or more. */
  private void writeCompactStringGeneral(String s) {
    if (s == null) {
      writeUnsignedVarint(0);
      return;
    }
    int chars = s.length();
    int ascii = asciiPrefix(s, chars);
    if (ascii == chars && chars <= MAX_STRING_LENGTH) {
      ensure(WireSizes.unsignedVarint(chars + 1) + chars);
      putUnsignedVarint(chars + 1);
      putAscii(s, chars);
      return;
    }
    writeCompactUtf8(s, ascii);
  }

  /** A compact string, not all ASCII or too long; its first non-ASCII char is at {@code firstNonAscii}. */
  private void writeCompactUtf8(String s, int firstNonAscii) {
    int n = utf8LengthFrom(s, firstNonAscii);
    ensure(WireSizes.unsignedVarint(n + 1) + n);
    putUnsignedVarint(n + 1);
    pos = Utf8.encode(s, buf, pos);
  }

  /** How many chars at the start of {@code s} are ASCII ({@code chars} if all are). */
  private static int asciiPrefix(String s, int chars) {
    for (int i = 0; i < chars; i++) {
      if (s.charAt(i) >= 0x80) {
        return i;
      }
    }
    return chars;
  }

  /**
   * Copies an all-ASCII string's chars as bytes, room ensured. {@code String.getBytes(int, int,
   * byte[], int)} is deprecated because it drops the high byte of each char, which is exactly
   * right for ASCII, and for a Latin-1 string it is one array copy: measured faster than a
   * char-by-char loop, and unlike {@code getBytes(UTF_8)} it allocates nothing.
   */
  @SuppressWarnings("deprecation")
  private void putAscii(String s, int chars) {
    if (chars > 0) { // empty strings are common (e.g. committed offset metadata)
      s.getBytes(0, chars, buf, pos);
      pos += chars;
    }
  }

  /** UTF-8 length of {@code s}, checked against Kafka's 32767-byte limit. */
  public static int utf8Length(String s) {
    return utf8LengthFrom(s, asciiPrefix(s, s.length()));
  }

  /** {@link #utf8Length} of a string whose chars before {@code firstNonAscii} are ASCII: counted once. */
  private static int utf8LengthFrom(String s, int firstNonAscii) {
    return checkStringLength(firstNonAscii + Utf8.encodedLengthFrom(s, firstNonAscii));
  }

  private static int checkStringLength(int n) {
    if (n > MAX_STRING_LENGTH) {
      throw KwireEncodeException.tooLong("string", n, MAX_STRING_LENGTH);
    }
    return n;
  }

  // ---- bytes ----

  /** Classic bytes: int32 length, then the bytes; null as -1. */
  public void writeBytes(byte[] b) {
    if (b == null) {
      writeInt32(-1);
      return;
    }
    ensure(4 + b.length);
    putInt32(b.length);
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
  }

  public void writeCompactBytes(byte[] b) {
    if (b == null) {
      writeUnsignedVarint(0);
      return;
    }
    writeUnsignedVarint(b.length + 1);
    writeRaw(b, 0, b.length);
  }

  /** Classic bytes from a buffer's remaining content; the buffer's position is not changed. */
  public void writeBytes(ByteBuffer b) {
    if (b == null) {
      writeInt32(-1);
      return;
    }
    writeInt32(b.remaining());
    putBuffer(b);
  }

  public void writeCompactBytes(ByteBuffer b) {
    if (b == null) {
      writeUnsignedVarint(0);
      return;
    }
    writeUnsignedVarint(b.remaining() + 1);
    putBuffer(b);
  }

  private void putBuffer(ByteBuffer b) {
    int n = b.remaining();
    ensure(n);
    b.duplicate().get(buf, pos, n);
    pos += n;
  }

  // ---- tagged fields ----

  /** Writes a tag and reserves one byte for the value's size; returns the mark for {@link #endTaggedField}. */
  public int beginTaggedField(int tag) {
    writeUnsignedVarint(tag);
    ensure(1);
    return pos++;
  }

  /** Fills in the size of the value written since {@code mark}, moving it if the size needs more than one byte. */
  public void endTaggedField(int mark) {
    int size = pos - mark - 1;
    if (size < 0x80) {
      buf[mark] = (byte) size;
      return;
    }
    int extra = WireSizes.unsignedVarint(size) - 1;
    ensure(extra);
    System.arraycopy(buf, mark + 1, buf, mark + 1 + extra, size);
    int end = pos + extra;
    pos = mark;
    putVarintSlow(size);
    pos = end;
  }

  /** A whole tagged-field section holding only {@code unknown} (null means none). */
  public void writeTaggedSection(UnknownTaggedFields unknown) {
    if (unknown == UnknownTaggedFields.EMPTY || unknown == null || unknown.isEmpty()) {
      // EMPTY first: what decoders and builders use, and an identity test needs no call.
      writeInt8((byte) 0);
      return;
    }
    writeUnsignedVarint(unknown.size());
    writeUnknownTaggedFields(unknown, 0, Integer.MAX_VALUE);
  }

  /**
   * Writes the unknown fields from index {@code from} whose tags are below {@code knownTag}, and
   * returns the index of the first one not written. An unknown field carrying {@code knownTag}
   * itself collides with a field the version knows, which cannot be encoded. {@code Integer.MAX_VALUE}
   * writes all the rest.
   */
  public int writeUnknownTaggedFields(UnknownTaggedFields unknown, int from, int knownTag) {
    int i = from;
    int n = unknown.size();
    for (; i < n; i++) {
      RawTaggedField f = unknown.get(i);
      // Integer.MAX_VALUE means "no known tag follows" (known tags run from 0), never a real tag:
      // an unknown tag of 2^31-1, which Kafka's readers accept, is written like any other.
      if (knownTag != Integer.MAX_VALUE && f.tag() >= knownTag) {
        if (f.tag() == knownTag) {
          throw new KwireEncodeException("unknown tagged field " + f.tag() + " has the tag of a known field of this version");
        }
        break;
      }
      writeUnsignedVarint(f.tag());
      writeUnsignedVarint(f.data().length);
      writeRaw(f.data());
    }
    return i;
  }

  // ---- primitive arrays: the elements only (the length is written before); capacity checked once ----

  public void writeInt8s(List<Byte> list) {
    int n = list.size();
    ensure(n);
    putInt8s(list, n);
  }

  private void putInt8s(List<Byte> list, int n) {
    if (list instanceof Int8List l) {
      for (int i = 0; i < n; i++) {
        putInt8(l.getInt8(i));
      }
    } else {
      for (int i = 0; i < n; i++) {
        Byte e = list.get(i);
        if (e == null) {
          throw KwireEncodeException.nullElement("array", i);
        }
        putInt8(e);
      }
    }
  }

  public void writeInt16s(List<Short> list) {
    int n = list.size();
    ensure(2 * n);
    putInt16s(list, n);
  }

  private void putInt16s(List<Short> list, int n) {
    if (list instanceof Int16List l) {
      byte[] b = buf;
      int p = pos;
      for (int i = 0; i < n; i++, p += 2) {
        SHORT.set(b, p, l.getInt16(i));
      }
      pos = p;
    } else {
      for (int i = 0; i < n; i++) {
        Short e = list.get(i);
        if (e == null) {
          throw KwireEncodeException.nullElement("array", i);
        }
        putInt16(e);
      }
    }
  }

  public void writeInt32s(List<Integer> list) {
    int n = list.size();
    ensure(4 * n);
    putInt32s(list, n);
  }

  private void putInt32s(List<Integer> list, int n) {
    if (list instanceof Int32List l) {
      byte[] b = buf;
      int p = pos;
      for (int i = 0; i < n; i++, p += 4) {
        INT.set(b, p, l.getInt32(i));
      }
      pos = p;
    } else {
      for (int i = 0; i < n; i++) {
        Integer e = list.get(i);
        if (e == null) {
          throw KwireEncodeException.nullElement("array", i);
        }
        putInt32(e);
      }
    }
  }

  public void writeInt64s(List<Long> list) {
    int n = list.size();
    ensure(8 * n);
    putInt64s(list, n);
  }

  private void putInt64s(List<Long> list, int n) {
    if (list instanceof Int64List l) {
      byte[] b = buf;
      int p = pos;
      for (int i = 0; i < n; i++, p += 8) {
        LONG.set(b, p, l.getInt64(i));
      }
      pos = p;
    } else {
      for (int i = 0; i < n; i++) {
        Long e = list.get(i);
        if (e == null) {
          throw KwireEncodeException.nullElement("array", i);
        }
        putInt64(e);
      }
    }
  }

  // ---- primitive arrays with their length: one capacity check for the length and the elements ----

  /** The classic array: its int32 length, then the elements. */
  public void writeInt8Array(List<Byte> list) {
    int n = list.size();
    ensure(4 + n);
    putInt32(n);
    putInt8s(list, n);
  }

  /** The compact array: its unsigned-varint length + 1, then the elements. */
  public void writeCompactInt8Array(List<Byte> list) {
    int n = list.size();
    if (n < 127 && list instanceof Int8List l) {
      // The usual case (e.g. replica lists) kept in locals: measured faster on Metadata encode than
      // a put of the length followed by the elements (docs/performance-history.md, 2026-12-01).
      ensure(1 + n);
      byte[] b = buf;
      int p = pos;
      b[p++] = (byte) (n + 1);
      for (int i = 0; i < n; i++, p++) {
        b[p] = l.getInt8(i);
      }
      pos = p;
      return;
    }
    ensure(WireSizes.unsignedVarint(n + 1) + n);
    putUnsignedVarint(n + 1);
    putInt8s(list, n);
  }

  /** The classic array: its int32 length, then the elements. */
  public void writeInt16Array(List<Short> list) {
    int n = list.size();
    ensure(4 + 2 * n);
    putInt32(n);
    putInt16s(list, n);
  }

  /** The compact array: its unsigned-varint length + 1, then the elements. */
  public void writeCompactInt16Array(List<Short> list) {
    int n = list.size();
    if (n < 127 && list instanceof Int16List l) {
      // The usual case (e.g. replica lists) kept in locals: measured faster on Metadata encode than
      // a put of the length followed by the elements (docs/performance-history.md, 2026-12-01).
      ensure(1 + 2 * n);
      byte[] b = buf;
      int p = pos;
      b[p++] = (byte) (n + 1);
      for (int i = 0; i < n; i++, p += 2) {
        SHORT.set(b, p, l.getInt16(i));
      }
      pos = p;
      return;
    }
    ensure(WireSizes.unsignedVarint(n + 1) + 2 * n);
    putUnsignedVarint(n + 1);
    putInt16s(list, n);
  }

  /** The classic array: its int32 length, then the elements. */
  public void writeInt32Array(List<Integer> list) {
    int n = list.size();
    ensure(4 + 4 * n);
    putInt32(n);
    putInt32s(list, n);
  }

  /** The compact array: its unsigned-varint length + 1, then the elements. */
  public void writeCompactInt32Array(List<Integer> list) {
    int n = list.size();
    if (n < 127 && list instanceof Int32List l) {
      // The usual case (e.g. replica lists) kept in locals: measured faster on Metadata encode than
      // a put of the length followed by the elements (docs/performance-history.md, 2026-12-01).
      ensure(1 + 4 * n);
      byte[] b = buf;
      int p = pos;
      b[p++] = (byte) (n + 1);
      for (int i = 0; i < n; i++, p += 4) {
        INT.set(b, p, l.getInt32(i));
      }
      pos = p;
      return;
    }
    ensure(WireSizes.unsignedVarint(n + 1) + 4 * n);
    putUnsignedVarint(n + 1);
    putInt32s(list, n);
  }

  /** The classic array: its int32 length, then the elements. */
  public void writeInt64Array(List<Long> list) {
    int n = list.size();
    ensure(4 + 8 * n);
    putInt32(n);
    putInt64s(list, n);
  }

  /** The compact array: its unsigned-varint length + 1, then the elements. */
  public void writeCompactInt64Array(List<Long> list) {
    int n = list.size();
    if (n < 127 && list instanceof Int64List l) {
      // The usual case (e.g. replica lists) kept in locals: measured faster on Metadata encode than
      // a put of the length followed by the elements (docs/performance-history.md, 2026-12-01).
      ensure(1 + 8 * n);
      byte[] b = buf;
      int p = pos;
      b[p++] = (byte) (n + 1);
      for (int i = 0; i < n; i++, p += 8) {
        LONG.set(b, p, l.getInt64(i));
      }
      pos = p;
      return;
    }
    ensure(WireSizes.unsignedVarint(n + 1) + 8 * n);
    putUnsignedVarint(n + 1);
    putInt64s(list, n);
  }
}
