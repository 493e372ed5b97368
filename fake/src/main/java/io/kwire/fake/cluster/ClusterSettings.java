package io.kwire.fake.cluster;

/**
 * What a cluster is started with, beyond its brokers.
 *
 * @param autoCreateTopics whether Metadata (when the client allows it) creates unknown topics (Kafka's
 *     {@code auto.create.topics.enable}, on by default as in Kafka)
 * @param defaultPartitions partitions of a topic created without a count
 * @param defaultReplicationFactor replicas of a topic created without a factor (capped at the brokers)
 * @param retentionBytes the most bytes a partition keeps (-1: no limit)
 * @param groupMinSessionTimeoutMs the shortest session timeout a group member may ask for
 * @param groupMaxSessionTimeoutMs the longest
 * @param groupInitialRebalanceDelayMs how long a new group's first join waits for more members
 */
// The caps below keep one request from making the fake allocate without bound.
public record ClusterSettings(boolean autoCreateTopics, int defaultPartitions, short defaultReplicationFactor,
    long retentionBytes, int groupMinSessionTimeoutMs, int groupMaxSessionTimeoutMs,
    int groupInitialRebalanceDelayMs) {
  /** The most partitions a topic may have (a fake's cap; Kafka has none but memory). */
  public static final int MAX_PARTITIONS_PER_TOPIC = 10_000;
  /** The most members (joined or told their id) a group may have, as Kafka's group.max.size caps it. */
  public static final int MAX_GROUP_SIZE = 1_000;

  public static final ClusterSettings DEFAULT = new ClusterSettings(true, 1, (short) 1, 64L << 20, 100, 1_800_000, 0);
}
