package io.kwire.fake.groups;

import io.kwire.fake.cluster.ClusterState;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The cluster's groups, each coordinated by one broker (chosen from the group id, as Kafka places
 * a group by its offsets partition). Confined to the cluster thread.
 */
public final class GroupCoordinator {
  private final ClusterState cluster;
  /** Kafka's group.consumer.session.timeout.ms default. */
  public static final int CONSUMER_SESSION_TIMEOUT_MS = 45_000;
  /**
   * The fake's group.consumer.heartbeat.interval.ms: 500 ms, not Kafka's 5 s, so that consumer
   * groups reconcile quickly in tests.
   */
  public static final int CONSUMER_HEARTBEAT_INTERVAL_MS = 500;

  private final Map<String, Group> groups = new LinkedHashMap<>();
  private final Map<String, ConsumerGroup> consumerGroups = new LinkedHashMap<>();

  public GroupCoordinator(ClusterState cluster) {
    this.cluster = cluster;
  }

  /** The node id of the broker coordinating {@code key} (a group id). */
  public int coordinatorFor(String key) {
    return cluster.brokers().get(Math.floorMod(key.hashCode(), cluster.brokers().size())).nodeId();
  }

  /** The group, or null if it never had members or offsets. */
  public Group group(String groupId) {
    return groups.get(groupId);
  }

  /** Forgets every group's offsets of a deleted topic, as Kafka does. */
  public void forgetTopic(String topic) {
    groups.values().forEach(g -> g.forgetTopic(topic));
  }

  /** Every group, in creation order. */
  public Collection<Group> groups() {
    return Collections.unmodifiableCollection(groups.values());
  }

  /** Forgets a group and its offsets (DeleteGroups; the group must be empty). */
  public void delete(String groupId) {
    groups.remove(groupId);
    ConsumerGroup consumers = consumerGroups.get(groupId);
    if (consumers != null && consumers.isEmpty()) {
      consumerGroups.remove(groupId);
    }
  }

  /** The KIP-848 consumer group, or null if no member ever heartbeated to it. */
  public ConsumerGroup consumerGroup(String groupId) {
    return consumerGroups.get(groupId);
  }

  /** Every consumer (KIP-848) group, in creation order. */
  public Collection<ConsumerGroup> consumerGroups() {
    return Collections.unmodifiableCollection(consumerGroups.values());
  }

  /** The consumer group, created with its offsets store (a memberless classic group) if new. */
  public ConsumerGroup getOrCreateConsumerGroup(String groupId) {
    getOrCreate(groupId);
    return consumerGroups.computeIfAbsent(groupId,
        id -> new ConsumerGroup(id, cluster, CONSUMER_SESSION_TIMEOUT_MS));
  }

  public Group getOrCreate(String groupId) {
    return groups.computeIfAbsent(groupId,
        id -> new Group(id, cluster.clock(), cluster.settings().groupInitialRebalanceDelayMs()));
  }
}
