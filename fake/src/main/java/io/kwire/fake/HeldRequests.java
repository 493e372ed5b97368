package io.kwire.fake;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * Requests a hook holds until the test lets them go ({@link ControlBuilder#hold()}), so that a test
 * can order what several clients do exactly: wait until a client's request is held, act, then
 * release it. Nothing blocks while a request is held (it waits on a future; responses on its
 * connection after it wait behind it, in request order). Removing the hook ({@link #remove()},
 * {@link #close()}) releases every request it holds.
 *
 * <pre>{@code
 * try (HeldRequests commits = kafka.control(OffsetCommitRequest.class).hold()) {
 *   commits.awaitHeld(1, Duration.ofSeconds(10)); // the consumer's commit reached the broker
 *   ... // what must happen before the commit is handled
 *   commits.releaseAll();
 * }
 * }</pre>
 */
public final class HeldRequests implements ControlHandle {
  private final ConcurrentLinkedDeque<CompletableFuture<Void>> held = new ConcurrentLinkedDeque<>();
  private final Object changed = new Object();
  /** Set right after the hook is installed; a request may come before (then it is active). */
  private volatile ControlHandle hook;

  HeldRequests() {}

  void installed(ControlHandle hook) {
    this.hook = hook;
  }

  /** The action for one request: held until released (called on the cluster thread). */
  ControlAction hold() {
    CompletableFuture<Void> gate = new CompletableFuture<>();
    held.addLast(gate);
    synchronized (changed) {
      changed.notifyAll();
    }
    ControlHandle installed = hook;
    if (installed != null && !installed.active()) {
      gate.complete(null); // removed meanwhile: nothing will release it later
    }
    return ControlAction.holdUntil(gate);
  }

  /** Requests held now. */
  public int held() {
    return (int) held.stream().filter(g -> !g.isDone()).count();
  }

  /**
   * Waits until at least {@code count} requests are held (not yet released).
   *
   * @throws IllegalStateException if they are not within {@code timeout}
   */
  public void awaitHeld(int count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (changed) {
      while (held() < count) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new IllegalStateException(held() + " request(s) held after " + timeout + ", not " + count);
        }
        changed.wait(Math.max(1, left / 1_000_000));
      }
    }
  }

  /** Lets the oldest request held go on (to the next hook, or the broker); false if none is held. */
  public boolean releaseOne() {
    CompletableFuture<Void> gate;
    while ((gate = held.pollFirst()) != null) {
      if (gate.complete(null)) {
        return true;
      }
    }
    return false;
  }

  /** Lets every request held now go on, in the order they arrived; the hook keeps holding new ones. */
  public void releaseAll() {
    while (releaseOne()) {
      // one at a time, oldest first
    }
  }

  @Override
  public int fired() {
    return hook.fired();
  }

  @Override
  public boolean active() {
    return hook.active();
  }

  /** Uninstalls the hook and releases every request it holds. */
  @Override
  public void remove() {
    hook.remove();
    releaseAll();
  }
}
