package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireProtocolException;

/** Keys and values of control records (the records of a control batch). */
public final class ControlRecords {
  public static final short ABORT = 0;
  public static final short COMMIT = 1;
  /** The only key version there is; Kafka reads newer ones with a warning. */
  private static final short KEY_VERSION = 0;

  private ControlRecords() {}

  /** The key of a control record of {@code type}: int16 version 0, int16 type. */
  public static byte[] key(short type) {
    byte[] k = new byte[4];
    Bytes.putShort(k, 0, KEY_VERSION);
    Bytes.putShort(k, 2, type);
    return k;
  }

  /** The control type in a control record's key. */
  public static short type(KafkaRecord record) {
    if (record.keyLength() < 4) {
      throw new KwireProtocolException(0, "control record at offset " + record.offset() + " has a key of "
          + record.keyLength() + " bytes; it needs at least 4 (version, type)");
    }
    return Bytes.getShort(record.array(), record.keyOffset() + 2);
  }

  /** The transaction marker in a COMMIT or ABORT control record. */
  public static EndTxnMarker endTxnMarker(KafkaRecord record) {
    short type = type(record);
    if (type != ABORT && type != COMMIT) {
      throw new KwireProtocolException(0, "control record at offset " + record.offset() + " has type " + type
          + ", not a transaction marker");
    }
    if (record.valueLength() < 6) {
      throw new KwireProtocolException(0, "transaction marker at offset " + record.offset() + " has a value of "
          + record.valueLength() + " bytes; it needs 6 (version, coordinator epoch)");
    }
    short version = Bytes.getShort(record.array(), record.valueOffset());
    if (version != 0) {
      throw new KwireProtocolException(0, "transaction marker at offset " + record.offset()
          + " has unknown version " + version);
    }
    return new EndTxnMarker(type == COMMIT, Bytes.getInt(record.array(), record.valueOffset() + 2));
  }
}
