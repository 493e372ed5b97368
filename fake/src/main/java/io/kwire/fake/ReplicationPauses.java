package io.kwire.fake;

import io.kwire.fake.cluster.ClusterState;

/** A test's pauses of a broker's replication, as if it stopped fetching from the leaders it follows. */
final class ReplicationPauses {
  private final ClusterState state;
  private final ClusterCalls calls;

  ReplicationPauses(ClusterState state, ClusterCalls calls) {
    this.state = state;
    this.calls = calls;
  }

  void pause(int nodeId) {
    calls.run(() -> {
      if (state.broker(nodeId) == null) {
        throw new IllegalArgumentException("broker " + nodeId + " does not exist");
      }
      state.replicaLag().pause(nodeId);
    });
  }

  void resume(int nodeId) {
    calls.run(() -> state.replicaLag().resume(nodeId));
  }
}
