package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireProtocolException;
import java.io.IOException;

/**
 * One magic 0 or 1 message at the top level of a record set (Kafka's "shallow" entry): either a
 * plain message, which is a batch of one record, or a compressed wrapper whose value holds a whole
 * message set of inner messages.
 */
public final class LegacyRecordBatch implements RecordBatch {
  private final LegacyMessage message;
  private final int position;
  private final ReadOptions options;

  LegacyRecordBatch(LegacyMessage message, int position, ReadOptions options) {
    this.message = message;
    this.position = position;
    this.options = options;
  }

  @Override
  public byte magic() {
    return message.magic;
  }

  /** The first record's offset; for a compressed wrapper this decompresses it to find out. */
  @Override
  public long baseOffset() {
    if (compression() == Compression.NONE) {
      return message.offset;
    }
    RecordCursor cursor = cursor();
    return cursor.next() ? cursor.record().offset() : message.offset;
  }

  /** The wrapper's own offset, which is its last inner record's. */
  @Override
  public long lastOffset() {
    return message.offset;
  }

  public byte attributes() {
    return message.attributes;
  }

  /** The message's timestamp (magic 1), -1 for magic 0. */
  public long timestamp() {
    return message.timestamp;
  }

  public long checksum() {
    return message.storedCrc();
  }

  @Override
  public Compression compression() {
    int id = message.compressionId();
    Compression c = Compression.fromId(id);
    if (c == null || c == Compression.ZSTD) {
      throw error(c == null ? "unknown compression codec id " + id : "zstd requires magic 2");
    }
    return c;
  }

  @Override
  public TimestampType timestampType() {
    return message.timestampType();
  }

  @Override
  public boolean isTransactional() {
    return false;
  }

  @Override
  public boolean isControl() {
    return false;
  }

  @Override
  public int position() {
    return position;
  }

  @Override
  public Records bytes() {
    return Records.wrap(message.buf, message.start, message.size);
  }

  public void ensureValid() {
    String problem = message.crcMismatch();
    if (problem != null) {
      throw error(problem);
    }
  }

  @Override
  public RecordCursor cursor() {
    Compression compression = compression();
    if (compression == Compression.NONE) {
      return LegacyRecordCursor.single(message);
    }
    if (message.valueLength < 0) {
      throw error("compressed wrapper message has a null value");
    }
    BoundedOutput out = new BoundedOutput(options.maxDecompressedBytes(), 4 * message.valueLength);
    try {
      Codecs.of(compression).decompress(message.buf, message.valueOffset, message.valueLength, message.magic, out);
    } catch (IOException e) {
      throw error(compression + " wrapper cannot be decompressed: " + e.getMessage());
    }
    try {
      return LegacyRecordCursor.inner(message, out.array(), out.size(), options.verifyCrc());
    } catch (KwireProtocolException e) {
      throw error("inner message at decompressed byte " + e.offset() + ": " + e.reason());
    }
  }

  KwireProtocolException error(String why) {
    return new KwireProtocolException(position, "magic " + message.magic + " message at byte " + position
        + " (offset " + message.offset + "): " + why);
  }

  @Override
  public String toString() {
    return "LegacyRecordBatch[magic=" + magic() + ", offset=" + message.offset + ", " + message.size + " bytes, "
        + compression() + "]";
  }
}
