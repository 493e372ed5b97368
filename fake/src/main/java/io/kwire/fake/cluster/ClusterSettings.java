package io.kwire.fake.cluster;

/**
 * What a cluster is started with, beyond its brokers.
 *
 * @param autoCreateTopics whether Metadata (when the client allows it) creates unknown topics
 * @param defaultPartitions partitions of a topic created without a count
 * @param defaultReplicationFactor replicas of a topic created without a factor (capped at the brokers)
 * @param retentionBytes the most bytes a partition keeps (-1: no limit)
 * @param groupMinSessionTimeoutMs the shortest session timeout a group member may ask for
 * @param groupMaxSessionTimeoutMs the longest
 * @param groupInitialRebalanceDelayMs how long a new group's first join waits for more members
 */
public record ClusterSettings(boolean autoCreateTopics, int defaultPartitions, short defaultReplicationFactor,
    long retentionBytes, int groupMinSessionTimeoutMs, int groupMaxSessionTimeoutMs,
    int groupInitialRebalanceDelayMs) {
  public static final ClusterSettings DEFAULT = new ClusterSettings(false, 1, (short) 1, 64L << 20, 100, 1_800_000, 0);
}
