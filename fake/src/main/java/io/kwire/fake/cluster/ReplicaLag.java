package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Followers whose replication a test paused ({@code FakeCluster.pauseReplication}): such a broker
 * stops fetching, so each partition it follows is ahead of it once the leader appends. As with
 * Kafka's {@code replica.lag.time.max.ms} (30 s by default; here on the cluster's clock), a follower
 * not caught up for that long leaves the ISR; meanwhile an acks=all append waits for it. When it
 * leaves, the waiting appends are answered: NOT_ENOUGH_REPLICAS_AFTER_APPEND when the ISR is now
 * smaller than the topic's {@code min.insync.replicas}, else NONE. While it lags in the ISR it holds
 * the partition's high watermark where it stopped, so consumers do not see the records it lacks.
 * Resumed, the follower catches up at once (the replicas share one log) and rejoins the ISR.
 * Confined to the cluster thread.
 */
public final class ReplicaLag {
  /** Kafka's replica.lag.time.max.ms default. */
  public static final long REPLICA_LAG_TIME_MAX_MS = 30_000;

  /** A paused follower: since when, and where it stopped on each partition it followed then. */
  private static final class Paused {
    final long sinceMs;
    final Map<Partition, Long> stoppedAt = new IdentityHashMap<>();

    Paused(long sinceMs) {
      this.sinceMs = sinceMs;
    }
  }

  /** An acks=all append waiting for the partition's lagging in-sync followers. */
  private record Waiter(int minInsync, CompletableFuture<Short> answer) {}

  private final ClusterState cluster;
  private final Map<Integer, Paused> paused = new HashMap<>();
  private final Map<Partition, List<Waiter>> waiters = new IdentityHashMap<>();
  private final Set<Partition> timed = new HashSet<>();

  ReplicaLag(ClusterState cluster) {
    this.cluster = cluster;
  }

  public boolean isPaused(int node) {
    return paused.containsKey(node);
  }

  /** Broker {@code node} stops fetching: where it is now on each partition is where it stays. */
  public void pause(int node) {
    if (paused.containsKey(node)) {
      return;
    }
    Paused p = new Paused(cluster.clock().nowMs());
    for (Topic t : cluster.topics()) {
      for (Partition partition : t.partitions()) {
        if (partition.replicas().contains(node)) {
          p.stoppedAt.put(partition, partition.log().endOffset());
        }
      }
    }
    paused.put(node, p);
    settleAll();
  }

  /** After the ISR or leadership changed elsewhere (a broker stopped or started): holds and waiters again. */
  public void settleAll() {
    if (paused.isEmpty() && waiters.isEmpty()) {
      return;
    }
    for (Topic t : cluster.topics()) {
      t.partitions().forEach(this::settle);
    }
  }

  /** Broker {@code node} fetches again: caught up at once, it rejoins the ISR of its partitions; the waiting appends go on. */
  public void resume(int node) {
    if (paused.remove(node) == null) {
      return;
    }
    for (Topic t : cluster.topics()) {
      for (Partition partition : t.partitions()) {
        if (partition.replicas().contains(node) && cluster.running(node)) {
          partition.replicaStarted(node, cluster::running);
        }
        settle(partition);
      }
    }
  }

  /**
   * The leader of {@code partition} appended: a paused in-sync follower now behind holds the high
   * watermark back and starts its lag clock.
   */
  public void appended(Partition partition) {
    if (paused.isEmpty()) {
      return; // nothing paused: every append is replicated at once
    }
    settle(partition);
    for (Map.Entry<Integer, Paused> e : paused.entrySet()) {
      if (lagging(partition, e.getKey()) && timed.add(partition)) {
        long due = e.getValue().sinceMs + REPLICA_LAG_TIME_MAX_MS - cluster.clock().nowMs();
        cluster.clock().schedule(Math.max(0, due), () -> {
          timed.remove(partition);
          shrink(partition);
        });
      }
    }
  }

  /**
   * An acks=all append's answer: NONE at once when no in-sync follower lags; otherwise when the
   * lagging ones left the ISR (NOT_ENOUGH_REPLICAS_AFTER_APPEND below {@code minInsync}) or resumed.
   */
  public CompletableFuture<Short> awaitReplication(Partition partition, int minInsync) {
    if (paused.isEmpty()) {
      return CompletableFuture.completedFuture(ErrorCode.NONE);
    }
    CompletableFuture<Short> answer = new CompletableFuture<>();
    waiters.computeIfAbsent(partition, p -> new ArrayList<>()).add(new Waiter(minInsync, answer));
    settle(partition);
    return answer;
  }

  /** The paused followers that fell behind for the lag time leave the ISR (the leader stays). */
  private void shrink(Partition partition) {
    for (int node : List.copyOf(paused.keySet())) {
      if (lagging(partition, node)) {
        partition.replicaFellBehind(node);
      }
    }
    settle(partition);
  }

  private boolean lagging(Partition partition, int node) {
    Paused p = paused.get(node);
    if (p == null || node == partition.leaderId() || !partition.isr().contains(node)) {
      return false;
    }
    return p.stoppedAt.getOrDefault(partition, 0L) < partition.log().endOffset();
  }

  /**
   * The high watermark is where the slowest in-sync replica is: held at a lagging follower's stop
   * offset, released when none lags. Then the waiting appends of {@code partition} are answered.
   */
  private void settle(Partition partition) {
    long held = Long.MAX_VALUE;
    for (Map.Entry<Integer, Paused> e : paused.entrySet()) {
      int node = e.getKey();
      if (node != partition.leaderId() && partition.isr().contains(node)) {
        held = Math.min(held, e.getValue().stoppedAt.getOrDefault(partition, 0L));
      }
    }
    partition.log().holdHighWatermark(held);
    List<Waiter> waiting = waiters.get(partition);
    if (waiting == null) {
      return;
    }
    for (int node : paused.keySet()) {
      if (lagging(partition, node)) {
        return;
      }
    }
    waiters.remove(partition);
    for (Waiter w : waiting) {
      w.answer().complete(partition.isr().size() < Math.min(w.minInsync(), partition.replicas().size())
          ? ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND : ErrorCode.NONE);
    }
  }

  /** A waiting append whose request timed out leaves the list. */
  public void forget(Partition partition, CompletableFuture<Short> answer) {
    List<Waiter> waiting = waiters.get(partition);
    if (waiting != null) {
      waiting.removeIf(w -> w.answer() == answer);
      if (waiting.isEmpty()) {
        waiters.remove(partition);
      }
    }
  }
}
