package io.kwire.runtime.records;

import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.WireReader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One record, as positions into its batch's bytes (or into the decompressed bytes of a compressed
 * batch). Key and value are reachable without copying ({@link #array()}, {@link #keyOffset()},
 * {@link #keyLength()}), as a read-only {@link ByteBuffer} view, or as a copy; headers are parsed
 * only when asked for. A length of -1 means null.
 */
public final class KafkaRecord {
  private byte[] buf;
  private long offset;
  private long timestamp;
  private int sequence;
  private byte attributes;
  private int keyOffset;
  private int keyLength;
  private int valueOffset;
  private int valueLength;
  private int headersOffset;
  private int headerCount;
  private int end = -1; // where the record's bytes end, when they live in a buffer that is reused

  KafkaRecord() {}

  /**
   * The record's bytes (key, value, headers) end at {@code end} in a buffer that the cursor reuses
   * (a compressed batch's window), so {@link #copy()} must copy them.
   */
  void detachOnCopy(int end) {
    this.end = end;
  }

  void set(byte[] buf, long offset, long timestamp, int sequence, byte attributes,
      int keyOffset, int keyLength, int valueOffset, int valueLength, int headersOffset, int headerCount) {
    this.buf = buf;
    this.offset = offset;
    this.timestamp = timestamp;
    this.sequence = sequence;
    this.attributes = attributes;
    this.keyOffset = keyOffset;
    this.keyLength = keyLength;
    this.valueOffset = valueOffset;
    this.valueLength = valueLength;
    this.headersOffset = headersOffset;
    this.headerCount = headerCount;
    this.end = -1;
  }

  /**
   * A detached copy of this view, valid after the cursor moves on. It shares the batch's bytes when
   * they are the input's (an uncompressed batch); a compressed batch's record gets its own copy of
   * its key, value and headers, as the cursor reuses its decompression buffer.
   */
  public KafkaRecord copy() {
    KafkaRecord r = new KafkaRecord();
    if (end < 0) {
      r.set(buf, offset, timestamp, sequence, attributes, keyOffset, keyLength, valueOffset, valueLength,
          headersOffset, headerCount);
    } else {
      int from = keyOffset; // the key, value and headers follow one another
      r.set(Arrays.copyOfRange(buf, from, end), offset, timestamp, sequence, attributes, 0, keyLength,
          valueOffset - from, valueLength, headersOffset - from, headerCount);
    }
    return r;
  }

  public long offset() {
    return offset;
  }

  /** The record's timestamp; the batch's for LOG_APPEND_TIME, -1 when the format has none (magic 0). */
  public long timestamp() {
    return timestamp;
  }

  /** The producer sequence number, or -1 when the batch has none. */
  public int sequence() {
    return sequence;
  }

  /** The record's attribute byte (unused in v2; the message attributes in magic 0/1). */
  public byte attributes() {
    return attributes;
  }

  /**
   * The array that {@link #keyOffset()} and {@link #valueOffset()} index. For a compressed batch it
   * is the cursor's decompression buffer, whose contents change when the cursor moves on.
   */
  public byte[] array() {
    return buf;
  }

  public int keyOffset() {
    return keyOffset;
  }

  /** Key length in bytes, -1 for a null key. */
  public int keyLength() {
    return keyLength;
  }

  public boolean hasKey() {
    return keyLength >= 0;
  }

  /** A read-only view of the key, or null. */
  public ByteBuffer key() {
    return view(keyOffset, keyLength);
  }

  /** A copy of the key, or null. */
  public byte[] keyBytes() {
    return copy(keyOffset, keyLength);
  }

  public int valueOffset() {
    return valueOffset;
  }

  /** Value length in bytes, -1 for a null value. */
  public int valueLength() {
    return valueLength;
  }

  public boolean hasValue() {
    return valueLength >= 0;
  }

  /** A read-only view of the value, or null. */
  public ByteBuffer value() {
    return view(valueOffset, valueLength);
  }

  /** A copy of the value, or null. */
  public byte[] valueBytes() {
    return copy(valueOffset, valueLength);
  }

  public int headerCount() {
    return headerCount;
  }

  /** The headers, parsed now (their layout was checked when the record was reached); values are copied. */
  public List<Header> headers() {
    if (headerCount == 0) {
      return List.of();
    }
    // lenient: a malformed key becomes U+FFFD replacements, as Kafka reads it
    WireReader in = new WireReader(buf, headersOffset, buf.length - headersOffset, DecodeOptions.LENIENT);
    List<Header> headers = new ArrayList<>(headerCount);
    for (int i = 0; i < headerCount; i++) {
      String key = in.readUtf8(in.readVarint()); // keys of 1 or 2 bytes are shared strings
      int valueLen = in.readVarint();
      byte[] value = valueLen < 0 ? null : copy(headersOffset + in.offset(), valueLen);
      in.skip(Math.max(0, valueLen));
      headers.add(new Header(key, value));
    }
    return headers;
  }

  private ByteBuffer view(int at, int length) {
    return length < 0 ? null : ByteBuffer.wrap(buf, at, length).slice().asReadOnlyBuffer();
  }

  private byte[] copy(int at, int length) {
    return length < 0 ? null : Arrays.copyOfRange(buf, at, at + length);
  }

  @Override
  public String toString() {
    return "KafkaRecord[offset=" + offset + ", timestamp=" + timestamp + ", key=" + keyLength + " bytes, value="
        + valueLength + " bytes, headers=" + headerCount + "]";
  }
}
