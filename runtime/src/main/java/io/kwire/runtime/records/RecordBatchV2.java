package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireProtocolException;
import java.io.IOException;
import java.util.zip.CRC32C;

/**
 * A RecordBatch v2 (magic 2), viewed in place. The header fields are read from the bytes on each
 * call; records are parsed lazily by {@link #cursor()}, and a compressed batch is inflated only as
 * far as its cursor has read.
 */
public final class RecordBatchV2 implements RecordBatch {
  static final int BASE_OFFSET = 0;
  static final int LENGTH = 8;
  static final int PARTITION_LEADER_EPOCH = 12;
  static final int MAGIC = 16;
  static final int CRC = 17;
  static final int ATTRIBUTES = 21;
  static final int LAST_OFFSET_DELTA = 23;
  static final int BASE_TIMESTAMP = 27;
  static final int MAX_TIMESTAMP = 35;
  static final int PRODUCER_ID = 43;
  static final int PRODUCER_EPOCH = 51;
  static final int BASE_SEQUENCE = 53;
  static final int RECORD_COUNT = 57;
  /** Size of the header; records start here. */
  public static final int HEADER_SIZE = 61;
  /** Offset and length fields, which the length does not count. */
  static final int LOG_OVERHEAD = 12;
  /** Smallest possible record: length, attributes, timestamp delta, offset delta, key, value, header count. */
  static final int MIN_RECORD_SIZE = 7;

  static final int COMPRESSION_MASK = 0x07;
  static final int TIMESTAMP_TYPE_BIT = 0x08;
  static final int TRANSACTIONAL_BIT = 0x10;
  static final int CONTROL_BIT = 0x20;
  static final int DELETE_HORIZON_BIT = 0x40;

  private final byte[] buf;
  private final int start;
  private final int size;
  private final int position;
  private final ReadOptions options;

  RecordBatchV2(byte[] buf, int start, int size, int position, ReadOptions options) {
    this.buf = buf;
    this.start = start;
    this.size = size;
    this.position = position;
    this.options = options;
  }

  /** Reads the single batch that {@code records} must hold exactly. */
  public static RecordBatchV2 of(Records records, ReadOptions options) {
    RecordBatch batch = RecordBatches.single(records, options);
    if (batch instanceof RecordBatchV2 v2) {
      return v2;
    }
    throw new KwireProtocolException(0, "expected a RecordBatch v2, found magic " + batch.magic());
  }

  @Override
  public byte magic() {
    return buf[start + MAGIC];
  }

  @Override
  public long baseOffset() {
    return Bytes.getLong(buf, start + BASE_OFFSET);
  }

  @Override
  public long lastOffset() {
    return baseOffset() + lastOffsetDelta();
  }

  public int lastOffsetDelta() {
    return Bytes.getInt(buf, start + LAST_OFFSET_DELTA);
  }

  public int partitionLeaderEpoch() {
    return Bytes.getInt(buf, start + PARTITION_LEADER_EPOCH);
  }

  /** The stored CRC-32C, unsigned. */
  public long checksum() {
    return Bytes.getInt(buf, start + CRC) & 0xFFFF_FFFFL;
  }

  /** CRC-32C of attributes through the end, as it should be stored. */
  public long computeChecksum() {
    CRC32C crc = new CRC32C();
    crc.update(buf, start + ATTRIBUTES, size - ATTRIBUTES);
    return crc.getValue();
  }

  public short attributes() {
    return Bytes.getShort(buf, start + ATTRIBUTES);
  }

  @Override
  public Compression compression() {
    int id = attributes() & COMPRESSION_MASK;
    Compression c = Compression.fromId(id);
    if (c == null) {
      throw error("unknown compression codec id " + id);
    }
    return c;
  }

  @Override
  public TimestampType timestampType() {
    return (attributes() & TIMESTAMP_TYPE_BIT) != 0 ? TimestampType.LOG_APPEND_TIME : TimestampType.CREATE_TIME;
  }

