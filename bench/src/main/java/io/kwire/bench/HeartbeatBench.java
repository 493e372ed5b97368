package io.kwire.bench;

import io.kwire.messages.HeartbeatRequest;

/** {@link Workloads#heartbeat()}. */
public class HeartbeatBench extends FrameBenchmark<HeartbeatRequest> {
  @Override
  protected Workload<HeartbeatRequest> workload() {
    return Workloads.heartbeat();
  }
}
