package io.kwire.fake;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.tls.TlsServerOptions;
import io.kwire.runtime.records.KafkaRecord;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * A Kafka cluster in the JVM that Kafka clients talk to as to real brokers: each broker listens on
 * its own 127.0.0.1 port (kwire-net's server), and one cluster thread owns the topics, logs and
 * groups. docs/fake.md lists what it supports.
 *
 * <pre>{@code
 * try (FakeCluster kafka = FakeCluster.builder().brokers(3).start()) {
 *   kafka.createTopic("orders", 6, 3);
 *   props.put("bootstrap.servers", kafka.bootstrapServers());
 * }
 * }</pre>
 */
public final class FakeCluster implements AutoCloseable {
  private final ClusterCalls calls;
  private final BrokerLifecycle lifecycle;
  private final ReplicationPauses replication;
  private final TopicAdmin topics;
  private final PartitionRecords records;
  private final LogUpkeep logs;
  private final ClusterReadings readings;
  private final Interception interception;

  FakeCluster(ClusterState state, ClusterCalls calls, BrokerLifecycle lifecycle, Interception interception) {
    this.calls = calls;
    this.lifecycle = lifecycle;
    this.replication = new ReplicationPauses(state, calls);
    this.topics = new TopicAdmin(state, calls);
    this.records = new PartitionRecords(state, calls);
    this.logs = new LogUpkeep(state, calls);
    this.readings = new ClusterReadings(state, calls);
    this.interception = interception;
  }

  /** One broker, Kafka's defaults. */
  public static FakeCluster start() {
    return builder().start();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The running brokers' addresses, comma-separated, for {@code bootstrap.servers}. */
  public String bootstrapServers() {
    return lifecycle.bootstrapServers();
  }

  /** Every broker of the cluster, running or stopped ({@link #stopBroker}), in node id order. */
  public List<FakeBroker> brokers() {
    return lifecycle.brokers();
  }

  /** Whether broker {@code nodeId} is running (not stopped, not removed). */
  public boolean isRunning(int nodeId) {
    return lifecycle.isRunning(nodeId);
  }

  /**
   * Stops a broker as if its process died: its port refuses connections, its connections close,
   * and the cluster moves on without it: the leadership of each partition it led passes to another
   * in-sync replica in a new leader epoch (clients follow, as after {@link #moveLeader}), it leaves
   * the in-sync replicas of its partitions, and a partition with no in-sync replica left goes offline
   * (leader -1, LEADER_NOT_AVAILABLE in Metadata) until one comes back. Metadata no longer lists it;
   * group and transaction coordinators are found among the running brokers. Not from a control hook
   * (it waits for the cluster thread).
   *
   * @throws IllegalArgumentException if the broker is not running
   */
  public void stopBroker(int nodeId) {
    lifecycle.stop(nodeId);
  }

  /**
   * Starts a stopped broker again, with the same node id on the same port: it rejoins the in-sync
   * replicas of its partitions at once (the fake's replicas share one log, so it has every record)
   * and leads again the partitions left offline by it; leadership it lost elsewhere stays where it
   * went (Kafka moves it back only with its periodic preferred leader election).
   *
   * @throws IllegalArgumentException if there is no such stopped broker
   * @throws IllegalStateException if its port cannot be bound again
   */
  public void startBroker(int nodeId) {
    lifecycle.start(nodeId);
  }

  /**
   * Pauses broker {@code nodeId}'s replication, as if it stopped fetching from the leaders it
   * follows: once a leader appends, the follower lags; after {@code replica.lag.time.max.ms} (30 s,
   * Kafka's default, on the cluster's clock: a {@link FakeClock} test advances it) it leaves the ISR
   * of that partition. Meanwhile the partition's high watermark stays where the follower stopped,
   * and an acks=all produce to it waits, and is then answered
   * NOT_ENOUGH_REPLICAS_AFTER_APPEND if the ISR fell below the topic's {@code min.insync.replicas}
   * (else it succeeds), or REQUEST_TIMED_OUT at the request's timeout (real time). The broker keeps
   * serving otherwise. Not from a control hook (it waits for the cluster thread).
   */
  public void pauseReplication(int nodeId) {
    replication.pause(nodeId);
  }

  /** Resumes what {@link #pauseReplication} paused: the follower catches up at once and rejoins the ISR; waiting produces are answered. */
  public void resumeReplication(int nodeId) {
    replication.resume(nodeId);
  }

  /**
   * Adds a broker, with the next node id (on {@code firstPort}+id when the builder placed the
   * brokers, else a free port): new topics and partitions are placed on it too; existing ones stay
   * where they are.
   */
  public FakeBroker addBroker() {
    return lifecycle.add();
  }

  /**
   * Removes a broker for good (stopped first if running, as {@link #stopBroker}): its node id is not
   * used again, and partitions it was a replica of keep it as an offline replica (the fake does
   * not reassign partitions).
   *
   * @throws IllegalArgumentException if there is no such broker
   */
  public void removeBroker(int nodeId) {
    lifecycle.remove(nodeId);
  }

  public String clusterId() {
    return readings.clusterId();
  }

  /** The controller: the first running broker (node 0 while it runs). */
  public int controllerId() {
    return readings.controllerId();
  }

  /** Creates a topic with one replica per partition, as CreateTopics would. */
  public void createTopic(String name, int partitions) {
    createTopic(name, partitions, 1);
  }

  /**
   * Creates a topic, its partitions spread over the brokers as CreateTopics would: through the
   * CreateTopics handler's own checks, so a refusal carries the message a client would get.
   *
   * @throws IllegalArgumentException with CreateTopics' error message if the name is illegal, taken
   *     (or collides with one taken, '.' and '_' read alike), or the counts impossible
   */
  public void createTopic(String name, int partitions, int replicationFactor) {
    topics.create(name, partitions, replicationFactor);
  }

  /**
   * Makes {@code nodeId} (a replica) the leader of a partition, in a new leader epoch, as after a
   * leader election: clients still sending to the old leader get NOT_LEADER_OR_FOLLOWER and find
   * the new one.
   */
  public void moveLeader(String topic, int partition, int nodeId) {
    topics.moveLeader(topic, partition, nodeId);
  }

  /**
   * The data records of a partition's log as they stand now, in offset order, for a test to assert
   * on what the brokers accepted without a consumer: every record written (those of open and
   * aborted transactions too, as a read_uncommitted consumer would see them), transaction markers
   * left out, from the log start offset (retention and DeleteRecords move it). Key, value and
   * headers are as the producer sent them, decompressed.
   *
   * @throws IllegalArgumentException if there is no such partition
   */
  public List<KafkaRecord> records(String topic, int partition) {
    return records.read(topic, partition);
  }

  /**
   * Runs the log maintenance now, at the cluster's now: time and size retention on the topics whose
   * {@code cleanup.policy} has {@code delete} ({@code retention.ms}, {@code retention.bytes}), compaction
   * on those with {@code compact} (the last batch, the active segment, left as it is). It also runs on
   * each {@link FakeClock#advance} and, under the system clock, every
   * {@link Builder#logRetentionCheckInterval}. docs/fake.md says what it keeps.
   */
  public void maintainLogs() {
    logs.maintain();
  }

  /**
   * Compacts {@code topic} now, its last batch too (as if Kafka had rolled its active segment): the
   * latest record of each key stays, at its offset; tombstones stay until their delete horizon. The
   * topic need not be compacted by its configuration.
   *
   * @throws IllegalArgumentException if there is no such topic
   */
  public void compact(String topic) {
    logs.compact(topic);
  }

  /** What the cluster holds now, by its own accounting (log bytes, parked fetches, partial frames). */
  public ClusterUsage usage() {
    return readings.usage(lifecycle.bufferedFrameBytes());
  }

  /**
   * The client telemetry (KIP-714) clients pushed, oldest first (the newest 10,000 are kept). Clients
   * push only the metrics a subscription asks for: a CLIENT_METRICS config resource set with
   * IncrementalAlterConfigs ({@code metrics}, {@code interval.ms}, {@code match}), as on Kafka.
   */
  public List<PushedTelemetry> telemetryPushes() {
    return readings.telemetryPushes();
  }

  /**
   * A hook on every request of class {@code requestType} ({@code ProduceRequest.class}) to any broker:
   * answer, fail, delay or drop it ({@link ControlBuilder}).
   *
   * @throws IllegalArgumentException if the fake serves no such request
   */
  public <Q> ControlBuilder<Q> control(Class<Q> requestType) {
    return interception.control(requestType);
  }

  /** A hook on every request with API key {@code apiKey}. */
  public ControlBuilder<Object> control(int apiKey) {
    return interception.control(apiKey);
  }

  /** A hook on every request. */
  public ControlBuilder<Object> controlAll() {
    return interception.control(-1);
  }

  /** The cluster's record of requests and responses; off until {@link Recording#start()}. */
  public Recording recording() {
    return interception.recording();
  }

  /** Stops every broker (their ports are free when this returns) and the cluster thread. */
  @Override
  public void close() {
    try {
      lifecycle.closeAll();
    } finally {
      calls.close();
    }
  }

  /** How a {@link FakeCluster} is made; every setting has a default. */
  public static final class Builder {
    private final BuilderSettings settings = new BuilderSettings();

    private Builder() {}

    /** Each broker closes a connection without traffic and nothing in flight this long (kwire-net's 10 min). */
    public Builder idleTimeout(Duration timeout) {
      settings.idleTimeout(timeout);
      return this;
    }

    /** Each broker closes connections beyond this many as they are accepted (kwire-net's 10,000). */
    public Builder maxConnections(int connections) {
      settings.maxConnections(connections);
      return this;
    }

    /**
     * Enforces ACLs as a Kafka broker with {@code authorizer.class.name} set to StandardAuthorizer:
     * each request is authorized for its connection's principal ({@code User:name} of SASL or TLS,
     * {@code User:ANONYMOUS} on plaintext); {@code superUsers} ({@code super.users}, e.g.
     * {@code "User:admin"}) may do everything. Off by default: every principal may do everything,
     * and the ACL APIs answer SECURITY_DISABLED, as a broker without an authorizer.
     */
    public Builder authorizer(String... superUsers) {
      settings.superUsers = Set.of(superUsers);
      return this;
    }

    /** Kafka's {@code allow.everyone.if.no.acl.found}: a resource without ACLs is open to all (false by default). */
    public Builder allowEveryoneIfNoAclFound(boolean allow) {
      settings.allowEveryoneIfNoAclFound = allow;
      return this;
    }

    /** Every broker serves TLS (SSL, or SASL_SSL with {@link #sasl}); plaintext by default. */
    public Builder tls(TlsServerOptions options) {
      settings.tls(options);
      return this;
    }

    /**
     * Every broker requires SASL (SASL_PLAINTEXT, or SASL_SSL with {@link #tls}): the options' users
     * and mechanisms (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512), as kwire-net serves them; none by default.
     */
    public Builder sasl(SaslServerOptions options) {
      settings.sasl(options);
      return this;
    }

    /**
     * Enables delegation tokens (Kafka's {@code delegation.token.secret.key}): the tokens' HMACs are
     * HmacSHA512 under this key. They are served to connections authenticated by {@link #sasl};
     * off by default (DELEGATION_TOKEN_AUTH_DISABLED), as on Kafka.
     */
    public Builder delegationTokens(String secretKey) {
      settings.delegationTokens(secretKey);
      return this;
    }

    /**
     * How often, under the system clock, the log maintenance applies retention and compaction
     * (Kafka's {@code log.retention.check.interval.ms}, 5 minutes by default); a {@link FakeClock}
     * runs it on each advance instead, and {@link FakeCluster#maintainLogs()} runs it at once.
     */
    public Builder logRetentionCheckInterval(Duration interval) {
      settings.logRetentionCheckInterval(interval);
      return this;
    }

    /**
     * Places broker {@code nodeId} (one started now or added later) in {@code rack} (Kafka's
     * {@code broker.rack}): Metadata and DescribeCluster report it, and the rack-aware replica
     * selector reads it.
     */
    public Builder rack(int nodeId, String rack) {
      settings.rack(nodeId, rack);
      return this;
    }

    /**
     * Leaders name a preferred read replica in the consumer's rack (KIP-392), as a broker with
     * Kafka's {@code replica.selector.class} set to its rack-aware selector does;
     * off by default, as in Kafka. Followers serve consumers' fetches (v11+) either way.
     */
    public Builder rackAwareReplicaSelector(boolean enabled) {
      settings.rackAwareReplicaSelector = enabled;
      return this;
    }

    /** The cluster's time, moved by the test (the system clock by default); see {@link FakeClock}. */
    public Builder clock(FakeClock clock) {
      settings.clock(clock);
      return this;
    }

    /**
     * Passes for a broker of {@code release}: ApiVersions advertises only the APIs that release's
     * broker serves, each at the versions both it and the fake have (the intersection), and a
     * request outside them is refused as that broker refuses it (the connection closed; ApiVersions
     * answered at v0 with UNSUPPORTED_VERSION); from ApiVersions v3 a KRaft release (3.3+) also
     * advertises the features a new cluster of it finalizes by default (transaction.version 2 from
     * 4.0, so clients run transactions v1 against 3.x). By default the fake is the newest release it knows.
     */
    public Builder emulate(KafkaRelease release) {
      settings.emulate(release);
      return this;
    }

    /**
     * Where the brokers listen (and what they advertise): broker n on {@code host}:{@code firstPort}+n,
     * or each on a free port if {@code firstPort} is 0 (127.0.0.1 and port 0 by default).
     */
    public Builder listen(String host, int firstPort) {
      settings.listen(host, firstPort);
      return this;
    }

    /** How many brokers (1 by default), with node ids 0 to n-1; node 0 is the controller. */
    public Builder brokers(int count) {
      settings.brokers(count);
      return this;
    }

    /** The cluster id (by default one derived from the seed, in Kafka's form). */
    public Builder clusterId(String id) {
      settings.clusterId = id;
      return this;
    }

    /** Seeds what the cluster draws at random: its id, topic ids (1 by default). */
    public Builder seed(long seed) {
      settings.seed = seed;
      return this;
    }

    /**
     * Whether Metadata creates unknown topics when the client allows it (Kafka's
     * {@code auto.create.topics.enable}: on by default, as in Kafka; a producer's first send creates its topic).
     */
    public Builder autoCreateTopics(boolean enabled) {
      settings.autoCreateTopics = enabled;
      return this;
    }

    /** Partitions of a topic created without a count (1 by default). */
    public Builder defaultPartitions(int partitions) {
      settings.defaultPartitions = partitions;
      return this;
    }

    /** The most bytes each partition keeps; older batches are dropped past it (64 MiB by default, -1: no limit). */
    public Builder retentionBytesPerPartition(long bytes) {
      settings.retentionBytes = bytes;
      return this;
    }

    /**
     * The most bytes the logs of all partitions hold together (each batch counted with a small fixed
     * overhead); past it the oldest batches of the whole cluster are dropped, as retention drops
     * them: their partition's log start offset moves on. A quarter of the JVM's max heap by default
     * (-1: no limit); the per-partition bound ({@link #retentionBytesPerPartition}) holds as well.
     */
    public Builder maxLogBytes(long bytes) {
      settings.maxLogBytes(bytes);
      return this;
    }

    /**
     * The most bytes of partly received request frames the brokers buffer together, shared out
     * evenly between them (kwire-net's {@code maxBufferedFrameBytes}, Kafka's
     * {@code queued.max.request.bytes}): a connection whose frame would pass its broker's share is
     * closed. An eighth of the JVM's max heap by default.
     */
    public Builder maxBufferedFrameBytes(long bytes) {
      settings.maxBufferedFrameBytes(bytes);
      return this;
    }

    /**
     * The most partitions all topics may have together (100,000 by default, about 100 MB of heap
     * before any record): a topic or partitions past it are refused with POLICY_VIOLATION, and
     * Metadata does not auto-create them. Kafka has no such cap; a fake in a test JVM needs one.
     */
    public Builder maxPartitions(int partitions) {
      settings.maxPartitions(partitions);
      return this;
    }

    /** A topic there from the start, as {@link FakeCluster#createTopic(String, int, int)} makes it. */
    public Builder topic(String name, int partitions, int replicationFactor) {
      settings.topics.add(new BuilderSettings.TopicSpec(name, partitions, replicationFactor));
      return this;
    }

    /** Starts the brokers; returns once every one listens. */
    public FakeCluster start() {
      return ClusterAssembly.start(settings);
    }
  }
}
