package io.kwire.runtime.records;

import io.kwire.runtime.KwireProtocolException;
import io.kwire.runtime.wire.WireReader;

/** Parses a v2 batch's records in place, checking each against Kafka's read rules. */
final class V2RecordCursor implements RecordCursor {
  private final RecordBatchV2 batch;
  private final byte[] buf;
  private final int start;
  private final WireReader in;
  private final int count;
  private final boolean decompressed;
  private final long baseOffset;
  private final long baseTimestamp;
  private final boolean logAppendTime;
  private final long maxTimestamp;
  private final int baseSequence;
  private final KafkaRecord record = new KafkaRecord();
  private int index;

  V2RecordCursor(RecordBatchV2 batch, byte[] buf, int start, int length, int count, boolean decompressed) {
    this.batch = batch;
    this.buf = buf;
    this.start = start;
    this.in = new WireReader(buf, start, length);
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

  private void readRecord() {
    int length = in.readVarint();
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
