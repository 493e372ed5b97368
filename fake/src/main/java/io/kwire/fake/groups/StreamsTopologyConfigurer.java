package io.kwire.fake.groups;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * Configures a streams topology against the cluster's topics, as Kafka's group coordinator does
 * before it assigns tasks: every user source topic must exist (else MISSING_SOURCE_TOPICS); a
 * repartition topic without a partition count takes the largest count of the source topics of the
 * subtopologies writing to it; the topics of a copartition group must agree (repartition topics
 * there take the user topics' count; else INCORRECTLY_PARTITIONED_TOPICS); a subtopology has as
 * many tasks as its largest source topic has partitions, and each of its changelog topics that
 * many partitions; internal topics not yet there are named for creation (MISSING_INTERNAL_TOPICS).
 */
public final class StreamsTopologyConfigurer {
  /** StreamsGroupHeartbeat's status codes. */
  public static final byte MISSING_SOURCE_TOPICS = 1;
  public static final byte INCORRECTLY_PARTITIONED_TOPICS = 2;
  public static final byte MISSING_INTERNAL_TOPICS = 3;
  private static final int SHOWN_TOPICS = 3;

  /** A status a heartbeat reports (StreamsGroupHeartbeatResponse.Status). */
  public record Status(byte code, String detail) {}

  /**
   * The outcome: {@code tasks} (subtopology id to its task count) and each internal topic's partition
   * count when the topology can be assigned; else the status saying why, and the internal topics to
   * create (with their partition counts).
   */
  public record Configured(Map<String, Integer> tasks, Status status, List<StreamsTopology.InternalTopic> toCreate,
      Map<String, Integer> internalPartitions) {
    public boolean ready() {
      return status == null;
    }
  }

  private StreamsTopologyConfigurer() {}

  /** Topics in a status as Kafka 4.4 writes them: the first three, then how many more. */
  static String summarize(Collection<String> topics) {
    if (topics.isEmpty()) {
      return "<none>";
    }
    String shown = topics.stream().limit(SHOWN_TOPICS).collect(Collectors.joining(", "));
    return topics.size() > SHOWN_TOPICS ? shown + " and " + (topics.size() - SHOWN_TOPICS) + " additional topics" : shown;
  }

  /** @param partitions a topic's partition count, -1 when it does not exist */
  public static Configured configure(StreamsTopology topology, ToIntFunction<String> partitions) {
    Map<String, StreamsTopology.InternalTopic> repartition = new LinkedHashMap<>();
    for (StreamsTopology.Subtopology s : topology.subtopologies()) {
      s.repartitionSourceTopics().forEach(t -> repartition.put(t.name(), t));
    }
    Set<String> missing = new TreeSet<>();
    for (StreamsTopology.Subtopology s : topology.subtopologies()) {
      for (String t : s.sourceTopics()) {
        if (!repartition.containsKey(t) && partitions.applyAsInt(t) < 0) {
          missing.add(t);
        }
      }
    }
    if (!missing.isEmpty()) {
      return notReady(MISSING_SOURCE_TOPICS, "Source topics " + summarize(missing) + " are missing.");
    }
    Map<String, Integer> counts = new TreeMap<>();
    repartition.values().stream().filter(t -> t.partitions() > 0).forEach(t -> counts.put(t.name(), t.partitions()));
    deriveRepartitionCounts(topology, repartition.keySet(), partitions, counts);
    for (String r : repartition.keySet()) {
      if (!counts.containsKey(r)) {
        return notReady(INCORRECTLY_PARTITIONED_TOPICS, "Failed to compute number of partitions for all repartition "
            + "topics. There may be loops in the topology that cannot be resolved.");
      }
    }
    Status copartitioning = enforceCopartitioning(topology, repartition, partitions, counts);
    if (copartitioning != null) {
      return new Configured(Map.of(), copartitioning, List.of(), Map.of());
    }
    Map<String, Integer> tasks = new LinkedHashMap<>();
    List<StreamsTopology.InternalTopic> internal = new ArrayList<>();
    for (StreamsTopology.Subtopology s : topology.subtopologies()) {
      int n = 0;
      for (String t : s.sourceTopics()) {
        n = Math.max(n, counts.containsKey(t) ? counts.get(t) : partitions.applyAsInt(t));
      }
      for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
        n = Math.max(n, counts.get(t.name()));
      }
      tasks.put(s.id(), n);
      for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
        internal.add(new StreamsTopology.InternalTopic(t.name(), counts.get(t.name()), t.replicationFactor(), t.configs()));
      }
      for (StreamsTopology.InternalTopic t : s.stateChangelogTopics()) {
        internal.add(new StreamsTopology.InternalTopic(t.name(), n, t.replicationFactor(), t.configs()));
      }
    }
    List<StreamsTopology.InternalTopic> toCreate = new ArrayList<>();
    Set<String> named = new LinkedHashSet<>();
    for (StreamsTopology.InternalTopic t : internal) {
      int existing = partitions.applyAsInt(t.name());
      if (existing < 0) {
        if (named.add(t.name())) {
          toCreate.add(t);
        }
      } else if (existing != t.partitions()) {
        return notReady(INCORRECTLY_PARTITIONED_TOPICS, "Existing topic " + t.name()
            + " has different number of partitions: expected " + t.partitions() + ", found " + existing);
      }
    }
    if (!toCreate.isEmpty()) {
      // In a hash set's order, as Kafka 4.4 names them (from a HashMap of the topics to create).
      return new Configured(Map.of(), new Status(MISSING_INTERNAL_TOPICS, "Internal topics are missing: "
          + summarize(new HashSet<>(named))), List.copyOf(toCreate), Map.of());
    }
    Map<String, Integer> internalPartitions = new LinkedHashMap<>();
    internal.forEach(t -> internalPartitions.put(t.name(), t.partitions()));
    return new Configured(Map.copyOf(tasks), null, List.of(), Collections.unmodifiableMap(internalPartitions));
  }

  /** Each unresolved repartition topic: the largest source count of the subtopologies writing to it, until nothing changes. */
  private static void deriveRepartitionCounts(StreamsTopology topology, Set<String> repartition,
      ToIntFunction<String> partitions, Map<String, Integer> counts) {
    Set<String> explicit = new TreeSet<>(counts.keySet());
    boolean changed = true;
    while (changed) {
      changed = false;
      for (StreamsTopology.Subtopology s : topology.subtopologies()) {
        int largest = 0;
        for (String t : s.sourceTopics()) {
          largest = Math.max(largest, counts.containsKey(t) ? counts.get(t)
              : repartition.contains(t) ? 0 : partitions.applyAsInt(t));
        }
        for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
          largest = Math.max(largest, counts.getOrDefault(t.name(), 0));
        }
        if (largest == 0) {
          continue;
        }
        for (String sink : s.repartitionSinkTopics()) {
          if (repartition.contains(sink) && !explicit.contains(sink) && counts.getOrDefault(sink, 0) < largest) {
            counts.put(sink, largest);
            changed = true;
          }
        }
      }
    }
  }

  private static Status enforceCopartitioning(StreamsTopology topology, Map<String, StreamsTopology.InternalTopic> repartition,
      ToIntFunction<String> partitions, Map<String, Integer> counts) {
    for (StreamsTopology.Subtopology s : topology.subtopologies()) {
      for (List<String> group : s.copartitionGroups()) {
        Map<String, Integer> user = new TreeMap<>();
        for (String t : group) {
          if (!repartition.containsKey(t)) {
            user.put(t, partitions.applyAsInt(t));
          }
        }
        if (new TreeSet<>(user.values()).size() > 1) {
          List<String> described = new ArrayList<>();
          user.forEach((t, n) -> described.add(t + ":" + n));
          return new Status(INCORRECTLY_PARTITIONED_TOPICS, "Following topics do not have the same number of partitions: ["
              + String.join(", ", described) + "]");
        }
        int wanted = user.isEmpty()
            ? group.stream().mapToInt(t -> counts.getOrDefault(t, 0)).max().orElse(0)
            : user.values().iterator().next();
        for (String t : group) {
          StreamsTopology.InternalTopic r = repartition.get(t);
          if (r == null) {
            continue;
          }
          if (r.partitions() > 0 && r.partitions() != wanted) {
            return new Status(INCORRECTLY_PARTITIONED_TOPICS, "Number of partitions [" + r.partitions()
                + "] of repartition topic [" + t + "] doesn't match number of partitions [" + wanted + "] of the source topic.");
          }
          counts.put(t, wanted);
        }
      }
    }
    return null;
  }

  private static Configured notReady(byte code, String detail) {
    return new Configured(Map.of(), new Status(code, detail), List.of(), Map.of());
  }
}
