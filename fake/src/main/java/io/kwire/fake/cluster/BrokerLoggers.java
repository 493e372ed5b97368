package io.kwire.fake.cluster;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Each broker's log levels as the BROKER_LOGGER config resource shows and changes them: the root
 * logger at INFO and the loggers a client set. The fake logs nothing by them: they are kept for
 * what a client reads back. Confined to the cluster thread.
 */
public final class BrokerLoggers {
  public static final String ROOT = "root";
  private static final String ROOT_LEVEL = "INFO";

  private final Map<Integer, Map<String, String>> byBroker = new HashMap<>();

  /** The loggers of a broker with their levels, the root first. */
  public Map<String, String> levels(int brokerId) {
    Map<String, String> out = new LinkedHashMap<>();
    out.put(ROOT, ROOT_LEVEL);
    out.putAll(byBroker.getOrDefault(brokerId, Map.of()));
    return out;
  }

  /** Sets a logger's level, or with null removes it (it then logs at the root's level). */
  public void level(int brokerId, String logger, String level) {
    Map<String, String> levels = byBroker.computeIfAbsent(brokerId, b -> new LinkedHashMap<>());
    if (level == null) {
      levels.remove(logger);
    } else {
      levels.put(logger, level);
    }
  }
}
