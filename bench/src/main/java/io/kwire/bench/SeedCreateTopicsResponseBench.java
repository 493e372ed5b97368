package io.kwire.bench;

import io.kwire.messages.CreateTopicsResponse;

/** {@link Workloads#createTopicsResponse()}. */
public class SeedCreateTopicsResponseBench extends BodyBenchmark<CreateTopicsResponse> {
  @Override
  protected Workload<CreateTopicsResponse> workload() {
    return Workloads.createTopicsResponse();
  }
}
