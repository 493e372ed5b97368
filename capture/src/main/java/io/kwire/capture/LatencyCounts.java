package io.kwire.capture;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Latencies counted in buckets of three significant digits of microseconds (1 µs up to 999 µs
 * exactly, then 1.00 ms, 1.01 ms, ...), so that memory stays a few thousand entries whatever the
 * number of exchanges, and a percentile is exact to that precision.
 */
final class LatencyCounts {
  private final TreeMap<Long, Long> counts = new TreeMap<>();
  private long total;

  void add(Duration latency) {
    long micros = Math.max(0, latency.toNanos() / 1000);
    long scale = 1;
    while (micros / scale >= 1000) {
      scale *= 10;
    }
    counts.merge(micros / scale * scale, 1L, Long::sum);
    total++;
  }

  long count() {
    return total;
  }

  /** The smallest bucket at or below which {@code percent} of the latencies are; null without any. */
  Duration percentile(double percent) {
    if (total == 0) {
      return null;
    }
    long rank = (long) Math.ceil(percent / 100.0 * total);
    long seen = 0;
    for (Map.Entry<Long, Long> bucket : counts.entrySet()) {
      seen += bucket.getValue();
      if (seen >= rank) {
        return Duration.ofNanos(bucket.getKey() * 1000);
      }
    }
    return Duration.ofNanos(counts.lastKey() * 1000);
  }
}
