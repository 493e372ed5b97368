package io.kwire.fake.cluster;

import io.kwire.runtime.records.RecordBatchV2;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * What a leader writes into a produced batch before storing it: the base offset the log gives it,
 * the partition leader epoch, and, for a LogAppendTime topic, the timestamp type and the append
 * time as max timestamp (those two are under the CRC, which is then computed afresh).
 */
public final class BatchStamp {
  private static final int BASE_OFFSET = 0;
  private static final int PARTITION_LEADER_EPOCH = 12;
  private static final int CRC = 17;
  private static final int ATTRIBUTES = 21;
  private static final int MAX_TIMESTAMP = 35;
  private static final int LOG_APPEND_TIME_BIT = 0x08;

  private BatchStamp() {}

  /**
   * A stamped copy of {@code batch}, stored at {@code baseOffset}.
   *
   * @param logAppendTime the append time for a LogAppendTime topic, or -1 to keep the create times
   */
  public static StoredBatch stamp(RecordBatchV2 batch, long baseOffset, int leaderEpoch, long logAppendTime) {
    byte[] bytes = batch.bytes().toByteArray();
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    buf.putLong(BASE_OFFSET, baseOffset);
    buf.putInt(PARTITION_LEADER_EPOCH, leaderEpoch);
    long maxTimestamp = batch.maxTimestamp();
    if (logAppendTime >= 0) {
      buf.putShort(ATTRIBUTES, (short) (batch.attributes() | LOG_APPEND_TIME_BIT));
      buf.putLong(MAX_TIMESTAMP, logAppendTime);
      CRC32C crc = new CRC32C();
      crc.update(bytes, ATTRIBUTES, bytes.length - ATTRIBUTES);
      buf.putInt(CRC, (int) crc.getValue());
      maxTimestamp = logAppendTime;
    }
    return new StoredBatch(baseOffset, baseOffset + batch.lastOffsetDelta(), maxTimestamp, bytes);
  }
}
