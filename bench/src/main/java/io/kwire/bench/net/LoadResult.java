package io.kwire.bench.net;

import java.util.Arrays;

/** One measured run: completed requests over the measured time, and latency percentiles in microseconds. */
record LoadResult(String name, long requests, double seconds, double p50Micros, double p99Micros) {

  double requestsPerSecond() {
    return requests / seconds;
  }

  static LoadResult of(String name, long[] latenciesNanos, int count, double seconds) {
    long[] sorted = Arrays.copyOf(latenciesNanos, count);
    Arrays.sort(sorted);
    return new LoadResult(name, count, seconds, percentile(sorted, 0.50) / 1e3, percentile(sorted, 0.99) / 1e3);
  }

  private static double percentile(long[] sorted, double p) {
    return sorted.length == 0 ? Double.NaN : sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  }

  @Override
  public String toString() {
    return String.format("%-44s %10.0f req/s   p50 %8.1f us   p99 %8.1f us   (%d requests in %.1f s)",
        name, requestsPerSecond(), p50Micros, p99Micros, requests, seconds);
  }
}
