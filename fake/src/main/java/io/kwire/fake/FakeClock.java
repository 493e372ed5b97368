package io.kwire.fake;

import io.kwire.fake.cluster.ClusterThread;
import io.kwire.fake.cluster.SteppedClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A clock the test moves, for {@link FakeCluster.Builder#clock}: the cluster's timestamps
 * (LogAppendTime, marker and commit times), session timeouts and rebalance deadlines (classic and
 * KIP-848 groups) and transaction timeouts read it, and nothing falls due until {@link #advance}
 * moves it past: then what fell due runs on the cluster thread, in due order, before {@code advance}
 * returns. A fetch's long poll waits in real time (a network wait, not the cluster's time). One
 * cluster per clock.
 *
 * <pre>{@code
 * FakeClock clock = FakeClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
 * try (FakeCluster kafka = FakeCluster.builder().clock(clock).start()) {
 *   clock.advance(Duration.ofSeconds(45)); // members that stopped heartbeating 45 s ago expire
 * }
 * }</pre>
 */
public final class FakeClock {
  private static final long CALL_TIMEOUT_SECONDS = 10;

  private final SteppedClock time;
  private volatile ClusterThread thread;

  private FakeClock(long startMs) {
    this.time = new SteppedClock(startMs);
  }

  /** A clock that reads {@code start} until it is advanced. */
  public static FakeClock startingAt(Instant start) {
    return new FakeClock(Objects.requireNonNull(start, "start").toEpochMilli());
  }

  /** The cluster's now. */
  public Instant now() {
    return Instant.ofEpochMilli(time.nowMs());
  }

  /**
   * Moves the clock on by {@code by} (millisecond precision) and, before returning, runs on the
   * cluster thread every timer that fell due (members expire, rebalances end, transactions abort).
   *
   * @throws IllegalArgumentException if {@code by} is negative
   */
  public void advance(Duration by) {
    if (by.isNegative()) {
      throw new IllegalArgumentException("a clock does not go back: " + by);
    }
    ClusterThread on = thread;
    if (on == null) { // no cluster yet: no timers either
      time.advanceTo(time.nowMs() + by.toMillis());
      return;
    }
    try {
      on.call(() -> {
        time.advanceTo(time.nowMs() + by.toMillis());
        return CompletableFuture.completedFuture(null);
      }).get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted advancing the clock", e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("the cluster thread did not advance the clock in " + CALL_TIMEOUT_SECONDS + " s", e);
    }
  }

  /** Binds the clock to the cluster thread that runs its timers. */
  synchronized SteppedClock attach(ClusterThread clusterThread) {
    if (thread != null) {
      throw new IllegalStateException("this FakeClock already drives a cluster");
    }
    thread = clusterThread;
    return time;
  }
}
