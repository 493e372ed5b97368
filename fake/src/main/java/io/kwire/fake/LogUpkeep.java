package io.kwire.fake;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.LogCleaner;
import io.kwire.fake.cluster.LogMaintenance;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;

/** Log maintenance and compaction when a test asks for them, rather than on the cluster's schedule. */
final class LogUpkeep {
  private final ClusterState state;
  private final ClusterCalls calls;

  LogUpkeep(ClusterState state, ClusterCalls calls) {
    this.state = state;
    this.calls = calls;
  }

  void maintain() {
    calls.call(() -> new LogMaintenance(state).run());
  }

  void compact(String topic) {
    calls.run(() -> {
      Topic t = state.topic(topic);
      if (t == null) {
        throw new IllegalArgumentException("no topic " + topic);
      }
      for (Partition p : t.partitions()) {
        LogCleaner.clean(p, t.configs(), state.clock().nowMs(), true);
      }
    });
  }
}
