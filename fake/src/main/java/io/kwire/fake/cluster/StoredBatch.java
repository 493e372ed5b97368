package io.kwire.fake.cluster;

import io.kwire.runtime.records.Records;

/**
 * One batch in a partition's log, as stored: its bytes carry the offsets the log gave it.
 *
 * @param maxTimestamp the largest record timestamp (for LogAppendTime, the append time)
 */
public record StoredBatch(long baseOffset, long lastOffset, long maxTimestamp, byte[] bytes) {
  public int sizeInBytes() {
    return bytes.length;
  }

  public Records records() {
    return Records.wrap(bytes);
  }
}
