package io.kwire.bench;

import io.kwire.messages.OffsetCommitRequest;

/** {@link Workloads#offsetCommit()}. */
public class OffsetCommitBench extends FrameBenchmark<OffsetCommitRequest> {
  @Override
  protected Workload<OffsetCommitRequest> workload() {
    return Workloads.offsetCommit();
  }
}
