package io.kwire.fake.groups;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.PartitionTransactions;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatchV2;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One partition as a share group consumes it (KIP-932): records from the share-partition start
 * offset on are in flight (available, acquired by a member under a time lock, acknowledged or
 * archived) up to the end offset, past which none was acquired yet. A fetch acquires available
 * records first (released or whose lock expired: their delivery count goes up) then new whole
 * batches (control batches are archived, never delivered; with share.isolation.level
 * read_committed only below the last stable offset, aborted transactions' records archived too). A record delivered as often as the
 * delivery count limit is archived instead of being made available again. The start offset moves
 * past the leading acknowledged and archived records. Confined to the cluster thread.
 */
public final class SharePartition {
  /** An acknowledgement's type, by its wire value. */
  public static final byte GAP = 0;
  public static final byte ACCEPT = 1;
  public static final byte RELEASE = 2;
  public static final byte REJECT = 3;
  public static final byte RENEW = 4;

  /** How far one read of the log goes: the batches of one fetch stay within it (the first always comes). */
  private static final int READ_LIMIT = 8 << 20;

  private enum State { AVAILABLE, ACQUIRED, ACKNOWLEDGED, ARCHIVED }

  /** One acquisition: its member and its lock, shared by the records acquired together. */
  private final class Acquisition {
    final String memberId;
    ClusterClock.Timer lock;

    Acquisition(String memberId) {
      this.memberId = memberId;
    }

    void lock() {
      if (lock != null) {
        lock.cancel();
      }
      lock = clock.schedule(lockDurationMs, this::expire);
    }

    /** The lock expired: what this acquisition still holds goes back (or is archived). */
    void expire() {
      for (InFlight r : inFlight.values()) {
        if (r.acquisition == this && r.state == State.ACQUIRED) {
          giveBack(r);
        }
      }
      advanceStart();
      settled();
    }
  }

  private static final class InFlight {
    State state = State.AVAILABLE;
    short deliveryCount;
    Acquisition acquisition;
  }

  /** Acquired records as ShareFetch lists them: a run of offsets with one delivery count. */
  public record Acquired(long firstOffset, long lastOffset, short deliveryCount) {}

  /** What a fetch acquired: the runs and the stored batches that hold them. */
  public record Fetched(List<Acquired> acquired, List<StoredBatch> batches) {}

  private final String topicName;
  private final Partition partition;
  private final ClusterClock clock;
  private final int lockDurationMs;
  private final int deliveryCountLimit;
  private final int maxInFlight;
  private final TreeMap<Long, InFlight> inFlight = new TreeMap<>();
  private final List<Runnable> settleListeners = new ArrayList<>();
  private long startOffset;
  private long endOffset;

  /** @param startOffset where the group starts reading (share.auto.offset.reset: latest or earliest) */
  SharePartition(String topicName, Partition partition, ClusterClock clock, int lockDurationMs,
      int deliveryCountLimit, int maxInFlight, long startOffset) {
    this.maxInFlight = maxInFlight;
    this.topicName = topicName;
    this.partition = partition;
    this.clock = clock;
    this.lockDurationMs = lockDurationMs;
    this.deliveryCountLimit = deliveryCountLimit;
    this.startOffset = startOffset;
    this.endOffset = startOffset;
  }

  public long startOffset() {
    return startOffset;
  }

  public Partition partition() {
    return partition;
  }

  public String topicName() {
    return topicName;
  }

  /** Starts over at {@code offset} (AlterShareGroupOffsets): nothing in flight, every record from there on new. */
  void resetTo(long offset) {
    inFlight.clear();
    startOffset = offset;
    endOffset = offset;
  }

  /**
   * Acquires up to about {@code maxRecords} records for {@code memberId} (whole batches for new
   * records); {@code readCommitted}: below the last stable offset, aborted records archived.
   */
  public Fetched acquire(String memberId, int maxRecords, boolean readCommitted) {
    return acquire(memberId, maxRecords, readCommitted, false);
  }

  /**
   * As {@link #acquire(String, int, boolean)}; {@code recordLimit} (ShareFetch v2's record_limit
   * acquire mode): never more than {@code maxRecords}, a batch acquired in part if need be.
   */
  public Fetched acquire(String memberId, int maxRecords, boolean readCommitted, boolean recordLimit) {
    long logStart = partition.log().logStartOffset();
    if (startOffset < logStart) {
      // Records deleted below the start (DeleteRecords, retention): they leave the in-flight window.
      inFlight.headMap(logStart).clear();
      startOffset = logStart;
      endOffset = Math.max(endOffset, logStart);
    }
    Acquisition acquisition = new Acquisition(memberId);
    List<Long> offsets = new ArrayList<>();
    for (Map.Entry<Long, InFlight> e : inFlight.entrySet()) {
      if (offsets.size() >= maxRecords) {
        break;
      }
      if (e.getValue().state == State.AVAILABLE) {
        take(e.getValue(), acquisition);
        offsets.add(e.getKey());
      }
    }
    long stable = readCommitted ? partition.lastStableOffset() : partition.log().highWatermark();
    for (StoredBatch batch : partition.log().read(endOffset, READ_LIMIT, true)) {
      // share.partition.max.record.locks bounds the in-flight window, as in Kafka (and the fake's memory).
      if (offsets.size() >= maxRecords || batch.baseOffset() >= stable || endOffset - startOffset >= maxInFlight) {
        break;
      }
      if (batch.lastOffset() < endOffset) {
        continue;
      }
      boolean deliverable = deliverable(batch, readCommitted);
      long o = Math.max(endOffset, batch.baseOffset());
      for (; o <= batch.lastOffset(); o++) {
        if (deliverable && recordLimit && offsets.size() >= maxRecords) {
          break;
        }
        InFlight r = new InFlight();
        inFlight.put(o, r);
        if (deliverable) {
          take(r, acquisition);
          offsets.add(o);
        } else {
          r.state = State.ARCHIVED;
        }
      }
      endOffset = o;
    }
    if (!offsets.isEmpty()) {
      acquisition.lock();
    }
    advanceStart();
    return new Fetched(runs(offsets), batchesHolding(offsets));
  }

  /** Not a control batch, nor (read committed) one of a transaction that was aborted. */
  private boolean deliverable(StoredBatch batch, boolean readCommitted) {
    RecordBatchV2 header = RecordBatchV2.of(batch.records(), ReadOptions.DEFAULT);
    if (header.isControl()) {
      return false;
    }
    if (!readCommitted || !header.isTransactional()) {
      return true;
    }
    for (PartitionTransactions.AbortedTransaction a
        : partition.transactions().abortedBetween(batch.baseOffset(), batch.lastOffset() + 1)) {
      if (a.producerId() == header.producerId() && a.firstOffset() <= batch.baseOffset()
          && batch.baseOffset() < a.markerOffset()) {
        return false;
      }
    }
    return true;
  }

  private void take(InFlight r, Acquisition acquisition) {
    r.state = State.ACQUIRED;
    r.deliveryCount++;
    r.acquisition = acquisition;
  }

  /** Back to available, or archived once delivered as often as the limit allows. */
  private void giveBack(InFlight r) {
    r.state = r.deliveryCount >= deliveryCountLimit ? State.ARCHIVED : State.AVAILABLE;
    r.acquisition = null;
  }

  /**
   * Acknowledges {@code first}-{@code last}: one type for the range, or one per offset. Every
   * offset must be acquired by {@code memberId} (INVALID_RECORD_STATE otherwise, nothing changed).
   */
  public short acknowledge(String memberId, long first, long last, List<Byte> types) {
    if (last < first || types.isEmpty() || types.size() != 1 && types.size() != last - first + 1) {
      return ErrorCode.INVALID_REQUEST;
    }
    if (first < startOffset || last >= endOffset) {
      // Outside the in-flight window nothing is acquired (and a hostile range is not walked).
      return ErrorCode.INVALID_RECORD_STATE;
    }
    for (long o = first; o <= last; o++) {
      InFlight r = inFlight.get(o);
      byte type = types.size() == 1 ? types.get(0) : types.get((int) (o - first));
      if (type == GAP && (r == null || r.state != State.ACQUIRED)) {
        continue;
      }
      if (type < GAP || type > RENEW) {
        return ErrorCode.INVALID_REQUEST;
      }
      if (r == null || r.state != State.ACQUIRED || !r.acquisition.memberId.equals(memberId)) {
        return ErrorCode.INVALID_RECORD_STATE;
      }
    }
    for (long o = first; o <= last; o++) {
      InFlight r = inFlight.get(o);
      if (r == null || r.state != State.ACQUIRED) {
        continue;
      }
      byte type = types.size() == 1 ? types.get(0) : types.get((int) (o - first));
      switch (type) {
        case ACCEPT -> settle(r, State.ACKNOWLEDGED);
        case RELEASE -> giveBack(r);
        case RENEW -> r.acquisition.lock();
        default -> settle(r, State.ARCHIVED);
      }
    }
    advanceStart();
    settled();
    return ErrorCode.NONE;
  }

  private static void settle(InFlight r, State state) {
    r.state = state;
    r.acquisition = null;
  }

  /** The member is gone (left, fenced, its share session closed): what it holds goes back. */
  public void releaseAll(String memberId) {
    for (InFlight r : inFlight.values()) {
      if (r.state == State.ACQUIRED && r.acquisition.memberId.equals(memberId)) {
        giveBack(r);
      }
    }
    advanceStart();
    settled();
  }

  /**
   * Runs {@code listener} after records were acknowledged, released or their lock expired: records
   * may have become acquirable with no append to the log (released, or the in-flight window moved),
   * so a ShareFetch parked for records must look again, as Kafka completes its delayed share
   * fetches then. The listener runs on the cluster thread, inside the call that settled them.
   */
  public void addSettleListener(Runnable listener) {
    settleListeners.add(listener);
  }

  public void removeSettleListener(Runnable listener) {
    settleListeners.remove(listener);
  }

  private void settled() {
    for (Runnable listener : List.copyOf(settleListeners)) {
      listener.run();
    }
  }

  /** Whether a fetch now would acquire something (new records only while the in-flight window has room). */
  public boolean hasAvailable(boolean readCommitted) {
    return inFlight.values().stream().anyMatch(r -> r.state == State.AVAILABLE)
        || endOffset - startOffset < maxInFlight
        && endOffset < (readCommitted ? partition.lastStableOffset() : partition.log().highWatermark());
  }

  /** Records not yet acknowledged or archived, from the start offset on (DescribeShareGroupOffsets' lag). */
  public long lag() {
    long done = inFlight.values().stream().filter(r -> r.state == State.ACKNOWLEDGED || r.state == State.ARCHIVED)
        .count();
    return Math.max(0, partition.log().highWatermark() - startOffset - done);
  }

  private void advanceStart() {
    Iterator<Map.Entry<Long, InFlight>> it = inFlight.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<Long, InFlight> e = it.next();
      State s = e.getValue().state;
      if (e.getKey() != startOffset || s != State.ACKNOWLEDGED && s != State.ARCHIVED) {
        break;
      }
      it.remove();
      startOffset++;
    }
    if (inFlight.isEmpty()) {
      startOffset = Math.max(startOffset, endOffset);
    }
  }

  /** Ascending offsets as runs of consecutive offsets with one delivery count. */
  private List<Acquired> runs(List<Long> offsets) {
    List<Acquired> out = new ArrayList<>();
    long first = -1;
    long last = -1;
    short count = 0;
    for (long o : offsets) {
      short c = inFlight.get(o).deliveryCount;
      if (first >= 0 && o == last + 1 && c == count) {
        last = o;
        continue;
      }
      if (first >= 0) {
        out.add(new Acquired(first, last, count));
      }
      first = o;
      last = o;
      count = c;
    }
    if (first >= 0) {
      out.add(new Acquired(first, last, count));
    }
    return out;
  }

  /** The stored batches holding the offsets, each once, in offset order. */
  private List<StoredBatch> batchesHolding(List<Long> offsets) {
    TreeMap<Long, StoredBatch> batches = new TreeMap<>();
    for (Acquired run : runs(offsets)) {
      for (StoredBatch b : partition.log().read(run.firstOffset(), READ_LIMIT, true)) {
        if (b.baseOffset() > run.lastOffset()) {
          break;
        }
        batches.put(b.baseOffset(), b);
      }
    }
    return new ArrayList<>(batches.values());
  }
}
