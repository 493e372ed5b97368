package io.kwire.bench;

import io.kwire.messages.AlterPartitionReassignmentsRequest;

/** {@link Workloads#alterPartitionReassignments()}. */
public class SeedAlterPartitionReassignmentsBench extends BodyBenchmark<AlterPartitionReassignmentsRequest> {
  @Override
  protected Workload<AlterPartitionReassignmentsRequest> workload() {
    return Workloads.alterPartitionReassignments();
  }
}
