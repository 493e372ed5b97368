package io.kwire.fake.cluster;

import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.RecordCursor;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.KwireException;
import java.util.Iterator;

/**
 * Checks a partition's records in a Produce request as a Kafka 4.x leader does before appending:
 * exactly one RecordBatch v2 (magic 2), whole, its CRC right, not larger than the topic allows, its
 * records readable (decompressed if need be) and as many as the header claims, with offset deltas
 * 0 to count-1, and no control batch.
 */
public final class ProducedBatch {
  private static final int MAGIC = 16;
  private static final int HEADER_UP_TO_MAGIC = 17;

  private ProducedBatch() {}

  /** The outcome: the batch, or the error and why. */
  public record Checked(RecordBatchV2 batch, short errorCode, String errorMessage) {
    static Checked error(short code, String message) {
      return new Checked(null, code, message);
    }
  }

  /**
   * The indexes in the batch of its records without a key, which a compacted topic refuses (Kafka's
   * log validator: INVALID_RECORD with one record error each).
   */
  public static java.util.List<Integer> keylessRecords(RecordBatchV2 batch) {
    java.util.List<Integer> out = new java.util.ArrayList<>();
    RecordCursor cursor = batch.cursor();
    for (int i = 0; cursor.next(); i++) {
      if (!cursor.record().hasKey()) {
        out.add(i);
      }
    }
    return out;
  }

  public static Checked check(Records records, int maxMessageBytes) {
    if (records == null || records.sizeInBytes() == 0) {
      return Checked.error(ErrorCode.INVALID_RECORD,
          "Produce requests with version 3+ must have exactly one record batch per partition");
    }
    if (records.sizeInBytes() >= HEADER_UP_TO_MAGIC) {
      byte magic = records.array()[records.arrayOffset() + MAGIC];
      if (magic != 2) {
        return Checked.error(ErrorCode.INVALID_RECORD,
            "Produce requests with version 3+ are only allowed to contain record batches with magic version 2, not "
                + magic);
      }
    }
    RecordBatchV2 batch;
    try {
      Iterator<RecordBatch> batches = records.batches().iterator();
      batch = (RecordBatchV2) batches.next();
      if (batches.hasNext()) {
        return Checked.error(ErrorCode.INVALID_RECORD,
            "Produce requests with version 3+ must have exactly one record batch per partition");
      }
    } catch (KwireException e) {
      return Checked.error(ErrorCode.CORRUPT_MESSAGE, e.getMessage());
    }
    if (batch.sizeInBytes() > maxMessageBytes) {
      return Checked.error(ErrorCode.MESSAGE_TOO_LARGE, "The batch of " + batch.sizeInBytes()
          + " bytes is larger than the topic's max.message.bytes of " + maxMessageBytes);
    }
    if (batch.isControl()) {
      return Checked.error(ErrorCode.INVALID_RECORD, "Clients may not produce control batches");
    }
    try {
      RecordCursor cursor = batch.cursor();
      int count = 0;
      while (cursor.next()) {
        if (cursor.record().offset() != batch.baseOffset() + count) {
          return Checked.error(ErrorCode.INVALID_RECORD, "Record " + count + " has offset delta "
              + (cursor.record().offset() - batch.baseOffset()) + " where " + count + " is expected");
        }
        count++;
      }
      if (count == 0 || count != batch.recordCount() || batch.lastOffsetDelta() != count - 1) {
        return Checked.error(ErrorCode.INVALID_RECORD, "The batch holds " + count + " record(s) but its header"
            + " claims " + batch.recordCount() + " with last offset delta " + batch.lastOffsetDelta());
      }
    } catch (KwireException e) {
      return Checked.error(ErrorCode.CORRUPT_MESSAGE, e.getMessage());
    } catch (IllegalStateException e) {
      // The runtime's way of saying a codec's library is missing from the class path.
      return Checked.error(ErrorCode.UNSUPPORTED_COMPRESSION_TYPE, e.getMessage());
    }
    return new Checked(batch, ErrorCode.NONE, null);
  }
}
