package io.kwire.proxy;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Event lines that repeat with every client, such as an upstream that is down, said once per
 * interval and key: the first line at once; later ones within the interval only counted; the next
 * after it carries the count ({@code "; N more since the last line"}); {@link #cleared} says the
 * count of a key that recovered. Keys are upstream addresses (the bootstrap list and the brokers
 * learnt), so the map stays as small as the cluster. Thread-safe: sessions on every event loop share it.
 */
final class EventThrottle {
  private record Seen(long loggedAt, long suppressed) {}

  private final long intervalNanos;
  private final LongSupplier clock;
  private final Map<String, Seen> seen = new HashMap<>();

  EventThrottle(long intervalNanos, LongSupplier clock) {
    this.intervalNanos = intervalNanos;
    this.clock = clock;
  }

  /** {@code line} to {@code sink} unless a line of {@code key} was said within the interval (then counted). */
  void event(String key, String line, Consumer<String> sink) {
    long now = clock.getAsLong();
    String out;
    synchronized (seen) {
      Seen last = seen.get(key);
      if (last != null && now - last.loggedAt() < intervalNanos) {
        seen.put(key, new Seen(last.loggedAt(), last.suppressed() + 1));
        return;
      }
      out = last == null || last.suppressed() == 0 ? line : line + " (" + last.suppressed() + " more since the last line)";
      seen.put(key, new Seen(now, 0));
    }
    sink.accept(out);
  }

  /** {@code key} is well again: its count, if lines were held back, goes to {@code sink} as {@code line}. */
  void cleared(String key, String line, Consumer<String> sink) {
    Seen last;
    synchronized (seen) {
      last = seen.remove(key);
    }
    if (last != null && last.suppressed() > 0) {
      sink.accept(line + " (" + last.suppressed() + " more failures since the last line)");
    }
  }
}
