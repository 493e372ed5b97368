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
import java.util.function.LongSupplier;

/**
 * One partition as a share group consumes it (KIP-932): records from the share-partition start
 * offset on are in flight (available, acquired by a member under a time lock, acknowledged or
 * archived) up to the end offset, past which none was acquired yet. A fetch acquires available
 * records first (released or whose lock expired: their delivery count goes up) then new whole
 * batches (control batches are archived, never delivered; with share.isolation.level
 * read_committed only below the last stable offset, aborted transactions' records archived too). A record delivered as often as the
 * delivery count limit is archived instead of being made available again. The start offset moves
 * past the leading acknowledged and archived records.
 *
 * <p>It is also what the share coordinator keeps for the partition (KIP-932's persisted state, the
 * share state APIs 83-87): a state epoch, the leader epoch of the last write or read, the start
 * offset (-1 until a fetch decides it, when initialized so) and the in-flight records as state
 * batches. A write replaces the records it names, as Kafka's coordinator merges a write into what
 * it holds. Confined to the cluster thread.
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

  /** A run of records in one persisted state (0 available, 2 acknowledged, 4 archived), as the state APIs carry it. */
  public record StateBatch(long firstOffset, long lastOffset, byte deliveryState, short deliveryCount) {}

  /** The persisted delivery states, by their wire values. */
  public static final byte STATE_AVAILABLE = 0;
  public static final byte STATE_ACKNOWLEDGED = 2;
  public static final byte STATE_ARCHIVED = 4;

  private final String topicName;
  private final Partition partition;
  private final ClusterClock clock;
  private final int lockDurationMs;
  private final int deliveryCountLimit;
  private final int maxInFlight;
  private final TreeMap<Long, InFlight> inFlight = new TreeMap<>();
  /** Where an undecided start (-1) begins at the first fetch: share.auto.offset.reset, then. */
  private final LongSupplier autoResetOffset;
  private final List<Runnable> settleListeners = new ArrayList<>();
  private long startOffset;
  private long endOffset;
  private int stateEpoch;
  private int stateLeaderEpoch;
  private int deliveryCompleteCount;

  /**
   * @param startOffset where the group starts reading, or -1: decided by {@code autoResetOffset} at the first fetch
   * @param stateEpoch the state epoch the share coordinator gives it
   */
  SharePartition(String topicName, Partition partition, ClusterClock clock, int lockDurationMs,
      int deliveryCountLimit, int maxInFlight, long startOffset, int stateEpoch, LongSupplier autoResetOffset) {
    this.maxInFlight = maxInFlight;
    this.autoResetOffset = autoResetOffset;
    this.stateEpoch = stateEpoch;
    this.stateLeaderEpoch = partition.leaderEpoch();
    this.topicName = topicName;
    this.partition = partition;
    this.clock = clock;
    this.lockDurationMs = lockDurationMs;
    this.deliveryCountLimit = deliveryCountLimit;
    this.startOffset = startOffset;
    this.endOffset = startOffset;
  }

  /** The share-partition start offset, -1 while undecided (initialized so, and not fetched from yet). */
  public long startOffset() {
    return startOffset;
  }

  public int stateEpoch() {
    return stateEpoch;
  }

  /** The leader epoch of the last state write or read (the share coordinator fences older ones). */
  public int stateLeaderEpoch() {
    return stateLeaderEpoch;
  }

  void stateLeaderEpoch(int leaderEpoch) {
    stateLeaderEpoch = leaderEpoch;
  }

  /** What the last write said of the records from the start offset on whose delivery is complete. */
  public int deliveryCompleteCount() {
    return deliveryCompleteCount;
  }

  /**
   * InitializeShareGroupState: a new state epoch and start offset (-1: decided at the first
   * fetch), nothing in flight, leader epoch 0.
   */
  void initialize(int newStateEpoch, long newStartOffset) {
    inFlight.clear();
    startOffset = newStartOffset;
    endOffset = newStartOffset;
    stateEpoch = newStateEpoch;
    stateLeaderEpoch = 0;
    deliveryCompleteCount = 0;
    settled();
  }

  /**
   * WriteShareGroupState: the leader epoch, the start offset unless -1 (what lies below it
   * forgotten), and each batch's records in its state (replacing what they were, an acquisition
   * included); records between the old end and a batch become available, never delivered.
   * The caller has bounded the batches' span.
   */
  void write(int leaderEpoch, long newStartOffset, int completeCount, List<StateBatch> batches) {
    stateLeaderEpoch = leaderEpoch;
    // Kafka's coordinator takes the count only from a write that moves the start offset.
    if (newStartOffset >= 0 && newStartOffset != startOffset && completeCount >= 0) {
      deliveryCompleteCount = completeCount;
    }
    if (newStartOffset >= 0) {
      inFlight.headMap(newStartOffset).clear();
      startOffset = newStartOffset;
      endOffset = Math.max(endOffset, newStartOffset);
    }
    for (StateBatch b : batches) {
      long first = Math.max(b.firstOffset(), Math.max(startOffset, 0));
      if (b.lastOffset() < first) {
        continue;
      }
      for (long o = Math.max(endOffset, 0); o < first; o++) {
        inFlight.putIfAbsent(o, new InFlight());
      }
      for (long o = first; o <= b.lastOffset(); o++) {
        InFlight r = new InFlight();
        r.state = switch (b.deliveryState()) {
          case STATE_ACKNOWLEDGED -> State.ACKNOWLEDGED;
          case STATE_ARCHIVED -> State.ARCHIVED;
          default -> State.AVAILABLE;
        };
        r.deliveryCount = b.deliveryCount();
        inFlight.put(o, r);
      }
      endOffset = Math.max(endOffset, b.lastOffset() + 1);
    }
    // records it made available may answer a parked fetch
    settled();
  }

  /**
   * The in-flight records as the share coordinator returns them: runs of one state and delivery
   * count, acquired records as available (their acquisition is not persisted), records never
   * delivered left out.
   */
  public List<StateBatch> stateBatches() {
    List<StateBatch> out = new ArrayList<>();
    long first = -1;
    long last = -1;
    byte state = 0;
    short count = 0;
    for (Map.Entry<Long, InFlight> e : inFlight.entrySet()) {
      InFlight r = e.getValue();
      byte s = switch (r.state) {
        case ACKNOWLEDGED -> STATE_ACKNOWLEDGED;
        case ARCHIVED -> STATE_ARCHIVED;
        default -> STATE_AVAILABLE;
      };
      if (s == STATE_AVAILABLE && r.deliveryCount == 0) {
        continue;
      }
      long o = e.getKey();
      if (first >= 0 && o == last + 1 && s == state && r.deliveryCount == count) {
        last = o;
        continue;
      }
      if (first >= 0) {
        out.add(new StateBatch(first, last, state, count));
      }
      first = o;
      last = o;
      state = s;
      count = r.deliveryCount;
    }
    if (first >= 0) {
      out.add(new StateBatch(first, last, state, count));
    }
    return out;
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
    if (startOffset < 0) {
      // Initialized without a start: share.auto.offset.reset decides now (or the first record written).
      startOffset = inFlight.isEmpty() ? autoResetOffset.getAsLong() : inFlight.firstKey();
      endOffset = Math.max(endOffset, startOffset);
    }
    long logStart = partition.log().logStartOffset();
    if (startOffset < logStart) {
      // Records deleted below the start (DeleteRecords, retention): they leave the in-flight window.
      inFlight.headMap(logStart).clear();
      startOffset = logStart;
      endOffset = Math.max(endOffset, logStart);
    }
    Acquisition acquisition = new Acquisition(memberId);
    List<Long> offsets = new ArrayList<>();
    long stable = readCommitted ? partition.lastStableOffset() : partition.log().highWatermark();
    for (Map.Entry<Long, InFlight> e : inFlight.entrySet()) {
      // A state written ahead of the log (WriteShareGroupState) waits for its records.
      if (offsets.size() >= maxRecords || e.getKey() >= stable) {
        break;
      }
      if (e.getValue().state == State.AVAILABLE) {
        take(e.getValue(), acquisition);
        offsets.add(e.getKey());
      }
    }
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
   * Runs {@code listener} after records were acknowledged, released, their lock expired or the share
   * state was initialized or written (the share coordinator's APIs): records
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
    if (startOffset < 0) {
      return -1;
    }
    long done = inFlight.values().stream().filter(r -> r.state == State.ACKNOWLEDGED || r.state == State.ARCHIVED)
        .count();
    return Math.max(0, partition.log().highWatermark() - startOffset - done);
  }

  private void advanceStart() {
    if (startOffset < 0) {
      return;
    }
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
