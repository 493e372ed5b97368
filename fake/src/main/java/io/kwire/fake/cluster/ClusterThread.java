package io.kwire.fake.cluster;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The one thread that owns a cluster's state: every request is handled here in turn, so the state
 * needs no locks, and nothing a handler does blocks a network event loop. Its timers are the
 * system clock's.
 */
public final class ClusterThread implements ClusterClock, AutoCloseable {
  private static final System.Logger LOG = System.getLogger(ClusterThread.class.getName());

  private final ScheduledThreadPoolExecutor executor;

  public ClusterThread(String name) {
    executor = new ScheduledThreadPoolExecutor(1, task -> {
      Thread t = new Thread(task, name);
      t.setDaemon(true);
      return t;
    });
    executor.setRemoveOnCancelPolicy(true);
  }

  /** Runs {@code work} on the cluster thread; its result (or failure) completes the returned future. */
  public <T> CompletableFuture<T> call(Supplier<? extends CompletionStage<T>> work) {
    CompletableFuture<T> result = new CompletableFuture<>();
    try {
      executor.execute(() -> {
        try {
          work.get().whenComplete((value, failure) -> {
            if (failure != null) {
              result.completeExceptionally(failure);
            } else {
              result.complete(value);
            }
          });
        } catch (RuntimeException e) {
          result.completeExceptionally(e);
        }
      });
    } catch (RuntimeException rejected) {
      result.completeExceptionally(rejected);
    }
    return result;
  }

  @Override
  public long nowMs() {
    return System.currentTimeMillis();
  }

  @Override
  public Timer schedule(long delayMs, Runnable task) {
    ScheduledFuture<?> f = executor.schedule(() -> {
      try {
        task.run();
      } catch (RuntimeException e) {
        // The executor would drop it silently; a fake's bug should be seen.
        LOG.log(System.Logger.Level.ERROR, "a kwire-fake timer task failed", e);
      }
    }, Math.max(0, delayMs), TimeUnit.MILLISECONDS);
    return () -> f.cancel(false);
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
