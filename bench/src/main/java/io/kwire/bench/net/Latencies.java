package io.kwire.bench.net;

import java.util.Arrays;

/** Latencies of one measured run, appended by one thread at a time (a connection's event loop), read after it. */
final class Latencies {
  private long[] nanos = new long[1 << 16];
  private int count;

  synchronized void add(long latencyNanos) {
    if (count == nanos.length) {
      nanos = Arrays.copyOf(nanos, count * 2);
    }
    nanos[count++] = latencyNanos;
  }

  static LoadResult merge(String name, Latencies[] parts, double seconds) {
    int total = 0;
    for (Latencies part : parts) {
      total += part.count;
    }
    long[] all = new long[total];
    int at = 0;
    for (Latencies part : parts) {
      synchronized (part) {
        System.arraycopy(part.nanos, 0, all, at, part.count);
        at += part.count;
      }
    }
    return LoadResult.of(name, all, total, seconds);
  }
}
