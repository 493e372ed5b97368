package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A cluster's brokers and topics. Confined to the cluster thread ({@link ClusterThread}): handlers
 * read and change it there, one request at a time.
 */
public final class ClusterState {
  /** The most partitions a cluster holds by default (about 1 KB of heap each before any record). */
  public static final int DEFAULT_MAX_PARTITIONS = 100_000;

  private final String clusterId;
  private final ClusterSettings settings;
  private final ClusterClock clock;
  private volatile boolean rackAwareReplicaSelector;
  private final Map<Integer, String> racks = new java.util.concurrent.ConcurrentHashMap<>();
  private final ClusterClock networkWaits;
  private final Random random;
  private final ReplicaLag replicaLag = new ReplicaLag(this);
  private final Map<String, Topic> topicsByName = new LinkedHashMap<>();
  private final Map<UUID, Topic> topicsById = new LinkedHashMap<>();
  /** Topics by {@link TopicNames#collisionForm}: at most one each, as no two may collide. */
  private final Map<String, Topic> topicsByCollisionForm = new HashMap<>();
  private LogBudget logBudget = LogBudget.unbounded();
  private final ParkedRequests parked = new ParkedRequests();
  private int partitionCount;
  private int maxPartitions = DEFAULT_MAX_PARTITIONS;
  private List<BrokerNode> brokers = List.of();
  private final Map<Integer, BrokerNode> registered = new TreeMap<>();
  private final Set<Integer> stopped = new HashSet<>();
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

  /** The followers a test paused, and the acks=all appends waiting for them. */
  public ReplicaLag replicaLag() {
    return replicaLag;
  }

  public ClusterClock clock() {
    return clock;
  }

  /** Real-time timers for network waits (the fetch long poll); see the constructor. */
  public ClusterClock networkWaits() {
    return networkWaits;
  }

  /** Bounds the bytes every partition's log holds together (before the first topic); see {@link LogBudget}. */
  public void limitLogBytes(long maxBytes) {
    if (!topicsByName.isEmpty()) {
      throw new IllegalStateException("the log budget is set before the first topic");
    }
    logBudget = new LogBudget(maxBytes);
  }

  /** Bounds the partitions of all topics together (a fake's cap; Kafka has none but its machines'). */
  public void limitPartitions(int max) {
    maxPartitions = max;
  }

  /** Whether {@code more} partitions may be added without passing the cluster's cap. */
  public boolean roomForPartitions(long more) {
    return partitionCount + more <= maxPartitions;
  }

  /** Why {@code more} partitions cannot be added (the message of a POLICY_VIOLATION). */
  public String noRoomForPartitions(long more) {
    return "The fake cluster holds at most " + maxPartitions + " partitions (FakeCluster.Builder.maxPartitions); it"
        + " has " + partitionCount + ", and " + more + " more were asked for.";
  }

  /** The brokers' racks as the builder set them, by node id (set before the brokers register). */
  public void racks(Map<Integer, String> byNode) {
    racks.clear();
    racks.putAll(byNode);
  }

  /** The rack the builder gave {@code nodeId}, or null. */
  public String rackOf(int nodeId) {
    return racks.get(nodeId);
  }

  /** Whether leaders name a preferred read replica by rack (Kafka's {@code replica.selector.class}, KIP-392). */
  public boolean rackAwareReplicaSelector() {
    return rackAwareReplicaSelector;
  }

  public void rackAwareReplicaSelector(boolean on) {
    rackAwareReplicaSelector = on;
  }

  public LogBudget logBudget() {
    return logBudget;
  }

  /** The long-poll requests parked now, by connection. */
  public ParkedRequests parked() {
    return parked;
  }

  /**
   * The brokers running now, in node id order: what Metadata lists, where new replicas are placed
   * and coordinators are found.
   */
  public List<BrokerNode> brokers() {
    return brokers;
  }

  /** Sets the brokers once their ports are known; the first is the controller. */
  public void brokers(List<BrokerNode> nodes) {
    registered.clear();
    stopped.clear();
    nodes.forEach(n -> registered.put(n.nodeId(), n));
    refreshBrokers();
  }

  /** Whether broker {@code nodeId} is registered and running. */
  public boolean running(int nodeId) {
    return registered.containsKey(nodeId) && !stopped.contains(nodeId);
  }

  /**
   * Broker {@code nodeId} stopped (or was removed, {@code removed}): its partitions' leadership
   * moves to another in-sync replica or the partition goes offline ({@link Partition#replicaStopped}).
   */
  public void brokerStopped(int nodeId, boolean removed) {
    stopped.add(nodeId);
    if (removed) {
      registered.remove(nodeId);
      stopped.remove(nodeId);
    }
    refreshBrokers();
    for (Topic t : topicsByName.values()) {
      t.partitions().forEach(p -> p.replicaStopped(nodeId));
    }
    replicaLag.settleAll();
  }

  /** Broker {@code node} started, again (same node id) or for the first time (an added broker). */
  public void brokerStarted(BrokerNode node) {
    registered.put(node.nodeId(), node);
    stopped.remove(node.nodeId());
    refreshBrokers();
    for (Topic t : topicsByName.values()) {
      t.partitions().forEach(p -> p.replicaStarted(node.nodeId(), this::running));
    }
    replicaLag.settleAll();
  }

  private void refreshBrokers() {
    List<BrokerNode> live = new ArrayList<>();
    for (BrokerNode b : registered.values()) {
      if (!stopped.contains(b.nodeId())) {
        live.add(b);
      }
    }
    brokers = List.copyOf(live);
    // the controller: the first running broker (node 0 while it runs)
    controllerId = brokers.isEmpty() ? -1 : brokers.get(0).nodeId();
  }

  public int controllerId() {
    return controllerId;
  }

  /** A registered broker, running or not, or null. */
  public BrokerNode broker(int nodeId) {
    return registered.get(nodeId);
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
    Topic same = topicsByCollisionForm.get(TopicNames.collisionForm(name));
    return same == null || same.name().equals(name) ? null : same;
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
      topic.addPartition(new Partition(topic.partitions().size(), replicas, settings.retentionBytes(), logBudget));
    }
    partitionCount += placed.size();
    topicsByName.put(name, topic);
    topicsById.put(topic.id(), topic);
    topicsByCollisionForm.put(TopicNames.collisionForm(name), topic);
    return topic;
  }

  /** Adds partitions up to {@code totalCount}, placed by {@code assignments} or round-robin. */
  public void addPartitions(Topic topic, int totalCount, List<List<Integer>> assignments) {
    int added = totalCount - topic.partitions().size();
    List<List<Integer>> placed = assignments != null ? assignments : place(added, topic.replicationFactor());
    for (List<Integer> replicas : placed) {
      topic.addPartition(new Partition(topic.partitions().size(), replicas, settings.retentionBytes(), logBudget));
    }
    partitionCount += placed.size();
  }

  public void deleteTopic(Topic topic) {
    topicsByName.remove(topic.name());
    topicsById.remove(topic.id());
    topic.partitions().forEach(p -> p.log().delete());
    partitionCount -= topic.partitions().size();
    topicsByCollisionForm.remove(TopicNames.collisionForm(topic.name()), topic);
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
