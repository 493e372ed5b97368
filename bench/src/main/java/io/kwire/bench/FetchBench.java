package io.kwire.bench;

import io.kwire.messages.FetchResponse;

/** {@link Workloads#fetch()}. */
public class FetchBench extends FrameBenchmark<FetchResponse> {
  @Override
  protected Workload<FetchResponse> workload() {
    return Workloads.fetch();
  }
}
