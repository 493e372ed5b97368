package io.kwire.bridge;

import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;

/**
 * An old producer's message set (magic 0 or 1, each entry a message or a compressed wrapper) as
 * the one RecordBatch v2 a Produce v3+ partition must hold. Keys, values and the order of records
 * are kept; magic 1 timestamps are kept (create time); magic 0 messages, which have none, get the
 * bridge's clock at receipt, the log-append-time meaning an old broker gave them on a topic with
 * LogAppendTime. The batch keeps the set's compression (the first codec met, when a set mixes
 * them). Offsets are the producer's business only on the broker: the batch starts at 0.
 */
final class MessageSetUpConverter {
  private MessageSetUpConverter() {}

  /** The batch, or null when the set holds no message. */
  static Records toBatch(Records messageSet, long now) {
    if (messageSet == null || messageSet.sizeInBytes() == 0) {
      return null;
    }
    RecordBatchBuilder builder = RecordBatchBuilder.create(0L);
    Compression codec = Compression.NONE;
    for (RecordBatch entry : messageSet.batches()) {
      if (entry.magic() >= 2) {
        throw new UnconvertibleRecordsException("a magic " + entry.magic() + " batch in a Produce request of"
            + " version 0-2, which carries only magic 0 and 1 message sets");
      }
      if (codec == Compression.NONE && entry.compression() != Compression.NONE) {
        codec = entry.compression();
        builder.compression(codec);
      }
      for (KafkaRecord r : entry) {
        long timestamp = entry.magic() == 0 ? now : r.timestamp();
        builder.append(timestamp, r.keyBytes(), r.valueBytes());
      }
    }
    return builder.recordCount() == 0 ? null : builder.build();
  }
}
