package io.kwire.net;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One server's bound on the bytes of partial request frames buffered across all its connections
 * (Kafka's {@code queued.max.request.bytes}, as a hard bound): the per-frame cap alone lets many
 * connections each hold a large half-sent frame until the heap is gone. Each connection reserves the
 * bytes of its frame in progress as they arrive and gives them back when the frame is whole or the
 * connection closes; the connection whose bytes would pass the bound is refused, not the others.
 */
final class FrameBudget {
  private final long max;
  private final AtomicLong used = new AtomicLong();

  FrameBudget(long max) {
    if (max <= 0) {
      throw new IllegalArgumentException("the buffered frame budget must be positive: " + max);
    }
    this.max = max;
  }

  long max() {
    return max;
  }

  /** The bytes reserved now (for tests and diagnostics). */
  long used() {
    return used.get();
  }

  /** Reserves {@code bytes}, or nothing and false when they do not fit. */
  boolean reserve(long bytes) {
    while (true) {
      long now = used.get();
      if (now + bytes > max) {
        return false;
      }
      if (used.compareAndSet(now, now + bytes)) {
        return true;
      }
    }
  }

  void release(long bytes) {
    used.addAndGet(-bytes);
  }
}
