package io.kwire.fake.groups;

import io.kwire.fake.cluster.ErrorCode;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The dynamic configurations of groups (the GROUP config resource, KIP-848 and KIP-932): the names
 * Kafka 4.4 takes there, their defaults (the broker's), and the values set per group id. The fake
 * acts on {@code share.auto.offset.reset}, {@code share.isolation.level},
 * {@code share.record.lock.duration.ms}, {@code share.delivery.count.limit} and
 * {@code share.partition.max.record.locks} (read when a share group first fetches from a
 * partition) and the {@code streams.*} settings of {@link StreamsGroup} (heartbeat interval, session
 * timeout, standby replicas, initial rebalance delay, assignment interval, warm-ups); the others are kept and reported. Confined to the cluster thread.
 */
public final class GroupConfigs {
  /** A config's type, as DescribeConfigs numbers them. */
  public enum Type {
    BOOLEAN(1), STRING(2), INT(3), LIST(7);

    private final byte id;

    Type(int id) {
      this.id = (byte) id;
    }

    public byte id() {
      return id;
    }
  }

  /**
   * A config Kafka 4.4 takes for groups: its default, its type, and whether the default is a broker
   * setting the fake has changed from Kafka's (reported as the broker's static config).
   */
  public record Definition(String defaultValue, Type type, boolean brokerSetting) {}

  /** Every name with its definition, in name order, as DescribeConfigs lists them (checked against Kafka 4.4.0 by GroupTypesAgainstKafkaTest). */
  public static final Map<String, Definition> DEFINITIONS = definitions();

  private static Map<String, Definition> definitions() {
    Map<String, Definition> d = new LinkedHashMap<>();
    d.put("consumer.assignment.interval.ms", new Definition("1000", Type.INT, false));
    // The fake's consumer groups heartbeat every 500 ms (GroupCoordinator.CONSUMER_HEARTBEAT_INTERVAL_MS).
    d.put("consumer.heartbeat.interval.ms", new Definition("500", Type.INT, true));
    d.put("consumer.session.timeout.ms", new Definition("45000", Type.INT, false));
    d.put("errors.deadletterqueue.copy.record.enable", new Definition("false", Type.BOOLEAN, false));
    d.put("errors.deadletterqueue.topic.name", new Definition("", Type.STRING, false));
    d.put("share.assignment.interval.ms", new Definition("1000", Type.INT, false));
    d.put("share.auto.offset.reset", new Definition("latest", Type.STRING, false));
    d.put("share.delivery.count.limit", new Definition("5", Type.INT, false));
    d.put("share.heartbeat.interval.ms", new Definition("5000", Type.INT, false));
    d.put("share.isolation.level", new Definition("read_uncommitted", Type.STRING, false));
    d.put("share.partition.max.record.locks", new Definition("2000", Type.INT, false));
    d.put("share.record.lock.duration.ms", new Definition("30000", Type.INT, false));
    d.put("share.renew.acknowledge.enable", new Definition("true", Type.BOOLEAN, false));
    d.put("share.session.timeout.ms", new Definition("45000", Type.INT, false));
    d.put("streams.assignment.interval.ms", new Definition("1000", Type.INT, false));
    d.put("streams.assignor.name", new Definition("sticky", Type.STRING, false));
    // The fake's streams groups heartbeat every 500 ms and assign at once, not after Kafka's 5 s and
    // 3 s (as its consumer groups and classic groups), so that streams tests rebalance quickly.
    d.put("streams.heartbeat.interval.ms", new Definition("500", Type.INT, true));
    d.put("streams.initial.rebalance.delay.ms", new Definition("0", Type.INT, true));
    d.put("streams.num.standby.replicas", new Definition("0", Type.INT, false));
    d.put("streams.rack.aware.assignment.tags", new Definition("", Type.LIST, false));
    d.put("streams.session.timeout.ms", new Definition("45000", Type.INT, false));
    return Collections.unmodifiableMap(d);
  }

  /**
   * Names Kafka 4.4.0 takes for a group but lists in DescribeConfigs only once set for it: the
   * warm-up settings. 4.4.0 assigns no warm-up tasks; the fake does when the group sets
   * {@code streams.num.warmup.replicas} (see {@link StreamsWarmups}).
   */
  public static final Map<String, Definition> UNLISTED = Map.of(
      "streams.num.warmup.replicas", new Definition(String.valueOf(StreamsWarmups.NUM_WARMUP_REPLICAS), Type.INT, false),
      "streams.acceptable.recovery.lag", new Definition(String.valueOf(StreamsWarmups.ACCEPTABLE_RECOVERY_LAG),
          Type.STRING, false));

  private final Map<String, Map<String, String>> set = new HashMap<>();

  /** Whether Kafka 4.4 takes the name for a group (listed or not). */
  public static boolean accepts(String name) {
    return DEFINITIONS.containsKey(name) || UNLISTED.containsKey(name);
  }

  private static Definition definition(String name) {
    Definition listed = DEFINITIONS.get(name);
    return listed != null ? listed : UNLISTED.get(name);
  }

  /** The values set for a group (name to value), without the defaults. */
  public Map<String, String> setFor(String groupId) {
    return Collections.unmodifiableMap(set.getOrDefault(groupId, Map.of()));
  }

  /**
   * INVALID_CONFIG for a name Kafka does not take or a value of the wrong type or outside the
   * choices; NONE otherwise (Kafka also checks ranges against its broker settings, the fake does not).
   */
  public static short validate(String name, String value) {
    Definition definition = definition(name);
    if (definition == null || value == null) {
      return ErrorCode.INVALID_CONFIG;
    }
    boolean valid = switch (name) {
      case "share.auto.offset.reset" -> value.equals("latest") || value.equals("earliest");
      case "share.isolation.level" -> value.equals("read_committed") || value.equals("read_uncommitted");
      case "streams.acceptable.recovery.lag" -> isNonNegativeLong(value);
      default -> switch (definition.type()) {
        case INT -> isNonNegativeInt(value);
        case BOOLEAN -> value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false");
        case STRING, LIST -> true;
      };
    };
    return valid ? ErrorCode.NONE : ErrorCode.INVALID_CONFIG;
  }

  private static boolean isNonNegativeInt(String value) {
    try {
      return Integer.parseInt(value.trim()) >= 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static boolean isNonNegativeLong(String value) {
    try {
      return Long.parseLong(value.trim()) >= 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Sets (or, with a null value, deletes) a validated value. */
  public void put(String groupId, String name, String value) {
    if (value == null) {
      Map<String, String> values = set.get(groupId);
      if (values != null) {
        values.remove(name);
      }
    } else {
      set.computeIfAbsent(groupId, g -> new LinkedHashMap<>()).put(name, value);
    }
  }

  void forget(String groupId) {
    set.remove(groupId);
  }

  private String value(String groupId, String name) {
    return set.getOrDefault(groupId, Map.of()).getOrDefault(name, definition(name).defaultValue());
  }

  /** Whether the group has a value of its own for the name (not the default). */
  public boolean isSet(String groupId, String name) {
    return set.getOrDefault(groupId, Map.of()).containsKey(name);
  }

  /** A LONG setting of the group: the value set, else the default. */
  public long longValue(String groupId, String name) {
    return Long.parseLong(value(groupId, name).trim());
  }

  /** An INT setting of the group: the value set, else the default. */
  public int intValue(String groupId, String name) {
    return Integer.parseInt(value(groupId, name).trim());
  }

  boolean shareAutoOffsetResetEarliest(String groupId) {
    return value(groupId, "share.auto.offset.reset").equals("earliest");
  }

  public boolean shareReadCommitted(String groupId) {
    return value(groupId, "share.isolation.level").equals("read_committed");
  }

  public int shareRecordLockDurationMs(String groupId) {
    return Integer.parseInt(value(groupId, "share.record.lock.duration.ms").trim());
  }

  int sharePartitionMaxRecordLocks(String groupId) {
    return Integer.parseInt(value(groupId, "share.partition.max.record.locks").trim());
  }

  int shareDeliveryCountLimit(String groupId) {
    return Integer.parseInt(value(groupId, "share.delivery.count.limit").trim());
  }
}
