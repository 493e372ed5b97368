package io.kwire.proxy.filter;

import java.util.LinkedHashMap;
import java.util.Map;

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
}
