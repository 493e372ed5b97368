package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireProtocolException;
import java.util.zip.CRC32;

/**
 * One magic 0 or 1 message with its offset and size prefix, parsed and checked: offset int64, size
 * int32, then CRC-32 (over magic to end), magic int8, attributes int8, timestamp int64 (magic 1 only),
 * key and value as int32-length bytes (-1 = null). Errors carry offsets relative to the entry start.
 */
final class LegacyMessage {
  static final int OFFSET_AND_SIZE = 12;
  static final int CRC = 12;
  static final int MAGIC = 16;
  static final int ATTRIBUTES = 17;
  static final int TIMESTAMP = 18;
  static final int COMPRESSION_MASK = 0x07;
  static final int TIMESTAMP_TYPE_BIT = 0x08;

  final byte[] buf;
  final int start;
  final int size;
  final long offset;
  final byte magic;
  final byte attributes;
  final long timestamp;
  final int keyOffset;
  final int keyLength;
  final int valueOffset;
  final int valueLength;

  /** Smallest message (size field) for a magic: CRC, magic, attributes, [timestamp], key and value lengths. */
  static int minMessageSize(byte magic) {
    return magic == 0 ? 14 : 22;
  }

  /** Parses the entry at {@code start} whose size field says it spans {@code size} bytes in all. */
  LegacyMessage(byte[] buf, int start, int size) {
    this.buf = buf;
    this.start = start;
    this.size = size;
    this.offset = Bytes.getLong(buf, start);
    this.magic = buf[start + MAGIC];
    this.attributes = buf[start + ATTRIBUTES];
    int at = start + TIMESTAMP;
    if (magic == 1) {
      this.timestamp = Bytes.getLong(buf, at);
      at += 8;
    } else {
      this.timestamp = -1;
    }
    int end = start + size;
    this.keyLength = length(at, end, "key");
    this.keyOffset = at + 4;
    at = keyOffset + Math.max(0, keyLength);
    this.valueLength = length(at, end, "value");
    this.valueOffset = at + 4;
    at = valueOffset + Math.max(0, valueLength);
    if (at != end) {
      throw new KwireProtocolException(at - start, (end - at) + " byte(s) after the message's value");
    }
  }

  private int length(int at, int end, String what) {
    if (end - at < 4) {
      throw new KwireProtocolException(at - start, what + " length is truncated");
    }
    int n = Bytes.getInt(buf, at);
    if (n < -1 || n > end - at - 4) {
      throw new KwireProtocolException(at - start, what + " length " + n + " is negative or exceeds the "
          + (end - at - 4) + " byte(s) left in the message");
    }
    return n;
  }

  long storedCrc() {
    return Bytes.getInt(buf, start + CRC) & 0xFFFF_FFFFL;
  }

  long computeCrc() {
    CRC32 crc = new CRC32();
    crc.update(buf, start + MAGIC, size - MAGIC);
    return crc.getValue();
  }

  /** The CRC problem, or null when it matches. */
  String crcMismatch() {
    long stored = storedCrc();
    long computed = computeCrc();
    return stored == computed ? null
        : String.format("CRC-32 mismatch: stored 0x%08x, computed 0x%08x (corrupt message)", stored, computed);
  }

  int compressionId() {
    return attributes & COMPRESSION_MASK;
  }

  TimestampType timestampType() {
    if (magic == 0) {
      return TimestampType.NO_TIMESTAMP_TYPE;
    }
    return (attributes & TIMESTAMP_TYPE_BIT) != 0 ? TimestampType.LOG_APPEND_TIME : TimestampType.CREATE_TIME;
  }
}
