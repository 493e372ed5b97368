package io.kwire.proxy;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** The live counters behind {@link ProxyStats}; updated from every event loop at once. */
final class Counters {
  private final ConcurrentHashMap<String, LongAdder> recoded = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, LongAdder> raw = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, LongAdder> translated = new ConcurrentHashMap<>();
  final LongAdder decodeFailures = new LongAdder();
  final LongAdder differences = new LongAdder();
  final LongAdder connections = new LongAdder();
  final LongAdder refusedFrames = new LongAdder();
  final LongAdder upstreamFailures = new LongAdder();
  final LongAdder logDropped = new LongAdder();
  /** Client connections closed at once for their address's bound. */
  final LongAdder refusedConnections = new LongAdder();

  void recoded(String key) {
    recoded.computeIfAbsent(key, k -> new LongAdder()).increment();
  }

  void raw(String key) {
    raw.computeIfAbsent(key, k -> new LongAdder()).increment();
  }

  void translated(String key) {
    translated.computeIfAbsent(key, k -> new LongAdder()).increment();
  }

  ProxyStats snapshot() {
    return new ProxyStats(sums(recoded), sums(raw), decodeFailures.sum(), differences.sum(), connections.sum(),
        refusedFrames.sum(), upstreamFailures.sum(), sums(translated), logDropped.sum());
  }

  private static Map<String, Long> sums(Map<String, LongAdder> counters) {
    Map<String, Long> out = new TreeMap<>();
    counters.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }
}
