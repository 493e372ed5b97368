package io.kwire.fake;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.LogBudget;
import io.kwire.fake.cluster.Topic;
import java.util.List;

/** What a test reads of the cluster as a whole: its ids, its usage, the telemetry pushed to it. */
final class ClusterReadings {
  private final ClusterState state;
  private final ClusterCalls calls;

  ClusterReadings(ClusterState state, ClusterCalls calls) {
    this.state = state;
    this.calls = calls;
  }

  String clusterId() {
    return state.clusterId();
  }

  int controllerId() {
    return calls.call(state::controllerId);
  }

  /** The usage, with {@code frameBytes} the brokers' servers buffer (read off the cluster thread). */
  ClusterUsage usage(long frameBytes) {
    return calls.call(() -> {
      int partitions = 0;
      for (Topic t : state.topics()) {
        partitions += t.partitions().size();
      }
      LogBudget budget = state.logBudget();
      return new ClusterUsage(state.topics().size(), partitions, budget.bytes(), budget.maxBytes(),
          budget.droppedBytes(), state.parked().count(), frameBytes);
    });
  }

  List<PushedTelemetry> telemetryPushes() {
    return calls.call(() -> state.telemetry().pushes().stream().map(p -> new PushedTelemetry(
        p.clientInstanceId(), p.clientId(), p.subscriptionId(), p.terminating(), p.receivedAtMs(), p.metrics()))
        .toList());
  }
}
