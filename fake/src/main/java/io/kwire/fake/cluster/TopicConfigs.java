package io.kwire.fake.cluster;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The topic-level configurations a topic may set, with Kafka's documented defaults. The fake
 * acts on {@code message.timestamp.type} and {@code max.message.bytes}; the others are kept and
 * reported as set.
 */
public final class TopicConfigs {
  public static final String MESSAGE_TIMESTAMP_TYPE = "message.timestamp.type";
  public static final String MAX_MESSAGE_BYTES = "max.message.bytes";

  private static final Map<String, String> DEFAULTS = defaults();

  private final Map<String, String> set;

  private TopicConfigs(Map<String, String> set) {
    this.set = set;
  }

  /** The configurations in {@code set}, already validated with {@link #invalidReason}. */
  public static TopicConfigs of(Map<String, String> set) {
    return new TopicConfigs(Collections.unmodifiableMap(new LinkedHashMap<>(set)));
  }

  /** Why {@code name = value} cannot be set on a topic, or empty when it can. */
  public static Optional<String> invalidReason(String name, String value) {
    if (!DEFAULTS.containsKey(name)) {
      return Optional.of("Unknown topic config name: " + name);
    }
    if (value == null) {
      return Optional.of("Null value not supported for topic configs: " + name);
    }
    if (name.equals(MESSAGE_TIMESTAMP_TYPE) && !value.equals("CreateTime") && !value.equals("LogAppendTime")) {
      return Optional.of("Invalid value " + value + " for configuration " + name
          + ": String must be one of: CreateTime, LogAppendTime");
    }
    if (name.equals(MAX_MESSAGE_BYTES)) {
      try {
        if (Integer.parseInt(value) < 0) {
          return Optional.of("Invalid value " + value + " for configuration " + name + ": Value must be at least 0");
        }
      } catch (NumberFormatException e) {
        return Optional.of("Invalid value " + value + " for configuration " + name + ": Not a number of type INT");
      }
    }
    return Optional.empty();
  }

  /** These configurations with {@code name} set (null: removed, back to its default). */
  public TopicConfigs with(String name, String value) {
    Map<String, String> changed = new LinkedHashMap<>(set);
    if (value == null) {
      changed.remove(name);
    } else {
      changed.put(name, value);
    }
    return of(changed);
  }

  /** Whether Kafka knows {@code name} as a topic configuration. */
  public static boolean known(String name) {
    return DEFAULTS.containsKey(name);
  }

  /** Every configuration a topic has: its own value, or the default. */
  public Map<String, String> effective() {
    Map<String, String> all = new LinkedHashMap<>(DEFAULTS);
    all.putAll(set);
    return all;
  }

  public boolean isSet(String name) {
    return set.containsKey(name);
  }

  public String get(String name) {
    return set.getOrDefault(name, DEFAULTS.get(name));
  }

  public boolean logAppendTime() {
    return get(MESSAGE_TIMESTAMP_TYPE).equals("LogAppendTime");
  }

  public int maxMessageBytes() {
    return Integer.parseInt(get(MAX_MESSAGE_BYTES));
  }

  private static Map<String, String> defaults() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("cleanup.policy", "delete");
    d.put("compression.type", "producer");
    d.put("delete.retention.ms", "86400000");
    d.put("file.delete.delay.ms", "60000");
    d.put("flush.messages", "9223372036854775807");
    d.put("flush.ms", "9223372036854775807");
    d.put("index.interval.bytes", "4096");
    d.put(MAX_MESSAGE_BYTES, "1048588");
    d.put("message.timestamp.after.max.ms", "3600000");
    d.put("message.timestamp.before.max.ms", "9223372036854775807");
    d.put(MESSAGE_TIMESTAMP_TYPE, "CreateTime");
    d.put("min.cleanable.dirty.ratio", "0.5");
    d.put("min.compaction.lag.ms", "0");
    d.put("max.compaction.lag.ms", "9223372036854775807");
    d.put("min.insync.replicas", "1");
    d.put("retention.bytes", "-1");
    d.put("retention.ms", "604800000");
    d.put("segment.bytes", "1073741824");
    d.put("segment.index.bytes", "10485760");
    d.put("segment.jitter.ms", "0");
    d.put("segment.ms", "604800000");
    d.put("unclean.leader.election.enable", "false");
    return Collections.unmodifiableMap(d);
  }
}
