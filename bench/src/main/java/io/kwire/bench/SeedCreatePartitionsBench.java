package io.kwire.bench;

import io.kwire.messages.CreatePartitionsRequest;

/** {@link Workloads#createPartitions()}. */
public class SeedCreatePartitionsBench extends BodyBenchmark<CreatePartitionsRequest> {
  @Override
  protected Workload<CreatePartitionsRequest> workload() {
    return Workloads.createPartitions();
  }
}
