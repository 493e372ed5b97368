package io.kwire.fake;

import io.kwire.fake.cluster.ClusterThread;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/** The facade's synchronous calls: work run on the cluster thread, which owns the state, and waited for. */
final class ClusterCalls {
  private static final long CALL_TIMEOUT_SECONDS = 10;

  private final ClusterThread thread;

  ClusterCalls(ClusterThread thread) {
    this.thread = thread;
  }

  /** What {@code work} returns, run on the cluster thread; its runtime exception is rethrown here. */
  <T> T call(Supplier<T> work) {
    try {
      return thread.<T>call(() -> CompletableFuture.completedFuture(work.get()))
          .get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted waiting for the cluster thread", e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("the cluster thread did not answer in " + CALL_TIMEOUT_SECONDS + " s", e);
    }
  }

  /** Runs {@code work} on the cluster thread and waits for it. */
  void run(Runnable work) {
    call(() -> {
      work.run();
      return null;
    });
  }

  /** Stops the cluster thread. */
  void close() {
    thread.close();
  }
}
