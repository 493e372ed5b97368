package io.kwire.fake.groups;

import io.kwire.fake.cluster.ErrorCode;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The dynamic configurations of groups (the GROUP config resource, KIP-848 and KIP-932): the names
 * Kafka 4.4 takes there, their defaults (the broker's), and the values set per group id. The fake
 * acts on {@code share.auto.offset.reset}, {@code share.isolation.level} and
 * {@code share.record.lock.duration.ms}; the others are kept and reported. Confined to the cluster thread.
 */
public final class GroupConfigs {
  /** Every name with its default, as DescribeConfigs lists them. */
  public static final Map<String, String> DEFAULTS = defaults();

  private static Map<String, String> defaults() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("consumer.heartbeat.interval.ms", "5000");
    d.put("consumer.session.timeout.ms", "45000");
    d.put("share.auto.offset.reset", "latest");
    d.put("share.heartbeat.interval.ms", "5000");
    d.put("share.isolation.level", "read_uncommitted");
    d.put("share.record.lock.duration.ms", "30000");
    d.put("share.session.timeout.ms", "45000");
    d.put("streams.heartbeat.interval.ms", "5000");
    d.put("streams.num.standby.replicas", "0");
    d.put("streams.session.timeout.ms", "45000");
    return Collections.unmodifiableMap(d);
  }

  private final Map<String, Map<String, String>> set = new HashMap<>();

  /** The values set for a group (name to value), without the defaults. */
  public Map<String, String> setFor(String groupId) {
    return Collections.unmodifiableMap(set.getOrDefault(groupId, Map.of()));
  }

  /** INVALID_CONFIG for a name Kafka does not take or a value it refuses; NONE otherwise. */
  public static short validate(String name, String value) {
    if (!DEFAULTS.containsKey(name) || value == null) {
      return ErrorCode.INVALID_CONFIG;
    }
    switch (name) {
      case "share.auto.offset.reset":
        return value.equals("latest") || value.equals("earliest") ? ErrorCode.NONE : ErrorCode.INVALID_CONFIG;
      case "share.isolation.level":
        return value.equals("read_committed") || value.equals("read_uncommitted") ? ErrorCode.NONE
            : ErrorCode.INVALID_CONFIG;
      default:
        try {
          return Integer.parseInt(value) >= 0 ? ErrorCode.NONE : ErrorCode.INVALID_CONFIG;
        } catch (NumberFormatException e) {
          return ErrorCode.INVALID_CONFIG;
        }
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
    return set.getOrDefault(groupId, Map.of()).getOrDefault(name, DEFAULTS.get(name));
  }

  boolean shareAutoOffsetResetEarliest(String groupId) {
    return value(groupId, "share.auto.offset.reset").equals("earliest");
  }

  public boolean shareReadCommitted(String groupId) {
    return value(groupId, "share.isolation.level").equals("read_committed");
  }

  public int shareRecordLockDurationMs(String groupId) {
    return Integer.parseInt(value(groupId, "share.record.lock.duration.ms"));
  }
}
