package io.kwire.bench.handwritten;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** CreateTopicsRequest v7 as a hand-written record; broker ids as {@code int[]}. */
public record HandCreateTopicsRequest(List<Topic> topics, int timeoutMs, boolean validateOnly) {

  public HandCreateTopicsRequest {
    Objects.requireNonNull(topics, "topics");
  }

  public record Topic(String name, int numPartitions, short replicationFactor, List<Assignment> assignments,
      List<Config> configs) {
    public Topic {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(assignments, "assignments");
      Objects.requireNonNull(configs, "configs");
    }
  }

  /** The array is owned by the record: callers must not change it. */
  public record Assignment(int partitionIndex, int[] brokerIds) {
    public Assignment {
      Objects.requireNonNull(brokerIds, "brokerIds");
    }

    // A record compares arrays by identity; these compare their contents.
    @Override
    public boolean equals(Object o) {
      return o instanceof Assignment x && partitionIndex == x.partitionIndex && Arrays.equals(brokerIds, x.brokerIds);
    }

    @Override
    public int hashCode() {
      return 31 * partitionIndex + Arrays.hashCode(brokerIds);
    }

    @Override
    public String toString() {
      return "Assignment[partitionIndex=" + partitionIndex + ", brokerIds=" + Arrays.toString(brokerIds) + "]";
    }
  }

  /** {@code value} may be null. */
  public record Config(String name, String value) {
    public Config {
      Objects.requireNonNull(name, "name");
    }
  }
}
