package io.kwire.bench;

import io.kwire.messages.ProduceRequest;

/** {@link Workloads#produce()}. */
public class ProduceBench extends FrameBenchmark<ProduceRequest> {
  @Override
  protected Workload<ProduceRequest> workload() {
    return Workloads.produce();
  }
}
