package io.kwire.runtime.records;

/**
 * A transaction marker: a control record with type ABORT (0) or COMMIT (1), whose value is int16
 * version 0 and int32 coordinator epoch.
 */
public record EndTxnMarker(boolean commit, int coordinatorEpoch) {
  public short type() {
    return commit ? ControlRecords.COMMIT : ControlRecords.ABORT;
  }

  /** The record value: version 0, then the coordinator epoch. */
  public byte[] value() {
    byte[] v = new byte[6];
    Bytes.putInt(v, 2, coordinatorEpoch);
    return v;
  }
}
