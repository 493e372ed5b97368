package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireReader;

/**
 * Parses a v2 batch's records in place, checking each against Kafka's read rules. A compressed
 * batch's records are parsed from an {@link InflatedRecords} window, inflated record by record: its
 * length varint, then the bytes that length claims (or up to the end of the data, if fewer).
 */
final class V2RecordCursor implements RecordCursor {
  private static final int MAX_VARINT = 5;

  private final RecordBatchV2 batch;
  private final InflatedRecords inflated; // null for an uncompressed batch
  private byte[] buf;
  private final int start;
  private WireReader in;
  private final int count;
  private final boolean decompressed;
  private int position; // decompressed offset of the next record (compressed batches)
  private int readerBase = -1;
  private int readerSize = -1;
  private boolean ended;
  private RuntimeException failure;
  private final long baseOffset;
  private final long baseTimestamp;
  private final boolean logAppendTime;
  private final long maxTimestamp;
  private final int baseSequence;
  private final KafkaRecord record = new KafkaRecord();
  private int index;

  V2RecordCursor(RecordBatchV2 batch, byte[] buf, int start, int length, int count, boolean decompressed) {
    this(batch, null, buf, start, new WireReader(buf, start, length), count, decompressed);
  }

  /** Over a compressed batch; inflates its first piece now, so that a corrupt start fails here. */
  V2RecordCursor(RecordBatchV2 batch, InflatedRecords inflated, int count) {
    this(batch, inflated, null, 0, null, count, true);
    inflated.need(0, MAX_VARINT);
  }

  private V2RecordCursor(RecordBatchV2 batch, InflatedRecords inflated, byte[] buf, int start, WireReader in,
      int count, boolean decompressed) {
    this.batch = batch;
    this.inflated = inflated;
    this.buf = buf;
    this.start = start;
    this.in = in;
    this.count = count;
    this.decompressed = decompressed;
    this.baseOffset = batch.baseOffset();
    this.baseTimestamp = batch.baseTimestamp();
    this.logAppendTime = batch.timestampType() == TimestampType.LOG_APPEND_TIME;
    this.maxTimestamp = batch.maxTimestamp();
    this.baseSequence = batch.baseSequence();
  }

  @Override
  public boolean next() {
    if (inflated != null) {
      if (failure != null) {
        throw failure; // the buffer is given back: the same error again, as a whole-batch reader would
      }
      try {
        return !ended && nextInflated();
      } catch (RuntimeException e) {
        inflated.release();
        failure = e;
        throw e;
      }
    }
    try {
      if (index == count) {
        if (in.hasRemaining()) {
          throw in.error(in.remaining() + " byte(s) after the last of " + count + " records (declared batch size too large)");
        }
        return false;
      }
      readRecord();
      index++;
      return true;
    } catch (KwireProtocolException e) {
      throw batch.recordError(index, count, e, decompressed);
    }
  }

  private boolean nextInflated() {
    if (index == count) {
      inflated.need(position, Long.MAX_VALUE); // what follows the last record must be nothing
      refreshReader(position);
      if (in.hasRemaining()) {
        throw inflatedError(in.error(in.remaining() + " byte(s) after the last of " + count
            + " records (declared batch size too large)"));
      }
      inflated.release();
      ended = true;
      return false;
    }
    inflated.need(position, (long) position + MAX_VARINT);
    refreshReader(position);
    try {
      int length = in.readVarint();
      int body = inflated.window().base() + in.offset();
      inflated.need(position, (long) body + Math.max(0, length));
      refreshReader(body);
      readRecord(length);
    } catch (KwireProtocolException e) {
      throw inflatedError(e);
    }
    position = readerBase + in.offset();
    record.detachOnCopy(in.offset());
    index++;
    return true;
  }

  /** A reader over the window's bytes, at decompressed offset {@code at}; a new one only when the window changed. */
  private void refreshReader(int at) {
    InflateWindow window = inflated.window();
    if (window.array() != buf || window.base() != readerBase || window.size() != readerSize) {
      buf = window.array();
      readerBase = window.base();
      readerSize = window.size();
      in = new WireReader(buf, 0, readerSize);
      in.skip(at - readerBase);
    } // else the reader is already at {@code at}: it has just read up to there
  }

  /** Offsets in the window are made offsets in the decompressed data, as the whole-batch reader gave. */
  private KwireProtocolException inflatedError(KwireProtocolException e) {
    return batch.recordError(index, count,
        new KwireProtocolException(e.offset() + readerBase, e.reason()), true);
  }

  private void readRecord() {
    readRecord(in.readVarint());
  }

  private void readRecord(int length) {
    if (length < 0 || length > in.remaining()) {
      throw in.error("record length " + length + " exceeds the " + in.remaining() + " byte(s) remaining");
    }
    int bodyStart = in.offset();
    byte attributes = in.readInt8();
    long timestampDelta = in.readVarlong();
    int offsetDelta = in.readVarint();
    int keyLength = lengthOrNull("key");
    int keyOffset = start + in.offset();
    in.skip(Math.max(0, keyLength));
    int valueLength = lengthOrNull("value");
    int valueOffset = start + in.offset();
    in.skip(Math.max(0, valueLength));
    int headerCount = in.readVarint();
    if (headerCount < 0 || headerCount > in.remaining()) {
      throw in.error("header count " + headerCount + " is negative or exceeds the bytes remaining");
    }
    int headersOffset = start + in.offset();
    for (int h = 0; h < headerCount; h++) {
      int keyLen = in.readVarint();
      if (keyLen < 0) {
        throw in.error("header " + h + " has a " + (keyLen == -1 ? "null" : "negative") + " key length");
      }
      in.skip(keyLen);
      in.skip(Math.max(0, lengthOrNull("header value")));
    }
    int consumed = in.offset() - bodyStart;
    if (consumed != length) {
      throw in.error("record declares " + length + " bytes but its fields take " + consumed);
    }
    long timestamp = logAppendTime ? maxTimestamp : baseTimestamp + timestampDelta;
    record.set(buf, baseOffset + offsetDelta, timestamp, sequence(offsetDelta), attributes,
        keyOffset, keyLength, valueOffset, valueLength, headersOffset, headerCount);
  }

  private int lengthOrNull(String what) {
    int n = in.readVarint();
    if (n < -1) {
      throw in.error("negative " + what + " length " + n);
    }
    return n;
  }

  /** Sequence numbers wrap from Integer.MAX_VALUE to 0. */
  private int sequence(int offsetDelta) {
    if (baseSequence < 0) {
      return -1;
    }
    long s = (long) baseSequence + offsetDelta;
    return (int) (s > Integer.MAX_VALUE ? s - Integer.MAX_VALUE - 1 : s);
  }

  @Override
  public KafkaRecord record() {
    return record;
  }
}
