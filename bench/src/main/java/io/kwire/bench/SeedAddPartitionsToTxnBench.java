package io.kwire.bench;

import io.kwire.messages.AddPartitionsToTxnRequest;

/** {@link Workloads#addPartitionsToTxn()}. */
public class SeedAddPartitionsToTxnBench extends BodyBenchmark<AddPartitionsToTxnRequest> {
  @Override
  protected Workload<AddPartitionsToTxnRequest> workload() {
    return Workloads.addPartitionsToTxn();
  }
}
