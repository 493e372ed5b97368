package io.kwire.fake.cluster;

/**
 * The cluster's time: its now, and its timers (long-poll deadlines, session timeouts). Everything
 * that waits goes through here, so that a test-controlled clock can later replace the system one.
 */
public interface ClusterClock {
  long nowMs();

  /** Runs {@code task} on the cluster thread after {@code delayMs}; the returned timer cancels it. */
  Timer schedule(long delayMs, Runnable task);

  /** A scheduled task. */
  interface Timer {
    /** Stops the task from running if it has not yet; does nothing otherwise. */
    void cancel();
  }
}
