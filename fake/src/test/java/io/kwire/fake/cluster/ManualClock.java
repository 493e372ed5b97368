package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A clock a test moves: timers run, in due order, on the thread that calls {@link #advance}. */
public final class ManualClock implements ClusterClock {
  private final List<Scheduled> timers = new ArrayList<>();
  private long now;
  private long sequence;

  public ManualClock(long startMs) {
    this.now = startMs;
  }

  private final class Scheduled implements Timer {
    final long due;
    final long order = sequence++;
    final Runnable task;

    Scheduled(long due, Runnable task) {
      this.due = due;
      this.task = task;
    }

    @Override
    public void cancel() {
      timers.remove(this);
    }
  }

  @Override
  public long nowMs() {
    return now;
  }

  @Override
  public Timer schedule(long delayMs, Runnable task) {
    Scheduled s = new Scheduled(now + Math.max(0, delayMs), task);
    timers.add(s);
    return s;
  }

  /** Moves time on by {@code ms}, running every timer that falls due on the way. */
  public void advance(long ms) {
    long target = now + ms;
    while (true) {
      Scheduled next = timers.stream().filter(t -> t.due <= target)
          .min(Comparator.<Scheduled>comparingLong(t -> t.due).thenComparingLong(t -> t.order)).orElse(null);
      if (next == null) {
        break;
      }
      timers.remove(next);
      now = next.due;
      next.task.run();
    }
    now = target;
  }

  public int pendingTimers() {
    return timers.size();
  }
}
