package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.WireWriter;
import java.util.zip.CRC32;

/**
 * Builds a magic 0 or 1 message set, for Produce requests and Fetch responses of old versions.
 * Uncompressed, each record becomes one message. Compressed, the records become inner messages of
 * one wrapper message whose value is the compressed inner set; the wrapper carries the last
 * offset, and (magic 1) the inner offsets are relative to the first.
 */
public final class LegacyRecordsBuilder {
  private final byte magic;
  private final long baseOffset;
  private Compression compression = Compression.NONE;
  private TimestampType timestampType;
  private long logAppendTime = -1;
  private final WireWriter messages = new WireWriter(512);
  private int count;
  private long lastOffset = -1;
  private long maxTimestamp = -1;

  private LegacyRecordsBuilder(byte magic, long baseOffset) {
    if (magic != 0 && magic != 1) {
      throw new IllegalArgumentException("legacy message sets have magic 0 or 1, not " + magic);
    }
    this.magic = magic;
    this.baseOffset = baseOffset;
    this.timestampType = magic == 0 ? TimestampType.NO_TIMESTAMP_TYPE : TimestampType.CREATE_TIME;
  }

  public static LegacyRecordsBuilder create(byte magic, long baseOffset) {
    return new LegacyRecordsBuilder(magic, baseOffset);
  }

  /** NONE, GZIP, SNAPPY or LZ4 (zstd needs magic 2). Set before appending. */
  public LegacyRecordsBuilder compression(Compression compression) {
    if (compression == Compression.ZSTD) {
      throw new IllegalArgumentException("zstd requires magic 2");
    }
    if (count > 0) {
      throw new IllegalStateException("set the compression before the first record");
    }
    this.compression = compression;
    return this;
  }

  /** Magic 1 only: CREATE_TIME (default) or LOG_APPEND_TIME with the append time. Set before appending. */
  public LegacyRecordsBuilder timestampType(TimestampType type, long logAppendTime) {
    if (magic == 0 || type == TimestampType.NO_TIMESTAMP_TYPE) {
      throw new IllegalArgumentException("only magic 1 messages carry a timestamp type");
    }
    if (count > 0) {
      throw new IllegalStateException("set the timestamp type before the first record");
    }
    this.timestampType = type;
    this.logAppendTime = logAppendTime;
    return this;
  }

  /** Appends a record at the next offset; magic 0 drops the timestamp. */
  public LegacyRecordsBuilder append(long timestamp, byte[] key, byte[] value) {
    return appendWithOffset(count == 0 ? baseOffset : lastOffset + 1, timestamp, key, value);
  }

  /**
   * Appends a record at an explicit offset, at least the base offset and above the previous
   * record's: a compacted log leaves gaps, which a down-converted fetch must keep.
   */
  public LegacyRecordsBuilder appendWithOffset(long offset, long timestamp, byte[] key, byte[] value) {
    if (magic > 0 && timestamp < 0 && timestamp != -1) {
      throw new KwireEncodeException("invalid negative timestamp " + timestamp);
    }
    if (offset < baseOffset || (count > 0 && offset <= lastOffset)) {
      throw new KwireEncodeException("offset " + offset + " must be at least the base offset " + baseOffset
          + " and above the previous record's " + lastOffset);
    }
    // Compressed magic 1 sets number inner messages from the base offset; the wrapper holds the absolute last offset.
    long written = compression != Compression.NONE && magic > 0 ? offset - baseOffset : offset;
    long ts = timestampType == TimestampType.LOG_APPEND_TIME ? logAppendTime : timestamp;
    writeMessage(messages, written, timestampBit(), ts, key, value, value == null ? 0 : value.length);
    maxTimestamp = Math.max(maxTimestamp, ts);
    lastOffset = offset;
    count++;
    return this;
  }

  public Records build() {
    if (compression == Compression.NONE || count == 0) {
      return Records.wrap(messages.buffer(), 0, messages.position());
    }
    WireWriter compressed = new WireWriter(messages.position() / 2 + 64);
    Codecs.of(compression).compress(messages.buffer(), 0, messages.position(), magic, compressed);
    WireWriter out = new WireWriter(compressed.position() + 40);
    byte attributes = (byte) (compression.id() | timestampBit());
    writeMessage(out, lastOffset, attributes, maxTimestamp, null, compressed.buffer(),
        compressed.position());
    return Records.wrap(out.buffer(), 0, out.position());
  }

  private byte timestampBit() {
    return timestampType == TimestampType.LOG_APPEND_TIME ? (byte) LegacyMessage.TIMESTAMP_TYPE_BIT : 0;
  }

  /** Offset, size, CRC-32 of magic..end, magic, attributes, [timestamp], key, value (first valueLength bytes). */
  private void writeMessage(WireWriter out, long offset, byte attributes, long timestamp, byte[] key,
      byte[] value, int valueLength) {
    int start = out.position();
    out.writeInt64(offset);
    out.writeInt32(0); // size, patched below
    out.writeInt32(0); // CRC, patched below
    out.writeInt8(magic);
    out.writeInt8(attributes);
    if (magic > 0) {
      out.writeInt64(timestamp);
    }
    writeBytes(out, key, key == null ? 0 : key.length);
    writeBytes(out, value, valueLength);
    int end = out.position();
    out.patchInt32(start + 8, end - start - LegacyMessage.OFFSET_AND_SIZE);
    CRC32 crc = new CRC32();
    crc.update(out.buffer(), start + LegacyMessage.MAGIC, end - start - LegacyMessage.MAGIC);
    out.patchInt32(start + LegacyMessage.CRC, (int) crc.getValue());
  }

  private static void writeBytes(WireWriter out, byte[] b, int length) {
    if (b == null) {
      out.writeInt32(-1);
    } else {
      out.writeInt32(length);
      out.writeRaw(b, 0, length);
    }
  }
}
