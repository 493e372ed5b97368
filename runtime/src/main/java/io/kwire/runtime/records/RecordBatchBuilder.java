package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.WireSizes;
import io.kwire.runtime.wire.WireWriter;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * Builds one RecordBatch v2. Configure first (compression, timestamp type, producer fields, flags),
 * then append records, then {@link #build()}. Records are encoded as they are appended; the header
 * and its CRC-32C are written last.
 *
 * <pre>{@code
 * Records batch = RecordBatchBuilder.create(0L)
 *     .compression(Compression.LZ4)
 *     .append(1_700_000_000_000L, "k".getBytes(UTF_8), "v".getBytes(UTF_8), new Header("h", null))
 *     .build();
 * }</pre>
 */
public final class RecordBatchBuilder {
  private static final byte MAGIC = 2;

  private final long baseOffset;
  private Compression compression = Compression.NONE;
  private TimestampType timestampType = TimestampType.CREATE_TIME;
  private long logAppendTime = -1;
  private int partitionLeaderEpoch = -1;
  private long producerId = -1;
  private short producerEpoch = -1;
  private int baseSequence = -1;
  private boolean transactional;
  private boolean control;
  private long deleteHorizonMs = -1;

  /** Header space, then the records uncompressed. */
  private final WireWriter body = new WireWriter(512);
  private int count;
  private long lastOffset = -1;
  private long baseTimestamp = -1;
  private long maxTimestamp = -1;

  private RecordBatchBuilder(long baseOffset) {
    this.baseOffset = baseOffset;
    body.ensure(RecordBatchV2.HEADER_SIZE);
    body.writeRaw(new byte[RecordBatchV2.HEADER_SIZE]);
  }

  public static RecordBatchBuilder create(long baseOffset) {
    return new RecordBatchBuilder(baseOffset);
  }

  public RecordBatchBuilder compression(Compression compression) {
    this.compression = compression;
    return this;
  }

  /** CREATE_TIME (the default) or LOG_APPEND_TIME with the broker's append time. */
  public RecordBatchBuilder timestampType(TimestampType type, long logAppendTime) {
    if (type == TimestampType.NO_TIMESTAMP_TYPE) {
      throw new IllegalArgumentException("magic 2 batches always have a timestamp type");
    }
    this.timestampType = type;
    this.logAppendTime = logAppendTime;
    return this;
  }

  public RecordBatchBuilder partitionLeaderEpoch(int epoch) {
    this.partitionLeaderEpoch = epoch;
    return this;
  }

  /** Idempotent/transactional producer fields: each record's sequence is baseSequence + its offset delta. */
  public RecordBatchBuilder producer(long producerId, short producerEpoch, int baseSequence) {
    this.producerId = producerId;
    this.producerEpoch = producerEpoch;
    this.baseSequence = baseSequence;
    return this;
  }

  public RecordBatchBuilder transactional(boolean transactional) {
    this.transactional = transactional;
    return this;
  }

  /** A control batch holds only control records (see {@link #appendEndTxnMarker}). */
  public RecordBatchBuilder control(boolean control) {
    this.control = control;
    return this;
  }

  /** Sets the delete-horizon bit; the horizon replaces the base timestamp, so set it before appending. */
  public RecordBatchBuilder deleteHorizonMs(long horizon) {
    if (count > 0) {
      throw new IllegalStateException("the delete horizon must be set before the first record");
    }
    this.deleteHorizonMs = horizon;
    this.baseTimestamp = horizon;
    return this;
  }

  /** Appends a record at the next offset. Key, value and header values may be null. */
  public RecordBatchBuilder append(long timestamp, byte[] key, byte[] value, Header... headers) {
    return appendWithOffset(lastOffset < 0 ? baseOffset : lastOffset + 1, timestamp, key, value, headers);
  }

  /** Appends a record at an explicit offset, which must exceed the previous record's. */
  public RecordBatchBuilder appendWithOffset(long offset, long timestamp, byte[] key, byte[] value, Header... headers) {
    if (offset < baseOffset || (count > 0 && offset <= lastOffset)) {
      throw new KwireEncodeException("offset " + offset + " must be at least the base offset " + baseOffset
          + " and above the previous record's " + lastOffset);
    }
    if (offset - baseOffset > Integer.MAX_VALUE) {
      throw new KwireEncodeException("offset delta " + (offset - baseOffset) + " does not fit an int32");
    }
    if (timestamp < 0 && timestamp != -1) {
      throw new KwireEncodeException("invalid negative timestamp " + timestamp);
    }
    if (count == 0 && deleteHorizonMs < 0) {
      baseTimestamp = timestamp;
    }
    writeRecord((int) (offset - baseOffset), timestamp - baseTimestamp, key, value, headers);
    maxTimestamp = Math.max(maxTimestamp, timestamp);
    lastOffset = offset;
    count++;
    return this;
  }

  /** Appends a transaction marker; the batch must be a control batch. */
  public RecordBatchBuilder appendEndTxnMarker(long timestamp, EndTxnMarker marker) {
    return appendControlRecord(timestamp, marker.type(), marker.value());
  }

  /** Appends a control record of any type (the key is the int16 version 0 and the int16 type). */
  public RecordBatchBuilder appendControlRecord(long timestamp, short type, byte[] value) {
    if (!control) {
      throw new IllegalStateException("control records go only in a control batch: call control(true) first");
    }
    return append(timestamp, ControlRecords.key(type), value);
  }

  private void writeRecord(int offsetDelta, long timestampDelta, byte[] key, byte[] value, Header[] headers) {
    byte[][] headerKeys = new byte[headers.length][];
    int size = 1 + WireSizes.varlong(timestampDelta) + WireSizes.varint(offsetDelta)
        + lengthAndBytes(key) + lengthAndBytes(value) + WireSizes.varint(headers.length);
    for (int i = 0; i < headers.length; i++) {
      headerKeys[i] = headers[i].key().getBytes(StandardCharsets.UTF_8);
      size += lengthAndBytes(headerKeys[i]) + lengthAndBytes(headers[i].value());
    }
    body.writeVarint(size);
    body.writeInt8((byte) 0);
    body.writeVarlong(timestampDelta);
    body.writeVarint(offsetDelta);
    writeBytes(key);
    writeBytes(value);
    body.writeVarint(headers.length);
    for (int i = 0; i < headers.length; i++) {
      writeBytes(headerKeys[i]);
      writeBytes(headers[i].value());
    }
  }

  private static int lengthAndBytes(byte[] b) {
    return b == null ? 1 : WireSizes.varint(b.length) + b.length;
  }

  private void writeBytes(byte[] b) {
    if (b == null) {
      body.writeVarint(-1);
    } else {
      body.writeVarint(b.length);
      body.writeRaw(b);
    }
  }

  public int recordCount() {
    return count;
  }

  /** The finished batch. The builder should not be used afterwards. */
  public Records build() {
    WireWriter out = body;
    if (compression != Compression.NONE) {
      int raw = body.position() - RecordBatchV2.HEADER_SIZE;
      out = new WireWriter(RecordBatchV2.HEADER_SIZE + raw / 2 + 64);
      out.writeRaw(new byte[RecordBatchV2.HEADER_SIZE]);
      Codecs.of(compression).compress(body.buffer(), RecordBatchV2.HEADER_SIZE, raw, MAGIC, out);
    }
    byte[] b = out.buffer();
    int size = out.position();
    writeHeader(b, size);
    return Records.wrap(b, 0, size);
  }

  private void writeHeader(byte[] b, int size) {
    Bytes.putLong(b, RecordBatchV2.BASE_OFFSET, baseOffset);
    Bytes.putInt(b, RecordBatchV2.LENGTH, size - RecordBatchV2.LOG_OVERHEAD);
    Bytes.putInt(b, RecordBatchV2.PARTITION_LEADER_EPOCH, partitionLeaderEpoch);
    b[RecordBatchV2.MAGIC] = MAGIC;
    Bytes.putShort(b, RecordBatchV2.ATTRIBUTES, attributes());
    Bytes.putInt(b, RecordBatchV2.LAST_OFFSET_DELTA, count == 0 ? 0 : (int) (lastOffset - baseOffset));
    Bytes.putLong(b, RecordBatchV2.BASE_TIMESTAMP, baseTimestamp);
    Bytes.putLong(b, RecordBatchV2.MAX_TIMESTAMP,
        timestampType == TimestampType.LOG_APPEND_TIME ? logAppendTime : maxTimestamp);
    Bytes.putLong(b, RecordBatchV2.PRODUCER_ID, producerId);
    Bytes.putShort(b, RecordBatchV2.PRODUCER_EPOCH, producerEpoch);
    Bytes.putInt(b, RecordBatchV2.BASE_SEQUENCE, baseSequence);
    Bytes.putInt(b, RecordBatchV2.RECORD_COUNT, count);
    CRC32C crc = new CRC32C();
    crc.update(b, RecordBatchV2.ATTRIBUTES, size - RecordBatchV2.ATTRIBUTES);
    Bytes.putInt(b, RecordBatchV2.CRC, (int) crc.getValue());
  }

  private short attributes() {
    int a = compression.id();
    if (timestampType == TimestampType.LOG_APPEND_TIME) {
      a |= RecordBatchV2.TIMESTAMP_TYPE_BIT;
    }
    if (transactional) {
      a |= RecordBatchV2.TRANSACTIONAL_BIT;
    }
    if (control) {
      a |= RecordBatchV2.CONTROL_BIT;
    }
    if (deleteHorizonMs >= 0) {
      a |= RecordBatchV2.DELETE_HORIZON_BIT;
    }
    return (short) a;
  }
}
