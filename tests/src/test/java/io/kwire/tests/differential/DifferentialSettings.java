package io.kwire.tests.differential;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Knobs for local runs, each a system property or (upper-case, dots as underscores) an
 * environment variable:
 * {@code kwire.differential.messages} - comma-separated message names to restrict the run to;
 * {@code kwire.differential.count} - random messages per version (default 20).
 */
record DifferentialSettings(Set<String> messages, int count) {
  static final String MESSAGES = "kwire.differential.messages";
  static final String COUNT = "kwire.differential.count";
  private static final int DEFAULT_COUNT = 20;

  static DifferentialSettings fromEnvironment() {
    String names = setting(MESSAGES);
    Set<String> messages = names == null ? Set.of()
        : Arrays.stream(names.split(",")).map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toSet());
    String count = setting(COUNT);
    return new DifferentialSettings(messages, count == null ? DEFAULT_COUNT : Integer.parseInt(count.trim()));
  }

  boolean includes(String messageName) {
    return messages.isEmpty() || messages.contains(messageName);
  }

  private static String setting(String property) {
    String value = System.getProperty(property);
    if (value == null || value.isBlank()) {
      value = System.getenv(property.toUpperCase(java.util.Locale.ROOT).replace('.', '_'));
    }
    return value == null || value.isBlank() ? null : value;
  }
}
