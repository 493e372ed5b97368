package io.kwire.fake.security;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Byte rates per quota key measured as Kafka's quota managers measure them: 11 samples of one
 * second ({@code quota.window.num}, {@code quota.window.size.seconds}), the rate over the time the
 * samples span but never less than ten windows, and a throttle time, when the rate passes the
 * quota, of (rate - quota) / quota times that span. At most {@link #MAX_KEYS} keys (the least
 * recently used goes).
 */
public final class QuotaRates {
  public static final int SAMPLES = 11;
  public static final long WINDOW_MS = 1_000;
  /** The most (user, client id) keys measured at once. */
  public static final int MAX_KEYS = 10_000;

  private final Map<List<String>, Deque<long[]>> samples = new java.util.LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<List<String>, Deque<long[]>> eldest) {
      return size() > MAX_KEYS;
    }
  };

  /**
   * Records {@code bytes} for {@code key} at {@code nowMs} and returns the throttle time in ms the
   * quota {@code bytesPerSecond} calls for (0 within it).
   */
  public long recordAndThrottleMs(List<String> key, long bytes, double bytesPerSecond, long nowMs) {
    Deque<long[]> windows = samples.computeIfAbsent(key, k -> new ArrayDeque<>());
    // {window start, bytes}; a new sample once the newest is a window old, the oldest purged past the span
    long[] newest = windows.peekLast();
    if (newest == null || nowMs - newest[0] >= WINDOW_MS) {
      windows.addLast(new long[] {nowMs, 0});
    }
    windows.peekLast()[1] += bytes;
    while (windows.size() > 1 && nowMs - windows.peekFirst()[0] >= SAMPLES * WINDOW_MS) {
      windows.removeFirst();
    }
    while (windows.size() > SAMPLES) {
      windows.removeFirst();
    }
    long total = 0;
    for (long[] w : windows) {
      total += w[1];
    }
    long spanMs = Math.max(nowMs - windows.peekFirst()[0], (SAMPLES - 1) * WINDOW_MS);
    double rate = total * 1000.0 / spanMs;
    if (rate <= bytesPerSecond) {
      return 0;
    }
    return Math.round((rate - bytesPerSecond) / bytesPerSecond * spanMs);
  }
}
