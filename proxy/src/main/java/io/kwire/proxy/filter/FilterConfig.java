package io.kwire.proxy.filter;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A filter configuration read as {@code key=value} pairs separated by commas ({@code header=trace-id,other=x}). */
public final class FilterConfig {
  private FilterConfig() {}

  /**
   * The pairs of {@code config}, in their order; blank text has none.
   *
   * @throws IllegalArgumentException if a pair has no {@code =}, an empty key, or a key twice
   */
  public static Map<String, String> parse(String config) {
    Map<String, String> out = new LinkedHashMap<>();
    if (config == null || config.isBlank()) {
      return out;
    }
    for (String pair : config.split(",", -1)) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("filter configuration '" + config + "': '" + pair + "' is not key=value");
      }
      String key = pair.substring(0, eq).trim();
      if (out.put(key, pair.substring(eq + 1).trim()) != null) {
        throw new IllegalArgumentException("filter configuration '" + config + "': '" + key + "' is given twice");
      }
    }
    return out;
  }

  /**
   * {@link #parse(String)}, refusing any key but {@code keys}: what a {@link FilterFactory} of the
   * filter named {@code filter} calls to read its configuration.
   *
   * @throws IllegalArgumentException as {@link #parse(String)}, or naming the keys {@code filter} takes
   */
  public static Map<String, String> parse(String config, String filter, String... keys) {
    Map<String, String> pairs = parse(config);
    Set<String> others = new LinkedHashSet<>(pairs.keySet());
    List.of(keys).forEach(others::remove);
    if (!others.isEmpty()) {
      throw new IllegalArgumentException(filter + " takes " + String.join("=, ", keys) + "=, not " + others);
    }
    return pairs;
  }
}
