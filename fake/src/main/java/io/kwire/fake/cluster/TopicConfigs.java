package io.kwire.fake.cluster;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The topic-level configurations a topic may set, with Kafka's documented defaults. The fake
 * acts on {@code message.timestamp.type}, {@code max.message.bytes}, {@code min.insync.replicas}
 * and, in its log maintenance, {@code cleanup.policy}, {@code retention.ms}, {@code retention.bytes},
 * {@code delete.retention.ms} and {@code min.compaction.lag.ms}; the others are kept and reported as set.
 */
public final class TopicConfigs {
  public static final String MESSAGE_TIMESTAMP_TYPE = "message.timestamp.type";
  public static final String MAX_MESSAGE_BYTES = "max.message.bytes";
  public static final String CLEANUP_POLICY = "cleanup.policy";
  /** The configurations log maintenance reads as numbers, with the least value Kafka accepts. */
  private static final Map<String, Long> LOG_NUMBERS = Map.of("retention.ms", -1L, "retention.bytes", Long.MIN_VALUE,
      "delete.retention.ms", 0L, "min.compaction.lag.ms", 0L);
  /**
   * A 4.x cluster (eligible leader replicas, KIP-966) has a cluster-wide default of its own for this
   * one: a topic that does not set it reports it as DYNAMIC_DEFAULT_BROKER_CONFIG, not DEFAULT_CONFIG.
   */
  public static final String MIN_INSYNC_REPLICAS = "min.insync.replicas";

  private static final Map<String, Byte> TYPES = new LinkedHashMap<>();
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
    if (LOG_NUMBERS.containsKey(name)) {
      try {
        if (Long.parseLong(value.trim()) < LOG_NUMBERS.get(name)) {
          return Optional.of("Invalid value " + value + " for configuration " + name + ": Value must be at least "
              + LOG_NUMBERS.get(name));
        }
      } catch (NumberFormatException e) {
        return Optional.of("Invalid value " + value + " for configuration " + name + ": Not a number of type LONG");
      }
    }
    if (name.equals(CLEANUP_POLICY)) {
      for (String p : value.split(",")) {
        if (!p.isBlank() && !p.trim().equals("compact") && !p.trim().equals("delete")) {
          return Optional.of("Invalid value " + value + " for configuration " + name
              + ": String must be one of: compact, delete");
        }
      }
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

  /** A LONG (or INT) configuration's value. */
  public long getLong(String name) {
    return Long.parseLong(get(name).trim());
  }

  /** Whether {@code cleanup.policy} lists {@code policy} ("delete" or "compact"). */
  public boolean cleanupPolicy(String policy) {
    for (String p : get(CLEANUP_POLICY).split(",")) {
      if (p.trim().equals(policy)) {
        return true;
      }
    }
    return false;
  }

  public int maxMessageBytes() {
    return Integer.parseInt(get(MAX_MESSAGE_BYTES));
  }

  /** Kafka's ConfigType numbers, as DescribeConfigs v3+ reports them. */
  private static final byte BOOLEAN = 1, STRING = 2, INT = 3, LONG = 5, DOUBLE = 6, LIST = 7;

  /** Kafka's type of the topic configuration {@code name} (DescribeConfigs' configType), 0 if unknown. */
  public static byte type(String name) {
    return TYPES.getOrDefault(name, (byte) 0);
  }

  /** Every topic configuration of Kafka 4.4.0 a client sees (its internal ones aside), by name as Kafka lists them. */
  private static Map<String, String> defaults() {
    Map<String, String> d = new TreeMap<>();
    put(d, CLEANUP_POLICY, "delete", LIST);
    put(d, "compression.gzip.level", "-1", INT);
    put(d, "compression.lz4.level", "9", INT);
    put(d, "compression.type", "producer", STRING);
    put(d, "compression.zstd.level", "3", INT);
    put(d, "delete.retention.ms", "86400000", LONG);
    put(d, "errors.deadletterqueue.group.enable", "false", BOOLEAN);
    put(d, "file.delete.delay.ms", "60000", LONG);
    put(d, "flush.messages", "9223372036854775807", LONG);
    put(d, "flush.ms", "9223372036854775807", LONG);
    put(d, "follower.replication.throttled.replicas", "", LIST);
    put(d, "index.interval.bytes", "4096", INT);
    put(d, "leader.replication.throttled.replicas", "", LIST);
    put(d, "local.retention.bytes", "-2", LONG);
    put(d, "local.retention.ms", "-2", LONG);
    put(d, "max.compaction.lag.ms", "9223372036854775807", LONG);
    put(d, "max.decompressed.message.bytes", "2147483639", INT);
    put(d, MAX_MESSAGE_BYTES, "1048588", INT);
    put(d, "message.timestamp.after.max.ms", "3600000", LONG);
    put(d, "message.timestamp.before.max.ms", "9223372036854775807", LONG);
    put(d, MESSAGE_TIMESTAMP_TYPE, "CreateTime", STRING);
    put(d, "min.cleanable.dirty.ratio", "0.5", DOUBLE);
    put(d, "min.compaction.lag.ms", "0", LONG);
    put(d, MIN_INSYNC_REPLICAS, "1", INT);
    put(d, "preallocate", "false", BOOLEAN);
    put(d, "remote.copy.lag.bytes", "-1", LONG);
    put(d, "remote.copy.lag.ms", "0", LONG);
    put(d, "remote.log.copy.disable", "false", BOOLEAN);
    put(d, "remote.log.delete.on.disable", "false", BOOLEAN);
    put(d, "remote.storage.enable", "false", BOOLEAN);
    put(d, "retention.bytes", "-1", LONG);
    put(d, "retention.ms", "604800000", LONG);
    put(d, "segment.bytes", "1073741824", INT);
    put(d, "segment.index.bytes", "10485760", INT);
    put(d, "segment.jitter.ms", "0", LONG);
    put(d, "segment.ms", "604800000", LONG);
    put(d, "unclean.leader.election.enable", "false", BOOLEAN);
    return Collections.unmodifiableMap(d);
  }

  private static void put(Map<String, String> defaults, String name, String value, byte type) {
    defaults.put(name, value);
    TYPES.put(name, type);
  }
}
