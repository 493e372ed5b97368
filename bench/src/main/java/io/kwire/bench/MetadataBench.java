package io.kwire.bench;

import io.kwire.messages.MetadataResponse;

/** {@link Workloads#metadata()}. */
public class MetadataBench extends FrameBenchmark<MetadataResponse> {
  @Override
  protected Workload<MetadataResponse> workload() {
    return Workloads.metadata();
  }
}
