package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A partition's records: batches in offset order, from the log start offset to the end offset
 * (which is also the high watermark: the fake's replicas are always in sync). Its memory is
 * bounded: once the batches exceed the retention limit, the oldest are dropped and the log start
 * moves past them (the newest batch always stays); the cluster's {@link LogBudget} may drop its
 * oldest batches too. Confined to the cluster thread.
 */
public final class PartitionLog {
  /** Dropped batches leave the front lazily (below {@code head}) so that dropping one is O(1). */
  private final List<StoredBatch> batches = new ArrayList<>();
  private int head;
  private final Set<Runnable> appendListeners = new LinkedHashSet<>();
  private final long retentionBytes;
  private final LogBudget budget;
  private long logStartOffset;
  private long endOffset;
  /** Where a lagging in-sync follower holds the high watermark back ({@link ReplicaLag}), else none. */
  private long highWatermarkHeldAt = Long.MAX_VALUE;
  private long bytes;
  private boolean deleted;
  /** What the last compaction saw (see {@link #cleanedUpToDate}): nothing to clean until one changes. */
  private long cleanedEndOffset = -1;
  private TopicConfigs cleanedWith;
  private long cleanAgainAtMs;

  /** @param retentionBytes the most bytes kept, or a negative number for no limit */
  public PartitionLog(long retentionBytes) {
    this(retentionBytes, LogBudget.unbounded());
  }

  /** A log whose batches also count in the cluster's {@code budget}. */
  public PartitionLog(long retentionBytes, LogBudget budget) {
    this.retentionBytes = retentionBytes;
    this.budget = budget;
  }

  public long logStartOffset() {
    return logStartOffset;
  }

  /** The offset the next batch gets. */
  public long endOffset() {
    return endOffset;
  }

  /** The log end offset, unless an in-sync follower that stopped fetching holds it back. */
  public long highWatermark() {
    return Math.min(endOffset, highWatermarkHeldAt);
  }

  /**
   * Holds the high watermark at {@code offset}, or where it is if that is below ({@code
   * Long.MAX_VALUE}: no longer); when it moves up, the listeners are woken, as by an append.
   */
  void holdHighWatermark(long offset) {
    long before = highWatermark();
    // a high watermark never moves back
    highWatermarkHeldAt = Math.max(offset, before);
    if (highWatermark() > before) {
      for (Runnable listener : List.copyOf(appendListeners)) {
        listener.run();
      }
    }
  }

  public long sizeInBytes() {
    return bytes;
  }

  /** Appends a batch whose bytes already carry {@code baseOffset} = {@link #endOffset()}; wakes the listeners. */
  public void append(StoredBatch batch) {
    if (batch.baseOffset() != endOffset) {
      throw new IllegalArgumentException("batch at " + batch.baseOffset() + " appended at end offset " + endOffset);
    }
    batches.add(batch);
    endOffset = batch.lastOffset() + 1;
    bytes += batch.sizeInBytes();
    enforceRetention();
    budget.appended(this, batch);
    for (Runnable listener : List.copyOf(appendListeners)) {
      listener.run();
    }
  }

  /**
   * The batches from the one holding {@code offset}, while they fit in {@code maxBytes}; the first
   * batch is returned even when larger if {@code firstEvenIfLarger} (so that a consumer progresses).
   */
  public List<StoredBatch> read(long offset, int maxBytes, boolean firstEvenIfLarger) {
    int i = indexOf(offset);
    List<StoredBatch> out = new ArrayList<>();
    long total = 0;
    for (; i < batches.size(); i++) {
      StoredBatch b = batches.get(i);
      if (total + b.sizeInBytes() > maxBytes && !(out.isEmpty() && firstEvenIfLarger)) {
        break;
      }
      out.add(b);
      total += b.sizeInBytes();
    }
    return out;
  }

  /** Bytes of the batches from the one holding {@code offset} that start before {@code upTo}. */
  public long bytesBetween(long offset, long upTo) {
    long total = 0;
    for (int i = indexOf(offset); i < batches.size() && batches.get(i).baseOffset() < upTo; i++) {
      total += batches.get(i).sizeInBytes();
    }
    return total;
  }

  /**
   * Moves the log start up to {@code offset} (DeleteRecords), dropping the batches wholly before it;
   * a batch it falls inside stays, its records before the start no longer served.
   */
  public void deleteBefore(long offset) {
    if (offset <= logStartOffset) {
      return;
    }
    while (head < batches.size() && batches.get(head).lastOffset() < offset) {
      release(dropFirst());
    }
    logStartOffset = offset;
  }

  /** Drops every batch (its topic is deleted): the budget no longer counts them. */
  public void delete() {
    while (head < batches.size()) {
      release(dropFirst());
    }
    deleted = true;
    logStartOffset = endOffset;
  }

  /** All batches, oldest first (a view). */
  public List<StoredBatch> batches() {
    return Collections.unmodifiableList(batches.subList(head, batches.size()));
  }

  /** Called after each append until removed (a waiting fetch). */
  public void addAppendListener(Runnable listener) {
    appendListeners.add(listener);
  }

  public void removeAppendListener(Runnable listener) {
    appendListeners.remove(listener);
  }

  /**
   * Time and size retention, as Kafka's retention check applies {@code retention.ms} and
   * {@code retention.bytes} to a log's segments, here with each batch as a segment: from the oldest,
   * a batch goes while its newest timestamp is more than {@code retentionMs} before {@code nowMs}
   * (-1: no limit), then while the bytes left without it are still at least {@code retentionBytes}
   * (-1: no limit). The last batch goes too when it qualifies, as Kafka rolls and deletes an expired
   * active segment: the log is then empty, its start at its end. The log start moves past what went.
   *
   * @return whether any batch went
   */
  public boolean applyRetention(long nowMs, long retentionMs, long retentionBytes) {
    boolean dropped = false;
    while (head < batches.size() && retentionMs >= 0 && nowMs - batches.get(head).maxTimestamp() > retentionMs) {
      release(dropFirst());
      dropped = true;
    }
    while (head < batches.size() && retentionBytes >= 0 && bytes - batches.get(head).sizeInBytes() >= retentionBytes) {
      release(dropFirst());
      dropped = true;
    }
    if (dropped) {
      logStartOffset = Math.max(logStartOffset, head < batches.size() ? batches.get(head).baseOffset() : endOffset);
    }
    return dropped;
  }

  /**
   * Replaces each batch whose last offset is below {@code upTo} by what {@code cleaner} makes of it:
   * itself (unchanged), a rewritten batch with the same base offset, or null (removed). The log
   * start does not move (compaction leaves it, as Kafka's cleaner does); offsets keep their gaps.
   *
   * @return whether any batch changed
   */
  public boolean rewrite(long upTo, UnaryOperator<StoredBatch> cleaner) {
    boolean changed = false;
    List<StoredBatch> kept = new ArrayList<>(batches.size() - head);
    int i = head;
    for (; i < batches.size() && batches.get(i).lastOffset() < upTo; i++) {
      StoredBatch old = batches.get(i);
      StoredBatch now = cleaner.apply(old);
      if (now == old) {
        kept.add(old);
        continue;
      }
      changed = true;
      bytes -= old.sizeInBytes();
      if (now == null) {
        release(old);
        continue;
      }
      if (now.baseOffset() != old.baseOffset() || now.lastOffset() > old.lastOffset()) {
        throw new IllegalStateException("a cleaned batch keeps its base offset and no later offset");
      }
      bytes += now.sizeInBytes();
      budget.resized(LogBudget.cost(old), LogBudget.cost(now));
      kept.add(now);
    }
    if (changed) {
      kept.addAll(batches.subList(i, batches.size()));
      batches.clear();
      batches.addAll(kept);
      head = 0;
    }
    return changed;
  }

  /**
   * Whether a compaction now would change nothing: none was appended since the last one (no
   * marker either, so the last stable offset stayed), the topic's configuration is the same
   * object, and no tombstone horizon or compaction lag it waited on has passed.
   */
  boolean cleanedUpToDate(TopicConfigs configs, long nowMs) {
    return cleanedEndOffset == endOffset && cleanedWith == configs && nowMs < cleanAgainAtMs;
  }

  /** A compaction ran with {@code configs}; the next may change something at {@code againAtMs}. */
  void cleaned(TopicConfigs configs, long againAtMs) {
    cleanedEndOffset = endOffset;
    cleanedWith = configs;
    cleanAgainAtMs = againAtMs;
  }

  /** Whether the batch appended at {@code baseOffset} is still here (the budget's check). */
  boolean holds(long baseOffset) {
    if (deleted) {
      return false;
    }
    int i = indexOf(baseOffset);
    return i < batches.size() && batches.get(i).baseOffset() == baseOffset;
  }

  /** Drops the oldest batch for the cluster's budget, moving the log start past it; its cost. */
  long dropOldestForBudget() {
    StoredBatch dropped = dropFirst();
    logStartOffset = Math.max(logStartOffset, head < batches.size() ? batches.get(head).baseOffset() : endOffset);
    long cost = LogBudget.cost(dropped);
    budget.droppedByBudget(cost);
    return cost;
  }

  private StoredBatch dropFirst() {
    StoredBatch first = batches.set(head, null);
    head++;
    bytes -= first.sizeInBytes();
    if (head == batches.size()) {
      batches.clear();
      head = 0;
    } else if (head > 1024 && head > batches.size() / 2) {
      batches.subList(0, head).clear();
      head = 0;
    }
    return first;
  }

  private void release(StoredBatch batch) {
    budget.released(batch);
  }

  /** Index of the first batch whose last offset is at or after {@code offset} (the end if none). */
  private int indexOf(long offset) {
    int lo = head;
    int hi = batches.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (batches.get(mid).lastOffset() < offset) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private void enforceRetention() {
    if (retentionBytes < 0) {
      return;
    }
    boolean dropped = false;
    while (bytes > retentionBytes && head < batches.size() - 1) {
      release(dropFirst());
      dropped = true;
    }
    if (dropped) {
      logStartOffset = Math.max(logStartOffset, batches.get(head).baseOffset());
    }
  }
}
