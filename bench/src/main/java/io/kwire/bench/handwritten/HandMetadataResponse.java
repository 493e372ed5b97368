package io.kwire.bench.handwritten;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * MetadataResponse v13 as a hand-written record: the fields of that one version, a topic id as two
 * longs, int lists as {@code int[]}. No unknown tagged fields are kept (the decoder skips them).
 */
public record HandMetadataResponse(int throttleTimeMs, List<Broker> brokers, String clusterId, int controllerId,
    List<Topic> topics, short errorCode) {

  public HandMetadataResponse {
    Objects.requireNonNull(brokers, "brokers");
    Objects.requireNonNull(topics, "topics");
  }

  /** {@code rack} may be null. */
  public record Broker(int nodeId, String host, int port, String rack) {
    public Broker {
      Objects.requireNonNull(host, "host");
    }
  }

  /** {@code name} may be null (v12+: topics asked for by id that do not exist). */
  public record Topic(short errorCode, String name, long topicIdHigh, long topicIdLow, boolean isInternal,
      List<Partition> partitions, int topicAuthorizedOperations) {
    public Topic {
      Objects.requireNonNull(partitions, "partitions");
    }
  }

  /** The arrays are owned by the record: callers must not change them. */
  public record Partition(short errorCode, int partitionIndex, int leaderId, int leaderEpoch, int[] replicaNodes,
      int[] isrNodes, int[] offlineReplicas) {
    public Partition {
      Objects.requireNonNull(replicaNodes, "replicaNodes");
      Objects.requireNonNull(isrNodes, "isrNodes");
      Objects.requireNonNull(offlineReplicas, "offlineReplicas");
    }

    // A record compares arrays by identity; these compare their contents.
    @Override
    public boolean equals(Object o) {
      return o instanceof Partition x && errorCode == x.errorCode && partitionIndex == x.partitionIndex
          && leaderId == x.leaderId && leaderEpoch == x.leaderEpoch && Arrays.equals(replicaNodes, x.replicaNodes)
          && Arrays.equals(isrNodes, x.isrNodes) && Arrays.equals(offlineReplicas, x.offlineReplicas);
    }

    @Override
    public int hashCode() {
      int h = Objects.hash(errorCode, partitionIndex, leaderId, leaderEpoch);
      h = 31 * h + Arrays.hashCode(replicaNodes);
      h = 31 * h + Arrays.hashCode(isrNodes);
      return 31 * h + Arrays.hashCode(offlineReplicas);
    }

    @Override
    public String toString() {
      return "Partition[errorCode=" + errorCode + ", partitionIndex=" + partitionIndex + ", leaderId=" + leaderId
          + ", leaderEpoch=" + leaderEpoch + ", replicaNodes=" + Arrays.toString(replicaNodes) + ", isrNodes="
          + Arrays.toString(isrNodes) + ", offlineReplicas=" + Arrays.toString(offlineReplicas) + "]";
    }
  }
}
