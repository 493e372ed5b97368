package io.kwire.bench;

import io.kwire.messages.CreateTopicsRequest;

/** {@link Workloads#createTopics()}. */
public class CreateTopicsBench extends FrameBenchmark<CreateTopicsRequest> {
  @Override
  protected Workload<CreateTopicsRequest> workload() {
    return Workloads.createTopics();
  }
}
