package io.kwire.fake.groups;

import java.util.List;
import java.util.Map;

/**
 * The topology a streams group member sends when it joins (KIP-1071), as the coordinator keeps it:
 * its epoch and its subtopologies. The partition counts it leaves open (repartition topics with 0,
 * every changelog topic) are derived against the cluster's topics by {@link StreamsTopologyConfigurer}.
 */
public record StreamsTopology(int epoch, List<Subtopology> subtopologies) {
  public StreamsTopology {
    subtopologies = List.copyOf(subtopologies);
  }

  /**
   * One subtopology: the topics it reads (user topics and repartition topics), writes to (repartition
   * sinks), its state changelogs, and its copartition groups (sets of source topic names that must
   * have as many partitions as each other).
   */
  public record Subtopology(String id, List<String> sourceTopics, List<String> repartitionSinkTopics,
      List<InternalTopic> stateChangelogTopics, List<InternalTopic> repartitionSourceTopics,
      List<List<String>> copartitionGroups) {
    public Subtopology {
      sourceTopics = List.copyOf(sourceTopics);
      repartitionSinkTopics = List.copyOf(repartitionSinkTopics);
      stateChangelogTopics = List.copyOf(stateChangelogTopics);
      repartitionSourceTopics = List.copyOf(repartitionSourceTopics);
      copartitionGroups = List.copyOf(copartitionGroups);
    }

    /** Whether its tasks keep state (and so may have standby replicas): it has changelog topics. */
    public boolean stateful() {
      return !stateChangelogTopics.isEmpty();
    }
  }

  /**
   * A topic the coordinator creates: a partition count (0: derived), a replication factor (0: the
   * broker's default) and the topic configurations Kafka Streams asks for.
   */
  public record InternalTopic(String name, int partitions, short replicationFactor, Map<String, String> configs) {
    public InternalTopic {
      configs = Map.copyOf(configs);
    }
  }
}
