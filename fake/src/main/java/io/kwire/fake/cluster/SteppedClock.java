package io.kwire.fake.cluster;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * Time that moves only when {@link #advanceTo} is called (a test's clock): its timers are kept in due
 * order (then in the order they were set) and run by {@code advanceTo}, each at its due time. Its
 * timers and {@code advanceTo} are confined to the cluster thread; {@link #nowMs} may be read anywhere.
 */
public final class SteppedClock implements ClusterClock {
  private final PriorityQueue<Scheduled> timers = new PriorityQueue<>(
      Comparator.<Scheduled>comparingLong(t -> t.due).thenComparingLong(t -> t.order));
  private volatile long now;
  private long sequence;
  private Runnable afterAdvance = () -> { };

  public SteppedClock(long startMs) {
    this.now = startMs;
  }

  @Override
  public long nowMs() {
    return now;
  }

  @Override
  public Timer schedule(long delayMs, Runnable task) {
    Scheduled s = new Scheduled(now + Math.max(0, delayMs), sequence++, task);
    timers.add(s);
    return s;
  }

  /**
   * Moves time on to {@code targetMs}, running every timer that falls due on the way (including those
   * that the tasks set), each with the clock at its due time. Never moves time back.
   */
  public void advanceTo(long targetMs) {
    while (!timers.isEmpty() && timers.peek().due <= targetMs) {
      Scheduled next = timers.poll();
      now = Math.max(now, next.due);
      next.task.run();
    }
    now = Math.max(now, targetMs);
    afterAdvance.run();
  }

  /** Runs {@code task} at the end of each {@link #advanceTo}, at the new now (the cluster's log maintenance). */
  public void afterAdvance(Runnable task) {
    afterAdvance = task;
  }

  /** Timers not yet run or cancelled. */
  public int pendingTimers() {
    return timers.size();
  }

  private final class Scheduled implements Timer {
    final long due;
    final long order;
    final Runnable task;

    Scheduled(long due, long order, Runnable task) {
      this.due = due;
      this.order = order;
      this.task = task;
    }

    @Override
    public void cancel() {
      timers.remove(this);
    }
  }
}
