package io.kwire.fake.cluster;

/**
 * The cluster's log maintenance, as Kafka's retention check and log cleaner run it: per partition,
 * by its topic's {@code cleanup.policy}, time and size retention ({@code delete}, see
 * {@link PartitionLog#applyRetention}) and compaction ({@code compact}, see {@link LogCleaner});
 * both with {@code compact,delete}. It runs when a test's clock advances (at the new now, once per
 * advance), every {@code log.retention.check.interval.ms} under the system clock, and when a test
 * asks. Confined to the cluster thread.
 */
public final class LogMaintenance {
  private final ClusterState state;

  public LogMaintenance(ClusterState state) {
    this.state = state;
  }

  /** One pass over every topic at the cluster's now; whether any log changed. */
  public boolean run() {
    boolean changed = false;
    for (Topic topic : state.topics()) {
      changed |= run(topic, false);
    }
    return changed;
  }

  /**
   * One pass over {@code topic}; with {@code rollActive} compaction also cleans the last batch (as
   * after Kafka rolled its active segment), for a test that wants the whole log compacted now.
   */
  public boolean run(Topic topic, boolean rollActive) {
    long now = state.clock().nowMs();
    TopicConfigs configs = topic.configs();
    boolean delete = configs.cleanupPolicy("delete");
    boolean compact = configs.cleanupPolicy("compact");
    boolean changed = false;
    for (Partition p : topic.partitions()) {
      if (compact) {
        changed |= LogCleaner.clean(p, configs, now, rollActive);
      }
      if (delete) {
        changed |= p.log().applyRetention(now, configs.getLong("retention.ms"), configs.getLong("retention.bytes"));
      }
    }
    return changed;
  }

  /**
   * Runs {@link #run()} every {@code intervalMs} on {@code clock}'s timers (the system clock's: a
   * test clock runs maintenance on each advance instead), until the cluster thread stops.
   */
  public void every(long intervalMs) {
    state.clock().schedule(intervalMs, () -> {
      run();
      every(intervalMs);
    });
  }
}
