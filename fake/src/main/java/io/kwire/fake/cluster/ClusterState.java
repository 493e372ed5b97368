package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * A cluster's brokers and topics. Confined to the cluster thread ({@link ClusterThread}): handlers
 * read and change it there, one request at a time.
 */
public final class ClusterState {
  private final String clusterId;
  private final ClusterSettings settings;
  private final ClusterClock clock;
  private final ClusterClock networkWaits;
  private final Random random;
  private final Map<String, Topic> topicsByName = new LinkedHashMap<>();
  private final Map<UUID, Topic> topicsById = new LinkedHashMap<>();
  private List<BrokerNode> brokers = List.of();
  private int controllerId = -1;
  private int placementStart;
  private long nextProducerId = 1000;
  private final ClientTelemetry telemetry = new ClientTelemetry();
  private final FeatureLevels features = new FeatureLevels();
  private final BrokerLoggers loggers = new BrokerLoggers();

  public ClusterState(String clusterId, ClusterSettings settings, ClusterClock clock, long seed) {
    this(clusterId, settings, clock, clock, seed);
  }

  /**
   * @param clock the cluster's time: timestamps, session, rebalance and transaction timeouts
   * @param networkWaits the timers of requests parked for the network's sake (a fetch's max wait),
   *     in real time even under a test clock, so that a client is not stalled by a clock held still
   */
  public ClusterState(String clusterId, ClusterSettings settings, ClusterClock clock, ClusterClock networkWaits,
      long seed) {
    this.clusterId = clusterId;
    this.settings = settings;
    this.clock = clock;
    this.networkWaits = networkWaits;
    this.random = new Random(seed);
  }

  public String clusterId() {
    return clusterId;
  }

  public ClusterSettings settings() {
    return settings;
  }

  public ClusterClock clock() {
    return clock;
  }

  /** Real-time timers for network waits (the fetch long poll); see the constructor. */
  public ClusterClock networkWaits() {
    return networkWaits;
  }

  public List<BrokerNode> brokers() {
    return brokers;
  }

  /** Sets the brokers once their ports are known; the first is the controller. */
  public void brokers(List<BrokerNode> nodes) {
    brokers = List.copyOf(nodes);
    controllerId = nodes.isEmpty() ? -1 : nodes.get(0).nodeId();
  }

  public int controllerId() {
    return controllerId;
  }

  public BrokerNode broker(int nodeId) {
    for (BrokerNode b : brokers) {
      if (b.nodeId() == nodeId) {
        return b;
      }
    }
    return null;
  }

  public Collection<Topic> topics() {
    return Collections.unmodifiableCollection(topicsByName.values());
  }

  public Topic topic(String name) {
    return name == null ? null : topicsByName.get(name);
  }

  public Topic topic(UUID id) {
    return id == null ? null : topicsById.get(id);
  }

  /** A topic of that name already there whose name collides with it ('.' and '_' read alike), or null. */
  public Topic collidingTopic(String name) {
    String form = TopicNames.collisionForm(name);
    for (Topic t : topicsByName.values()) {
      if (!t.name().equals(name) && TopicNames.collisionForm(t.name()).equals(form)) {
        return t;
      }
    }
    return null;
  }

  /**
   * Creates a topic, its partitions placed by {@code assignments} (one replica list per partition)
   * or, when null, {@code partitions} spread round-robin with {@code replicationFactor} replicas.
   */
  public Topic createTopic(String name, int partitions, int replicationFactor, List<List<Integer>> assignments,
      TopicConfigs configs) {
    Topic topic = new Topic(name, newTopicId(), configs);
    List<List<Integer>> placed = assignments != null ? assignments : place(partitions, replicationFactor);
    for (List<Integer> replicas : placed) {
      topic.addPartition(new Partition(topic.partitions().size(), replicas, settings.retentionBytes()));
    }
    topicsByName.put(name, topic);
    topicsById.put(topic.id(), topic);
    return topic;
  }

  /** Adds partitions up to {@code totalCount}, placed by {@code assignments} or round-robin. */
  public void addPartitions(Topic topic, int totalCount, List<List<Integer>> assignments) {
    int added = totalCount - topic.partitions().size();
    List<List<Integer>> placed = assignments != null ? assignments : place(added, topic.replicationFactor());
    for (List<Integer> replicas : placed) {
      topic.addPartition(new Partition(topic.partitions().size(), replicas, settings.retentionBytes()));
    }
  }

  public void deleteTopic(Topic topic) {
    topicsByName.remove(topic.name());
    topicsById.remove(topic.id());
  }

  /** Replica lists for {@code count} partitions: leaders rotate over the brokers, as do the followers. */
  public List<List<Integer>> place(int count, int replicationFactor) {
    List<List<Integer>> out = new ArrayList<>(count);
    int n = brokers.size();
    for (int p = 0; p < count; p++) {
      List<Integer> replicas = new ArrayList<>(replicationFactor);
      for (int r = 0; r < replicationFactor; r++) {
        replicas.add(brokers.get((placementStart + p + r) % n).nodeId());
      }
      out.add(replicas);
    }
    placementStart = (placementStart + count) % Math.max(1, n);
    return out;
  }

  /** The features the brokers advertise and their finalized levels (UpdateFeatures changes them). */
  public FeatureLevels features() {
    return features;
  }

  /** The brokers' log levels (the BROKER_LOGGER config resource). */
  public BrokerLoggers loggers() {
    return loggers;
  }

  /** Client telemetry (KIP-714): subscriptions and what clients pushed. */
  public ClientTelemetry telemetry() {
    return telemetry;
  }

  /** A producer id never handed out before (InitProducerId). */
  public long newProducerId() {
    return nextProducerId++;
  }

  private UUID newTopicId() {
    while (true) {
      UUID id = new UUID(random.nextLong(), random.nextLong());
      if (!id.equals(new UUID(0, 0)) && !id.equals(new UUID(0, 1)) && !topicsById.containsKey(id)) {
        return id;
      }
    }
  }
}
