package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireProtocolException;

/**
 * Records of a legacy entry: the message itself, or the inner messages of a compressed wrapper.
 * The inner set is checked in full when the cursor is made (magic 1 needs the last inner offset
 * before the first record's absolute offset is known); records are then served in place.
 */
final class LegacyRecordCursor implements RecordCursor {
  private final LegacyMessage wrapper;
  private final byte[] buf;
  private final int end;
  private final long offsetBase;
  private final KafkaRecord record = new KafkaRecord();
  private int at;
  private boolean single;

  private LegacyRecordCursor(LegacyMessage wrapper, byte[] buf, int end, long offsetBase, boolean single) {
    this.wrapper = wrapper;
    this.buf = buf;
    this.end = end;
    this.offsetBase = offsetBase;
    this.single = single;
  }

  static LegacyRecordCursor single(LegacyMessage message) {
    return new LegacyRecordCursor(message, message.buf, 0, 0, true);
  }

  /** Checks the inner message set; errors carry offsets into the decompressed bytes. */
  static LegacyRecordCursor inner(LegacyMessage wrapper, byte[] buf, int length, boolean verifyCrc) {
    long lastInnerOffset = -1;
    int at = 0;
    while (at < length) {
      LegacyMessage m = parse(buf, at, length, wrapper.magic);
      if (m.compressionId() != 0) {
        throw new KwireProtocolException(at, "nested compression is not allowed");
      }
      String crc = verifyCrc ? m.crcMismatch() : null;
      if (crc != null) {
        throw new KwireProtocolException(at, crc);
      }
      if (wrapper.magic > 0 && m.offset < 0) {
        throw new KwireProtocolException(at, "inner relative offset " + m.offset + " is negative");
      }
      lastInnerOffset = m.offset;
      at += m.size;
    }
    return new LegacyRecordCursor(wrapper, buf, length, offsetBase(wrapper, lastInnerOffset), false);
  }

  /**
   * Magic 1 inner offsets are relative; the wrapper carries the absolute offset of the last one, or 0
   * when none was assigned yet (a produce request), as Kafka reads it. A wrapper offset below the
   * last inner one would make offsets negative: Kafka refuses it, so does kwire.
   */
  private static long offsetBase(LegacyMessage wrapper, long lastInnerOffset) {
    if (wrapper.magic == 0 || wrapper.offset == 0) {
      return 0;
    }
    if (wrapper.offset < lastInnerOffset) {
      throw new KwireProtocolException(0, "wrapper offset " + wrapper.offset + " is below the last inner offset "
          + lastInnerOffset + " and not 0");
    }
    return wrapper.offset - lastInnerOffset;
  }

  private static LegacyMessage parse(byte[] buf, int at, int end, byte wrapperMagic) {
    if (end - at < LegacyMessage.OFFSET_AND_SIZE + 5) {
      throw new KwireProtocolException(at, "inner message header is truncated");
    }
    int size = Bytes.getInt(buf, at + 8);
    byte magic = buf[at + LegacyMessage.MAGIC];
    if (magic != wrapperMagic) {
      throw new KwireProtocolException(at, "inner magic " + magic + " differs from the wrapper's " + wrapperMagic);
    }
    if (size < LegacyMessage.minMessageSize(magic) || size > end - at - LegacyMessage.OFFSET_AND_SIZE) {
      throw new KwireProtocolException(at, "inner message size " + size + " is too small or exceeds the "
          + (end - at - LegacyMessage.OFFSET_AND_SIZE) + " byte(s) remaining");
    }
    try {
      return new LegacyMessage(buf, at, LegacyMessage.OFFSET_AND_SIZE + size);
    } catch (KwireProtocolException e) {
      throw new KwireProtocolException(at + e.offset(), e.reason());
    }
  }

  @Override
  public boolean next() {
    if (single) {
      single = false;
      set(wrapper, wrapper.offset, wrapper.timestamp);
      return true;
    }
    if (at >= end) {
      return false;
    }
    LegacyMessage m = parse(buf, at, end, wrapper.magic); // already checked once; cannot fail now
    at += m.size;
    boolean logAppend = wrapper.timestampType() == TimestampType.LOG_APPEND_TIME;
    set(m, offsetBase + m.offset, logAppend ? wrapper.timestamp : m.timestamp);
    return true;
  }

  private void set(LegacyMessage m, long offset, long timestamp) {
    record.set(m.buf, offset, timestamp, -1, m.attributes, m.keyOffset, m.keyLength, m.valueOffset,
        m.valueLength, 0, 0);
  }

  @Override
  public KafkaRecord record() {
    return record;
  }
}