  @Override
  public boolean isTransactional() {
    return (attributes() & TRANSACTIONAL_BIT) != 0;
  }

  @Override
  public boolean isControl() {
    return (attributes() & CONTROL_BIT) != 0;
  }

  public boolean hasDeleteHorizon() {
    return (attributes() & DELETE_HORIZON_BIT) != 0;
  }

  /** The delete horizon (held in the base timestamp field), or -1 when the bit is not set. */
  public long deleteHorizonMs() {
    return hasDeleteHorizon() ? baseTimestamp() : -1;
  }

  public long baseTimestamp() {
    return Bytes.getLong(buf, start + BASE_TIMESTAMP);
  }

  public long maxTimestamp() {
    return Bytes.getLong(buf, start + MAX_TIMESTAMP);
  }

  public long producerId() {
    return Bytes.getLong(buf, start + PRODUCER_ID);
  }

  public short producerEpoch() {
    return Bytes.getShort(buf, start + PRODUCER_EPOCH);
  }

  public int baseSequence() {
    return Bytes.getInt(buf, start + BASE_SEQUENCE);
  }

  /** The record count the header claims (checked against the bytes when the records are read). */
  public int recordCount() {
    return Bytes.getInt(buf, start + RECORD_COUNT);
  }

  @Override
  public int position() {
    return position;
  }

  @Override
  public Records bytes() {
    return Records.wrap(buf, start, size);
  }

  @Override
  public int sizeInBytes() {
    return size;
  }

  /** Fails unless the stored CRC matches the bytes. */
  public void ensureValid() {
    long stored = checksum();
    long computed = computeChecksum();
    if (stored != computed) {
      throw error(String.format("CRC-32C mismatch: stored 0x%08x, computed 0x%08x (corrupt batch)", stored, computed));
    }
  }

  @Override
  public RecordCursor cursor() {
    int count = recordCount();
    if (count < 0) {
      throw error("negative record count " + count);
    }
    Compression compression = compression();
    if (compression == Compression.NONE) {
      checkCountFits(count, size - HEADER_SIZE);
      return new V2RecordCursor(this, buf, start + HEADER_SIZE, size - HEADER_SIZE, count, false);
    }
    DecompressingStream stream;
    try {
      stream = Codecs.of(compression).open(buf, start + HEADER_SIZE, size - HEADER_SIZE, (byte) 2);
    } catch (IOException e) {
      throw error(compression + " records cannot be decompressed: " + e.getMessage());
    }
    InflateWindow window = new InflateWindow(options.maxDecompressedBytes(), 4 * (size - HEADER_SIZE));
    return new V2RecordCursor(this, new InflatedRecords(this, compression, stream, window, count), count);
  }

  void checkCountFits(int count, int bytes) {
    if (count > bytes / MIN_RECORD_SIZE) {
      throw error("claims " + count + " records, but its " + bytes + " bytes of records can hold at most "
          + bytes / MIN_RECORD_SIZE);
    }
  }

  KwireProtocolException error(String why) {
    return new KwireProtocolException(position, "record batch at byte " + position + " (base offset "
        + baseOffset() + "): " + why);
  }

  /** Turns a reader error inside the records into one that names the batch and the record. */
  KwireProtocolException recordError(int index, int count, KwireProtocolException e, boolean decompressed) {
    String where = "record " + index + " of " + count
        + (decompressed ? " at decompressed byte " + e.offset() : "");
    int at = decompressed ? position : position + HEADER_SIZE + e.offset();
    return new KwireProtocolException(at, "record batch at byte " + position + " (base offset " + baseOffset()
        + "), " + where + ": " + e.reason());
  }

  @Override
  public String toString() {
    return "RecordBatchV2[baseOffset=" + baseOffset() + ", records=" + recordCount() + ", " + size + " bytes, "
        + compression() + "]";
  }
}
