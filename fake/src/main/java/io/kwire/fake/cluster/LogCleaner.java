package io.kwire.fake.cluster;

import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.TimestampType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compaction of one partition's log ({@code cleanup.policy=compact}), as Kafka's log cleaner does
 * it, with each batch as a segment. The cleanable part runs from the log start up to the first of:
 * the last batch (the active segment, unless {@code rollActive}), the last stable offset (an open
 * transaction's data is never cleaned), and the first batch newer than {@code min.compaction.lag.ms}.
 * In it, a keyed record stays only if it is its key's latest there; records without a key stay;
 * an aborted transaction's records go (Kafka's cleaner removes them too); control batches
 * (transaction markers) stay. A tombstone (null value) that is its key's latest stays until its
 * batch's delete horizon: the first cleaning that keeps it rewrites its batch with the horizon
 * {@code delete.retention.ms} ahead (KIP-534's delete horizon in the batch header), and a cleaning
 * after that removes it. A rewritten batch keeps its base offset, producer fields, leader epoch,
 * compression and timestamp type; the records keep their offsets (gaps are left); a batch left with
 * no record goes. Confined to the cluster thread.
 */
public final class LogCleaner {
  private LogCleaner() {}

  /** Cleans {@code partition}'s log at {@code nowMs} under {@code configs}; whether it changed. */
  public static boolean clean(Partition partition, TopicConfigs configs, long nowMs, boolean rollActive) {
    PartitionLog log = partition.log();
    List<StoredBatch> batches = log.batches();
    if (batches.isEmpty() || (!rollActive && log.cleanedUpToDate(configs, nowMs))) {
      return false;
    }
    long[] againAt = {Long.MAX_VALUE};
    long upTo = Math.min(partition.lastStableOffset(),
        rollActive ? log.endOffset() : batches.get(batches.size() - 1).baseOffset());
    long lagMs = configs.getLong("min.compaction.lag.ms");
    for (StoredBatch b : batches) {
      if (b.lastOffset() >= upTo) {
        break;
      }
      if (lagMs > 0 && b.maxTimestamp() > nowMs - lagMs) { // as Kafka, no lag: no timestamp looked at
        upTo = b.baseOffset();
        againAt[0] = b.maxTimestamp() + lagMs;
        break;
      }
    }
    Map<ByteBuffer, Long> latest = new HashMap<>();
    for (StoredBatch b : batches) {
      if (b.lastOffset() >= upTo) {
        break;
      }
      RecordBatchV2 batch = v2(b);
      if (batch == null || batch.isControl() || aborted(partition, batch)) {
        continue;
      }
      for (KafkaRecord r : batch) {
        if (r.hasKey()) {
          latest.put(ByteBuffer.wrap(r.keyBytes()), r.offset());
        }
      }
    }
    long deleteRetentionMs = configs.getLong("delete.retention.ms");
    boolean changed = log.rewrite(upTo, b -> cleaned(partition, b, latest, nowMs, deleteRetentionMs, againAt));
    // A later pass cleans the last batch once another follows it; one forced by rollActive remembers nothing.
    log.cleaned(rollActive ? null : configs, againAt[0]);
    return changed;
  }

  private static StoredBatch cleaned(Partition partition, StoredBatch stored, Map<ByteBuffer, Long> latest,
      long nowMs, long deleteRetentionMs, long[] againAt) {
    RecordBatchV2 batch = v2(stored);
    if (batch == null || batch.isControl()) {
      return stored;
    }
    if (batch.isTransactional() && aborted(partition, batch)) {
      return null;
    }
    boolean horizonPassed = batch.hasDeleteHorizon() && batch.deleteHorizonMs() <= nowMs;
    List<KafkaRecord> kept = new ArrayList<>();
    boolean removed = false;
    boolean tombstones = false;
    for (KafkaRecord r : batch) {
      Long latestOffset = r.hasKey() ? latest.get(ByteBuffer.wrap(r.keyBytes())) : null;
      boolean superseded = latestOffset != null && latestOffset != r.offset();
      boolean expiredTombstone = r.hasKey() && !r.hasValue() && horizonPassed;
      if (superseded || expiredTombstone) {
        removed = true;
      } else {
        kept.add(r.copy());
        tombstones |= r.hasKey() && !r.hasValue();
      }
    }
    boolean needsHorizon = tombstones && !batch.hasDeleteHorizon();
    if (tombstones) { // a pass at its horizon removes them
      againAt[0] = Math.min(againAt[0], needsHorizon ? nowMs + deleteRetentionMs : batch.deleteHorizonMs());
    }
    if (!removed && !needsHorizon) {
      return stored;
    }
    if (kept.isEmpty()) {
      return null;
    }
    return rebuilt(batch, stored, kept, needsHorizon ? nowMs + deleteRetentionMs : batch.deleteHorizonMs());
  }

  private static StoredBatch rebuilt(RecordBatchV2 batch, StoredBatch stored, List<KafkaRecord> kept, long horizon) {
    RecordBatchBuilder out = RecordBatchBuilder.create(batch.baseOffset())
        .compression(batch.compression())
        .partitionLeaderEpoch(batch.partitionLeaderEpoch())
        .producer(batch.producerId(), batch.producerEpoch(), batch.baseSequence())
        .transactional(batch.isTransactional());
    if (batch.timestampType() == TimestampType.LOG_APPEND_TIME) {
      out.timestampType(TimestampType.LOG_APPEND_TIME, batch.maxTimestamp());
    }
    if (horizon >= 0) {
      out.deleteHorizonMs(horizon);
    }
    long maxTimestamp = -1;
    for (KafkaRecord r : kept) {
      out.appendWithOffset(r.offset(), r.timestamp(), r.keyBytes(), r.hasValue() ? r.valueBytes() : null,
          r.headers().toArray(new Header[0]));
      maxTimestamp = Math.max(maxTimestamp, r.timestamp());
    }
    byte[] bytes = out.build().toByteArray();
    long last = kept.get(kept.size() - 1).offset();
    long max = batch.timestampType() == TimestampType.LOG_APPEND_TIME ? stored.maxTimestamp() : maxTimestamp;
    return new StoredBatch(batch.baseOffset(), last, max, bytes);
  }

  /** Whether this transactional batch's transaction was aborted. */
  private static boolean aborted(Partition partition, RecordBatchV2 batch) {
    if (!batch.isTransactional()) {
      return false;
    }
    for (PartitionTransactions.AbortedTransaction a
        : partition.transactions().abortedBetween(batch.baseOffset(), batch.lastOffset() + 1)) {
      if (a.producerId() == batch.producerId() && a.firstOffset() <= batch.baseOffset()
          && batch.baseOffset() < a.markerOffset()) {
        return true;
      }
    }
    return false;
  }

  /** The stored batch as v2 (every stored batch is: older ones are converted on the way in), else null. */
  private static RecordBatchV2 v2(StoredBatch stored) {
    byte[] b = stored.bytes();
    return b.length > 16 && b[16] == 2 ? RecordBatchV2.of(stored.records(), ReadOptions.DEFAULT) : null;
  }
}
