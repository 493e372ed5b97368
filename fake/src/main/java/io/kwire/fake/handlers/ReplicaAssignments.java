package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks manual replica assignments (CreateTopics, CreatePartitions) as Kafka's controller does. */
final class ReplicaAssignments {
  private ReplicaAssignments() {}

  /**
   * Why {@code assignments} cannot be used, or null: every partition needs {@code replicas}
   * replicas (when not -1; else as many as the first partition), all registered, none twice.
   */
  static Rejection check(ClusterState cluster, List<List<Integer>> assignments, int replicas) {
    int expected = replicas >= 0 ? replicas : assignments.isEmpty() ? 0 : assignments.get(0).size();
    for (int p = 0; p < assignments.size(); p++) {
      List<Integer> brokers = assignments.get(p);
      if (brokers.isEmpty()) {
        return invalid("Partition " + p + " has an empty replica assignment");
      }
      if (brokers.size() != expected) {
        return invalid("All partitions should have the same number of replicas; partition " + p + " has "
            + brokers.size() + " where " + expected + " are expected");
      }
      Set<Integer> seen = new HashSet<>();
      for (int broker : brokers) {
        if (!seen.add(broker)) {
          return invalid("Duplicate replica assignment for partition " + p + ": " + brokers);
        }
        if (cluster.broker(broker) == null) {
          return invalid("Replica assignment for partition " + p + " names broker " + broker
              + ", which is not registered");
        }
      }
    }
    return null;
  }

  private static Rejection invalid(String message) {
    return new Rejection(ErrorCode.INVALID_REPLICA_ASSIGNMENT, message);
  }
}
