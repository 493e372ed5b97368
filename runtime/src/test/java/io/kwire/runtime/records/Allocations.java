package io.kwire.runtime.records;

import java.lang.management.ManagementFactory;

/** The JVM's per-thread allocation counter, for the tests that bound what decompression allocates. */
final class Allocations {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private Allocations() {}

  /** Heap bytes the current thread allocated while running {@code action}, garbage included. */
  static long allocatedBy(Runnable action) {
    long before = THREADS.getCurrentThreadAllocatedBytes();
    action.run();
    return THREADS.getCurrentThreadAllocatedBytes() - before;
  }
}
