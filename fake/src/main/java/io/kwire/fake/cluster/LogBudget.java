package io.kwire.fake.cluster;

import java.util.ArrayDeque;

/**
 * The cluster-wide bound on the bytes the partitions' logs hold, over every partition of every
 * topic (the per-partition retention alone lets many partitions fill the heap). Each stored batch
 * counts its bytes plus {@link #BATCH_OVERHEAD} for its bookkeeping. Past the bound the oldest
 * batches of the whole cluster, in the order they were appended, are dropped as retention drops
 * them: their partition's log start offset moves past them, a consumer still reading there gets
 * OFFSET_OUT_OF_RANGE and resets. The batch just appended may go too when it alone passes the
 * bound. Confined to the cluster thread.
 */
public final class LogBudget {
  /** What a stored batch costs besides its bytes (its record, this queue's entry), in bytes. */
  public static final int BATCH_OVERHEAD = 96;
  /** Stale entries tolerated in the queue before it is compacted (and at least as many as live ones). */
  private static final int COMPACT_AFTER = 1024;

  private final long maxBytes;
  /** Batches in the order they were appended; entries of batches dropped otherwise are skipped (stale). */
  private ArrayDeque<Entry> appended = new ArrayDeque<>();
  private long bytes;
  private long droppedBytes;
  private int stale;

  /** @param maxBytes the bound, or a negative number for none */
  public LogBudget(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  public static LogBudget unbounded() {
    return new LogBudget(-1);
  }

  /** The bound (-1: none). */
  public long maxBytes() {
    return maxBytes;
  }

  /** Bytes the logs hold now, overhead included. */
  public long bytes() {
    return bytes;
  }

  /** Bytes this bound has dropped so far (not those retention or DeleteRecords dropped). */
  public long droppedBytes() {
    return droppedBytes;
  }

  /** Entries in the append-order queue, stale ones included (bounded: see {@link #released}). */
  int queued() {
    return appended.size();
  }

  static long cost(StoredBatch batch) {
    return (long) batch.sizeInBytes() + BATCH_OVERHEAD;
  }

  /** A batch was appended to {@code log}: counted, then the oldest dropped while over the bound. */
  void appended(PartitionLog log, StoredBatch batch) {
    bytes += cost(batch);
    if (maxBytes < 0) {
      return;
    }
    appended.addLast(new Entry(log, batch.baseOffset()));
    while (bytes > maxBytes && !appended.isEmpty()) {
      Entry oldest = appended.pollFirst();
      if (!oldest.log.holds(oldest.baseOffset)) {
        stale--;
        continue;
      }
      long cost = oldest.log.dropOldestForBudget();
      droppedBytes += cost;
    }
  }

  /** Called by a log for each batch it dropped for the budget: no entry of it is left. */
  void droppedByBudget(long cost) {
    bytes -= cost;
  }

  /** A log's batch was rewritten in place (compaction): the same entry, another cost. */
  void resized(long oldCost, long newCost) {
    bytes += newCost - oldCost;
  }

  /** A log dropped a batch for another reason (retention, DeleteRecords, its topic deleted). */
  void released(StoredBatch batch) {
    bytes -= cost(batch);
    if (maxBytes < 0) {
      return;
    }
    stale++;
    if (stale > COMPACT_AFTER && stale > appended.size() / 2) {
      ArrayDeque<Entry> live = new ArrayDeque<>(appended.size() - stale + 16);
      for (Entry e : appended) {
        if (e.log.holds(e.baseOffset)) {
          live.addLast(e);
        }
      }
      appended = live;
      stale = 0;
    }
  }

  private record Entry(PartitionLog log, long baseOffset) {}
}
