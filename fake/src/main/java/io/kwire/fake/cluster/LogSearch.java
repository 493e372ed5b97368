package io.kwire.fake.cluster;

import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.RecordCursor;

/** Finds records in a log by timestamp (ListOffsets), reading the stored batches' records. */
public final class LogSearch {
  /** An offset and the timestamp of the record there; offset -1 when there is none. */
  public record Found(long offset, long timestamp) {
    public static final Found NONE = new Found(-1, -1);
  }

  private LogSearch() {}

  /** The first record whose timestamp is at or after {@code timestamp}. */
  public static Found firstAtOrAfter(PartitionLog log, long timestamp) {
    for (StoredBatch b : log.batches()) {
      if (b.maxTimestamp() < timestamp) {
        continue;
      }
      RecordCursor cursor = RecordBatchV2.of(b.records(), ReadOptions.DEFAULT).cursor();
      while (cursor.next()) {
        if (cursor.record().offset() >= log.logStartOffset() && cursor.record().timestamp() >= timestamp) {
          return new Found(cursor.record().offset(), cursor.record().timestamp());
        }
      }
    }
    return Found.NONE;
  }

  /** The first record of the largest timestamp in the log. */
  public static Found maxTimestamp(PartitionLog log) {
    StoredBatch best = null;
    for (StoredBatch b : log.batches()) {
      if (best == null || b.maxTimestamp() > best.maxTimestamp()) {
        best = b;
      }
    }
    return best == null ? Found.NONE : firstAtOrAfter(log, best.maxTimestamp());
  }
}
