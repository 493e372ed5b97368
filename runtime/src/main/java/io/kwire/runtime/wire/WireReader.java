package io.kwire.runtime.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * A big-endian input over a {@code byte[]} range. Every length or count read from the wire is
 * checked against the bytes remaining before anything is allocated; any violation raises
 * {@link KwireProtocolException} with the offset (relative to the start of the range).
 *
 * <p>Strict by default (the rules are listed in docs/reference.md, "Strict decoding"); a reader made with
 * {@link DecodeOptions#lenient()} accepts what Kafka's readers accept instead. The mode lives here,
 * so generated readers are the same code in both modes and pay nothing for it in strict mode: the
 * lenient branches sit only where strict mode would throw.
 */
public final class WireReader {
  private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  // Empty arrays, so that reading an empty array allocates nothing (wrap returns the shared empty list).
  private static final byte[] NO_BYTES = new byte[0];
  private static final short[] NO_SHORTS = new short[0];
  private static final int[] NO_INTS = new int[0];
  private static final long[] NO_LONGS = new long[0];

  private final byte[] buf;
  private final int start;
  private int pos;
  private int limit;
  private final boolean lenient;
  private final int maxArrayLength;
  private final int maxTaggedFields;
  // Scratch for sorting a lenient reader's unsorted tagged fields; null until first needed.
  private long[] tagOrder;
  private byte[] sectionScratch;

  public WireReader(byte[] buf) {
    this(buf, 0, buf.length);
  }

  public WireReader(byte[] buf, int offset, int length) {
    this(buf, offset, length, DecodeOptions.STRICT);
  }

  public WireReader(byte[] buf, int offset, int length, DecodeOptions options) {
    if (offset < 0 || length < 0 || offset > buf.length - length) {
      throw new IndexOutOfBoundsException("range [" + offset + ", " + offset + "+" + length + ") outside an array of " + buf.length);
    }
    this.buf = buf;
    this.start = offset;
    this.pos = offset;
    this.limit = offset + length;
    this.lenient = options.lenient();
    this.maxArrayLength = options.maxArrayLength();
    this.maxTaggedFields = options.maxTaggedFields();
  }

  /** Whether this reader accepts what Kafka's readers accept rather than kwire's strict rules. */
  public boolean lenient() {
    return lenient;
  }

  /** Offset of the next byte, from the start of the range. */
  public int offset() {
    return pos - start;
  }

  public int remaining() {
    return limit - pos;
  }

  public boolean hasRemaining() {
    return pos < limit;
  }

  /** The malformed-input exception at the current offset. */
  public KwireProtocolException error(String reason) {
    return new KwireProtocolException(pos - start, reason);
  }

  /** Fails unless {@code n} more bytes are available. */
  public void require(int n) {
    if (limit - pos < n) {
      throw error("needs " + n + " byte(s), only " + (limit - pos) + " remain");
    }
  }

  public void skip(int n) {
    require(n);
    pos += n;
  }

  // ---- fixed width ----

  public byte readInt8() {
    require(1);
    return buf[pos++];
  }

  /** 0 or 1; Kafka's readers take any non-zero byte as true. */
  public boolean readBool() {
    return bool(readInt8());
  }

  public short readInt16() {
    require(2);
    short v = (short) SHORT.get(buf, pos);
    pos += 2;
    return v;
  }

  public int readUint16() {
    return readInt16() & 0xFFFF;
  }

  public int readInt32() {
    require(4);
    int v = (int) INT.get(buf, pos);
    pos += 4;
    return v;
  }

  public long readUint32() {
    return readInt32() & 0xFFFF_FFFFL;
  }

  public long readInt64() {
    require(8);
    long v = (long) LONG.get(buf, pos);
    pos += 8;
    return v;
  }

  public double readFloat64() {
    return Double.longBitsToDouble(readInt64());
  }

  public UUID readUuid() {
    require(16);
    long msb = (long) LONG.get(buf, pos);
    long lsb = (long) LONG.get(buf, pos + 8);
    pos += 16;
    return new UUID(msb, lsb);
  }

  // ---- unchecked fixed width: generated readers call require(n) once for a run of these ----

  public byte getInt8() {
    return buf[pos++];
  }

  public boolean getBool() {
    return bool(buf[pos++]);
  }

  private boolean bool(byte b) {
    if ((b & 0xFE) != 0 && !lenient) {
      pos--;
      throw error("bool byte " + (b & 0xFF) + " is neither 0 nor 1");
    }
    return b != 0;
  }

  public short getInt16() {
    short v = (short) SHORT.get(buf, pos);
    pos += 2;
    return v;
  }

  public int getUint16() {
    return getInt16() & 0xFFFF;
  }

  public int getInt32() {
    int v = (int) INT.get(buf, pos);
    pos += 4;
    return v;
  }

  public long getUint32() {
    return getInt32() & 0xFFFF_FFFFL;
  }

  public long getInt64() {
    long v = (long) LONG.get(buf, pos);
    pos += 8;
    return v;
  }

  public double getFloat64() {
    return Double.longBitsToDouble(getInt64());
  }

  // ---- varints ----

  /** An unsigned varint of at most 5 bytes, as a 32-bit pattern. */
  public int readUnsignedVarint() {
    if (pos < limit) {
      byte b = buf[pos];
      if (b >= 0) {
        pos++;
        return b;
      }
    }
    return readUnsignedVarintSlow();
  }

  private int readUnsignedVarintSlow() {
    int at = pos;
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (pos >= limit) {
        pos = at;
        throw error("varint is truncated");
      }
      byte b = buf[pos++];
      value |= (b & 0x7F) << shift;
      if (b >= 0) {
        if (shift == 28 && (b & 0x70) != 0 && !lenient) {
          pos = at;
          throw error("varint exceeds 32 bits");
        }
        return value;
      }
    }
    pos = at;
    throw error("varint is longer than 5 bytes");
  }

  /** A zigzag-encoded signed varint (record batches). */
  public int readVarint() {
    int z = readUnsignedVarint();
    return (z >>> 1) ^ -(z & 1);
  }

  /** A zigzag-encoded signed varlong of at most 10 bytes (record batches). */
  public long readVarlong() {
    int at = pos;
    long value = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (pos >= limit) {
        pos = at;
        throw error("varlong is truncated");
      }
      byte b = buf[pos++];
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return (value >>> 1) ^ -(value & 1);
      }
    }
    pos = at;
    throw error("varlong is longer than 10 bytes");
  }

  // ---- lengths ----

  /** Classic string length: -1 is null (returned as -1), other negatives and > 32767 are errors. */
  private int stringLength(int n, boolean nullable) {
    if (n < 0) {
      if ((n == -1 || lenient) && nullable) {
        return -1;
      }
      throw error(n == -1 || lenient ? "non-nullable string is null" : "negative string length " + n);
    }
    if (n > WireWriter.MAX_STRING_LENGTH) {
      throw error("string length " + n + " exceeds the maximum of " + WireWriter.MAX_STRING_LENGTH);
    }
    require(n);
    return n;
  }

  /** Compact length: the unsigned varint holds length+1, 0 is null (returned as -1). */
  private int compactLength(String what, boolean nullable) {
    int v = readUnsignedVarint();
    if (v == 0) {
      if (nullable) {
        return -1;
      }
      throw error("non-nullable " + what + " is null");
    }
    if (v < 0) {
      // Kafka reads 2^31 or more as a negative int, then as null
      if (lenient && nullable) {
        return -1;
      }
      throw error(what + " length " + Integer.toUnsignedLong(v) + " is too large");
    }
    return v - 1;
  }

  private int classicLength(String what, boolean nullable) {
    int n = readInt32();
    if (n < 0) {
      if ((n == -1 || lenient) && nullable) {
        return -1;
      }
      pos -= 4;
      throw error(n == -1 || lenient ? "non-nullable " + what + " is null" : "negative " + what + " length " + n);
    }
    return n;
  }

  // ---- strings ----

  public String readString(boolean nullable) {
    int n = stringLength(readInt16(), nullable);
    return n < 0 ? null : utf8(n);
  }

  public String readCompactString(boolean nullable) {
    // Fast path, kept small so the JIT inlines it into every struct reader: a one-byte length
    // (strings of up to 126 bytes) that the input holds needs none of the checks below.
    if (pos < limit) {
      int v = buf[pos];
      if (v > 0 && v <= limit - pos) {
        pos++;
        return utf8(v - 1);
      }
    }
    return readCompactStringSlow(nullable);
  }

  private String readCompactStringSlow(boolean nullable) {
    int n = compactLength("string", nullable);
    if (n < 0) {
      return null;
    }
    return utf8(stringLength(n, false));
  }

  /**
   * The next {@code length} bytes as a UTF-8 string (a record header's key, whose length is a
   * varint); strings of 1 or 2 bytes are shared instances.
   */
  public String readUtf8(int length) {
    if (length < 0) {
      throw error("negative string length " + length);
    }
    require(length);
    return utf8(length);
  }

  private String utf8(int n) {
    if (n == 0) {
      return ""; // common (e.g. committed offset metadata), and new String would allocate
    }
    if (n <= 2) {
      // shared: a new String of 1 or 2 bytes would cost up to 26 heap bytes per wire byte
      String s = ShortStrings.of(buf, pos, n);
      if (!lenient && ShortStrings.malformed(s)) {
        throw error("string is not valid UTF-8");
      }
      pos += n;
      return s;
    }
    String s = new String(buf, pos, n, StandardCharsets.UTF_8);
    // The JDK replaces malformed UTF-8 with U+FFFD: only then is a second look needed.
    if (s.indexOf('\uFFFD') >= 0 && !lenient && !Utf8.isValid(buf, pos, n)) {
      throw error("string is not valid UTF-8");
    }
    pos += n;
    return s;
  }

  // ---- bytes ----

  public byte[] readBytes(boolean nullable) {
    int n = classicLength("bytes", nullable);
    return n < 0 ? null : copy(n);
  }

  public byte[] readCompactBytes(boolean nullable) {
    int n = compactLength("bytes", nullable);
    return n < 0 ? null : copy(n);
  }

  private byte[] copy(int n) {
    require(n);
    if (n == 0) {
      return NO_BYTES; // it has no element to change, so sharing it is safe
    }
    byte[] b = Arrays.copyOfRange(buf, pos, pos + n);
    pos += n;
    return b;
  }

  /** Zero-copy bytes: a read-only view of the input. */
  public ByteBuffer readByteBuffer(boolean nullable) {
    int n = classicLength("bytes", nullable);
    return n < 0 ? null : slice(n);
  }

  public ByteBuffer readCompactByteBuffer(boolean nullable) {
    int n = compactLength("bytes", nullable);
    return n < 0 ? null : slice(n);
  }

  private ByteBuffer slice(int n) {
    require(n);
    ByteBuffer b = ByteBuffer.wrap(buf, pos, n).slice().asReadOnlyBuffer();
    pos += n;
    return b;
  }

  /** Makes a value over bytes of the input where they lie, without copying them. */
  @FunctionalInterface
  public interface BytesView<T> {
    T over(byte[] array, int offset, int length);
  }

  /**
   * Classic length-prefixed bytes handed to {@code view} uncopied: how a zero-copy type of a layer
   * above this one (records) is read without this package knowing it. {@code what} names it in errors.
   */
  public <T> T readBytesView(String what, boolean nullable, BytesView<T> view) {
    int n = classicLength(what, nullable);
    return n < 0 ? null : view(n, view);
  }

  /** As {@link #readBytesView}, with a compact (varint) length. */
  public <T> T readCompactBytesView(String what, boolean nullable, BytesView<T> view) {
    int n = compactLength(what, nullable);
    return n < 0 ? null : view(n, view);
  }

  private <T> T view(int n, BytesView<T> view) {
    require(n);
    T v = view.over(buf, pos, n);
    pos += n;
    return v;
  }

  // ---- arrays ----

  /**
   * Classic array count: -1 is null (returned as -1). The count must fit the bytes remaining at
   * {@code minElementSize} bytes (at least 1) per element, so no allocation exceeds the input.
   */
  public int readArrayLength(boolean nullable, int minElementSize) {
    int n = classicLength("array", nullable);
    return n < 0 ? -1 : checkCount(n, minElementSize, 4);
  }

  public int readCompactArrayLength(boolean nullable, int minElementSize) {
    // Fast path, as in readCompactString: a one-byte count within both limits needs no more checks.
    if (pos < limit) {
      int n = buf[pos] - 1;
      if (n >= 0 && n <= maxArrayLength && n * Math.max(1, minElementSize) <= limit - pos - 1) {
        pos++;
        return n;
      }
    }
    return readCompactArrayLengthSlow(nullable, minElementSize);
  }

  private int readCompactArrayLengthSlow(boolean nullable, int minElementSize) {
    int at = pos;
    int n = compactLength("array", nullable);
    return n < 0 ? -1 : checkCount(n, minElementSize, pos - at);
  }

  private int checkCount(int n, int minElementSize, int prefixLength) {
    if (n > maxArrayLength) {
      pos -= prefixLength;
      throw error("array of " + n + " element(s) exceeds the maximum of " + maxArrayLength);
    }
    long needed = (long) n * Math.max(1, minElementSize);
    int available = limit - pos;
    if (needed > available) {
      pos -= prefixLength;
      throw error("array of " + n + " element(s) needs at least " + needed + " byte(s), only " + available + " remain");
    }
    return n;
  }

  public Int8List readInt8s(int n) {
    require(n);
    if (n == 0) {
      return Int8List.wrap(NO_BYTES);
    }
    byte[] v = Arrays.copyOfRange(buf, pos, pos + n);
    pos += n;
    return Int8List.wrap(v);
  }

  public Int16List readInt16s(int n) {
    require(2 * n);
    if (n == 0) {
      return Int16List.wrap(NO_SHORTS);
    }
    short[] v = new short[n];
    int p = pos;
    for (int i = 0; i < n; i++, p += 2) {
      v[i] = (short) SHORT.get(buf, p);
    }
    pos = p;
    return Int16List.wrap(v);
  }

  public Int32List readInt32s(int n) {
    require(4 * n);
    if (n == 0) {
      return Int32List.wrap(NO_INTS);
    }
    return int32s(n);
  }

  /** {@code n > 0} values whose {@code 4 * n} bytes the caller has checked are there. */
  private Int32List int32s(int n) {
    int p = pos;
    int[] v;
    if (n <= 4) {
      // replica lists: an initialised array of constant length is allocated without zeroing first
      int a = (int) INT.get(buf, p);
      v = n == 1 ? new int[] {a}
          : n == 2 ? new int[] {a, (int) INT.get(buf, p + 4)}
          : n == 3 ? new int[] {a, (int) INT.get(buf, p + 4), (int) INT.get(buf, p + 8)}
          : new int[] {a, (int) INT.get(buf, p + 4), (int) INT.get(buf, p + 8), (int) INT.get(buf, p + 12)};
      pos = p + 4 * n;
      return Int32List.wrap(v);
    }
    v = new int[n];
    for (int i = 0; i < n; i++, p += 4) {
      v[i] = (int) INT.get(buf, p);
    }
    pos = p;
    return Int32List.wrap(v);
  }

  /**
   * A whole compact {@code []int32}: its count, then its values; null when {@code nullable} and the
   * count says null. The same checks, errors and offsets as {@link #readCompactArrayLength} with a
   * minimum element size of 4 followed by {@link #readInt32s(int)}, in one call and without checking
   * the values' bytes twice: the count's fast path and {@link #int32s} are small enough to be inlined
   * into the struct reader.
   */
  public Int32List readCompactInt32Array(boolean nullable) {
    return checkedInt32Array(readCompactArrayLength(nullable, 4));
  }

  /** {@link #readCompactInt32Array(boolean)}, handing back {@code same} as {@link #readInt32s(int, List)} does. */
  public Int32List readCompactInt32Array(boolean nullable, List<Integer> same) {
    int n = readCompactArrayLength(nullable, 4);
    return n < 0 ? null : readInt32s(n, same);
  }

  /** A whole classic {@code []int32} (a 4-byte count): {@link #readArrayLength} then {@link #readInt32s(int)}. */
  public Int32List readInt32Array(boolean nullable) {
    return checkedInt32Array(readArrayLength(nullable, 4));
  }

  /** The values of an array whose count the array-length check has held against the bytes left; null for -1. */
  private Int32List checkedInt32Array(int n) {
    if (n > 0) {
      return int32s(n);
    }
    return n == 0 ? Int32List.wrap(NO_INTS) : null;
  }

  /** {@link #readInt32Array(boolean)}, handing back {@code same} as {@link #readInt32s(int, List)} does. */
  public Int32List readInt32Array(boolean nullable, List<Integer> same) {
    int n = readArrayLength(nullable, 4);
    return n < 0 ? null : readInt32s(n, same);
  }

  /**
   * Like {@link #readInt32s(int)}, but hands back {@code same} itself when it already holds exactly
   * the next {@code n} values. Generated readers pass the struct's previous {@code []int32} field:
   * a Kafka partition's ISR usually equals its replicas, and sharing the immutable list saves a list
   * and an array per partition (Metadata decode allocation, docs/performance.md).
   */
  public Int32List readInt32s(int n, List<Integer> same) {
    if (n == 0 || !(same instanceof Int32List l) || l.size() != n) {
      return readInt32s(n);
    }
    require(4 * n);
    for (int i = 0, p = pos; i < n; i++, p += 4) {
      if ((int) INT.get(buf, p) != l.getInt32(i)) {
        return readInt32s(n);
      }
    }
    pos += 4 * n;
    return l;
  }

  public Int64List readInt64s(int n) {
    require(8 * n);
    if (n == 0) {
      return Int64List.wrap(NO_LONGS);
    }
    long[] v = new long[n];
    int p = pos;
    for (int i = 0; i < n; i++, p += 8) {
      v[i] = (long) LONG.get(buf, p);
    }
    pos = p;
    return Int64List.wrap(v);
  }

  // ---- tagged fields ----

  /** Count of a tagged-field section; each field takes at least 2 bytes (tag and size). */
  public int readTaggedFieldCount() {
    if (skipEmptySection()) {
      return 0;
    }
    int at = pos;
    int n = readUnsignedVarint();
    if (n < 0 && lenient) {
      return 0; // Kafka's readers before 4.4 loop zero times over a negative count
    }
    if (n > maxTaggedFields) {
      pos = at;
      throw error("tagged-field count " + n + " exceeds the maximum of " + maxTaggedFields);
    }
    int remaining = limit - pos;
    if (n < 0 || (long) n * 2 > remaining) {
      pos = at;
      throw error("tagged-field count " + Integer.toUnsignedLong(n) + " exceeds what " + remaining + " remaining byte(s) can hold");
    }
    return n;
  }

  /** The next tag of a section; tags must be strictly ascending, so {@code previousTag} starts at -1. */
  public int readTag(int previousTag) {
    int at = pos;
    int tag = readUnsignedVarint();
    if (tag <= previousTag && (tag < 0 || !lenient)) {
      pos = at;
      throw error(tag < 0
          ? "tag " + Integer.toUnsignedLong(tag) + " is out of range"
          : "tag " + tag + " follows tag " + previousTag + ": tags must be strictly ascending");
    }
    return tag;
  }

  /**
   * Reads a tagged field's size and narrows the input to it; pass the result to {@link #endTaggedField}.
   * A lenient reader ignores the size of a known field, as Kafka's generated readers do.
   */
  public int beginTaggedField() {
    int at = pos;
    int size = readUnsignedVarint();
    if (lenient) {
      return limit;
    }
    if (size < 0 || size > limit - pos) {
      pos = at;
      throw error("tagged field size " + Integer.toUnsignedLong(size) + " exceeds the " + (limit - pos) + " byte(s) remaining");
    }
    int old = limit;
    limit = pos + size;
    return old;
  }

  /** Checks that a known tagged field's value used exactly its declared size, and widens the input again. */
  public void endTaggedField(int oldLimit) {
    if (pos != limit && !lenient) {
      throw error("tagged field has " + (limit - pos) + " byte(s) beyond its value");
    }
    limit = oldLimit;
  }

  /** Reads an unknown tagged field's size and bytes. */
  public byte[] readUnknownTaggedField() {
    int at = pos;
    int size = readUnsignedVarint();
    if (size < 0 || size > limit - pos) {
      pos = at;
      throw error("tagged field size " + Integer.toUnsignedLong(size) + " exceeds the " + (limit - pos) + " byte(s) remaining");
    }
    return copy(size);
  }

  /** Skips an unknown tagged field the record has no place to keep. */
  public void skipUnknownTaggedField() {
    int at = pos;
    int size = readUnsignedVarint();
    if (size < 0 || size > limit - pos) {
      pos = at;
      throw error("tagged field size " + Integer.toUnsignedLong(size) + " exceeds the " + (limit - pos) + " byte(s) remaining");
    }
    pos += size;
  }

  /** A whole tagged-field section of which the reader knows no tag: every field is kept as unknown. */
  public UnknownTaggedFields readTaggedSection() {
    return skipEmptySection() ? UnknownTaggedFields.EMPTY : readNonEmptyTaggedSection();
  }

  /**
   * Consumes the one-byte empty tagged section if that is what comes next. Nearly every section is
   * empty, so the section readers test this first and stay small enough for the JIT to inline.
   */
  private boolean skipEmptySection() {
    if (pos < limit && buf[pos] == 0) {
      pos++;
      return true;
    }
    return false;
  }

  private UnknownTaggedFields readNonEmptyTaggedSection() {
    int count = readTaggedFieldCount();
    if (count == 0) {
      return UnknownTaggedFields.EMPTY;
    }
    int from = pos;
    int tag = -1;
    boolean ascending = true;
    for (int i = 0; i < count; i++) {
      int next = readTag(tag);
      ascending &= next > tag;
      tag = next;
      skipUnknownTaggedField();
    }
    if (ascending) {
      // one copy of the section's bytes, not an object per field (see UnknownTaggedFields)
      return UnknownTaggedFields.ofSection(buf, from, pos - from, count);
    }
    return sortedSection(from, count);
  }

  /**
   * A section whose tags a lenient reader found unsorted or repeated, from {@code from} to the
   * current position: its fields in ascending tag order, of a repeated tag the last one read (as a
   * repeated known tag overwrites its field). Sorted through scratch arrays kept by this reader,
   * so that a section in every element of an array costs no more than a sorted one.
   */
  private UnknownTaggedFields sortedSection(int from, int count) {
    int end = pos;
    if (tagOrder == null || tagOrder.length < count) {
      tagOrder = new long[Math.max(count, 8)];
    }
    if (sectionScratch == null || sectionScratch.length < end - from) {
      sectionScratch = new byte[Math.max(end - from, 64)];
    }
    long[] order = tagOrder;
    pos = from;
    for (int i = 0; i < count; i++) {
      int at = pos;
      int tag = readUnsignedVarint();
      skipUnknownTaggedField();
      order[i] = (long) tag << 32 | (at - from); // by tag, then by position: the last of a tag sorts last
    }
    Arrays.sort(order, 0, count);
    byte[] out = sectionScratch;
    int length = 0;
    int kept = 0;
    for (int i = 0; i < count; i++) {
      if (i + 1 < count && order[i + 1] >>> 32 == order[i] >>> 32) {
        continue;
      }
      int at = from + (int) order[i];
      pos = at;
      readUnsignedVarint();
      int size = readUnsignedVarint();
      System.arraycopy(buf, at, out, length, pos + size - at);
      length += pos + size - at;
      kept++;
    }
    pos = end;
    return UnknownTaggedFields.ofSection(out, 0, length, kept);
  }

  /** Skips a whole tagged-field section, checking its structure. */
  public void skipTaggedSection() {
    int count = readTaggedFieldCount(); // an empty section costs one test there
    int tag = -1;
    for (int i = 0; i < count; i++) {
      tag = readTag(tag);
      skipUnknownTaggedField();
    }
  }

  /** Fails when the input has bytes left after a complete message. */
  public void requireFullyConsumed() {
    if (pos != limit && !lenient) {
      throw error((limit - pos) + " byte(s) left after the end of the message");
    }
  }
}
