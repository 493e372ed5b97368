package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntPredicate;

/** A partition of a topic: where its replicas are, which one leads, and its log. */
public final class Partition {
  private final int index;
  private List<Integer> replicas;
  /** The in-sync replicas, in replica order: the running ones (see {@link #replicaStopped}). */
  private final List<Integer> isr;
  private final PartitionLog log;
  private final ProducerStates producers = new ProducerStates();
  private final PartitionTransactions transactions = new PartitionTransactions();
  /**
   * The offset at which each leader epoch began, oldest first, as Kafka's leader epoch cache keeps
   * them: an epoch that began where the next one did (no records written in it) is dropped.
   */
  private final List<long[]> epochStarts = new ArrayList<>(List.of(new long[] {0, 0}));
  private int leaderId;
  private int leaderEpoch;

  public Partition(int index, List<Integer> replicas, long retentionBytes) {
    this(index, replicas, retentionBytes, LogBudget.unbounded());
  }

  /** A partition whose log counts in the cluster's {@code budget}. */
  public Partition(int index, List<Integer> replicas, long retentionBytes, LogBudget budget) {
    this.index = index;
    this.replicas = List.copyOf(replicas);
    this.isr = new ArrayList<>(replicas);
    this.leaderId = replicas.get(0);
    this.log = new PartitionLog(retentionBytes, budget);
  }

  public int index() {
    return index;
  }

  public int leaderId() {
    return leaderId;
  }

  public int leaderEpoch() {
    return leaderEpoch;
  }

  public List<Integer> replicas() {
    return replicas;
  }

  /**
   * The in-sync replicas: every running replica, as the fake's replicas share one log and never
   * fall behind; a stopped broker leaves it, unless it was the last one (as Kafka keeps the last
   * ISR member of a partition left without a leader), and rejoins when it starts again.
   */
  public List<Integer> isr() {
    return Collections.unmodifiableList(isr);
  }

  /** The replicas on brokers not running now, as Metadata reports them. */
  public List<Integer> offlineReplicas(IntPredicate running) {
    List<Integer> out = new ArrayList<>();
    for (int r : replicas) {
      if (!running.test(r)) {
        out.add(r);
      }
    }
    return out;
  }

  /** No leader: every in-sync replica stopped (Metadata's LEADER_NOT_AVAILABLE). */
  public boolean offline() {
    return leaderId < 0;
  }

  /**
   * Broker {@code node} stopped: it leaves the ISR (unless it is its last member) and, if it led, an
   * in-sync replica takes over in a new leader epoch, or, with none left, the partition goes
   * offline (leader -1, a new epoch too).
   */
  public void replicaStopped(int node) {
    if (!replicas.contains(node)) {
      return;
    }
    if (isr.size() > 1) {
      isr.remove(Integer.valueOf(node));
    }
    if (leaderId == node) {
      newLeader(isr.contains(node) ? -1 : isr.get(0));
    }
  }

  /**
   * Broker {@code node} started again: it rejoins the ISR (its log is the partition's one log, so
   * it is caught up at once), and leads a partition left offline if it was its last in-sync replica,
   * the other running replicas then rejoining too. A replica that was not in sync does not lead an
   * offline partition, as with Kafka's clean leader election.
   */
  public void replicaStarted(int node, IntPredicate running) {
    if (!replicas.contains(node)) {
      return;
    }
    if (leaderId < 0) {
      if (isr.contains(node)) {
        newLeader(node);
        isr.clear();
        for (int r : replicas) {
          if (running.test(r)) {
            isr.add(r);
          }
        }
      }
      return;
    }
    if (!isr.contains(node)) {
      List<Integer> inSync = new ArrayList<>();
      for (int r : replicas) {
        if (r == node || isr.contains(r)) {
          inSync.add(r);
        }
      }
      isr.clear();
      isr.addAll(inSync);
    }
  }

  /**
   * Follower {@code node} fell behind for longer than the replica lag time ({@link ReplicaLag}): it
   * leaves the ISR. The leader never does, nor the last member.
   */
  public void replicaFellBehind(int node) {
    if (node != leaderId && isr.size() > 1) {
      isr.remove(Integer.valueOf(node));
    }
  }

  public PartitionLog log() {
    return log;
  }

  /** The idempotent producers' sequences on this partition. */
  public PartitionTransactions transactions() {
    return transactions;
  }

  /** The last stable offset: the high watermark, or the start of the oldest open transaction. */
  public long lastStableOffset() {
    return transactions.lastStableOffset(log.highWatermark());
  }

  public ProducerStates producers() {
    return producers;
  }

  /**
   * Places the partition on {@code newReplicas} (a reassignment, completed at once: the fake's
   * replicas are always in sync). The leader stays where it is if it is among them, else the first
   * of them leads, in a new leader epoch.
   */
  public void reassign(List<Integer> newReplicas) {
    List<Integer> inSync = new ArrayList<>();
    for (int r : newReplicas) {
      // A replica the partition did not have is caught up at once (one shared log); one it had
      // keeps its standing (a stopped broker stays out of the ISR).
      if (isr.contains(r) || !replicas.contains(r)) {
        inSync.add(r);
      }
    }
    replicas = List.copyOf(newReplicas);
    isr.clear();
    isr.addAll(inSync.isEmpty() ? replicas : inSync);
    if (!replicas.contains(leaderId)) {
      electLeader(isr.get(0));
    }
  }

  /** Moves leadership to {@code newLeader}, a replica, starting a new leader epoch. */
  public void electLeader(int newLeader) {
    if (!replicas.contains(newLeader)) {
      throw new IllegalArgumentException("broker " + newLeader + " is not a replica of partition " + index);
    }
    if (!isr.contains(newLeader)) {
      throw new IllegalArgumentException("broker " + newLeader + " is not in sync for partition " + index);
    }
    newLeader(newLeader);
  }

  private void newLeader(int node) {
    leaderId = node;
    leaderEpoch++;
    long start = log.endOffset();
    if (!epochStarts.isEmpty() && epochStarts.get(epochStarts.size() - 1)[1] == start) {
      epochStarts.remove(epochStarts.size() - 1);
    }
    epochStarts.add(new long[] {leaderEpoch, start});
  }

  /**
   * Where {@code epoch} ended, as OffsetForLeaderEpoch answers: the largest epoch at or below it
   * and the offset the next epoch began at (the log end offset for the current epoch); epoch -1
   * and offset -1 when the log has no epoch that old.
   */
  public long[] endOfEpoch(int epoch) {
    if (epoch >= leaderEpoch) {
      return new long[] {leaderEpoch, log.endOffset()};
    }
    long[] known = null;
    for (long[] start : epochStarts) {
      if (start[0] > epoch) {
        return known == null ? new long[] {-1, -1} : new long[] {known[0], start[1]};
      }
      known = start;
    }
    return new long[] {leaderEpoch, log.endOffset()};
  }

  /**
   * The error a request naming {@code currentLeaderEpoch} (-1: not known to the client) gets: a
   * client behind the leader's epoch is fenced, one ahead knows of an epoch this broker does not.
   */
  public short checkLeaderEpoch(int currentLeaderEpoch) {
    if (currentLeaderEpoch < 0 || currentLeaderEpoch == leaderEpoch) {
      return ErrorCode.NONE;
    }
    return currentLeaderEpoch < leaderEpoch ? ErrorCode.FENCED_LEADER_EPOCH : ErrorCode.UNKNOWN_LEADER_EPOCH;
  }
}
