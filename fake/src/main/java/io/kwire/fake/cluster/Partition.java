package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.List;

/** A partition of a topic: where its replicas are, which one leads, and its log. */
public final class Partition {
  private final int index;
  private List<Integer> replicas;
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
    this.index = index;
    this.replicas = List.copyOf(replicas);
    this.leaderId = replicas.get(0);
    this.log = new PartitionLog(retentionBytes);
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

  /** The in-sync replicas: all of them, as the fake replicates nothing that could fall behind. */
  public List<Integer> isr() {
    return replicas;
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
    replicas = List.copyOf(newReplicas);
    if (!replicas.contains(leaderId)) {
      electLeader(replicas.get(0));
    }
  }

  /** Moves leadership to {@code newLeader}, a replica, starting a new leader epoch. */
  public void electLeader(int newLeader) {
    if (!replicas.contains(newLeader)) {
      throw new IllegalArgumentException("broker " + newLeader + " is not a replica of partition " + index);
    }
    leaderId = newLeader;
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
