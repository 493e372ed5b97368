package io.kwire.fake;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.tls.TlsServerOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a {@link FakeCluster.Builder} was told, checked as it is set, with the defaults: the
 * builder is the public face, {@link ClusterAssembly} reads these.
 */
final class BuilderSettings {
  int brokerCount = 1;
  String clusterId;
  long seed = 1;
  boolean autoCreateTopics = ClusterSettings.DEFAULT.autoCreateTopics();
  int defaultPartitions = ClusterSettings.DEFAULT.defaultPartitions();
  long retentionBytes = ClusterSettings.DEFAULT.retentionBytes();
  long maxLogBytes = Math.max(1, Runtime.getRuntime().maxMemory() / 4);
  int maxPartitions = ClusterState.DEFAULT_MAX_PARTITIONS;
  long maxBufferedFrameBytes = Math.max(1, Runtime.getRuntime().maxMemory() / 8);
  String host = "127.0.0.1";
  int firstPort;
  final List<TopicSpec> topics = new ArrayList<>();
  KafkaRelease emulated;
  FakeClock clock;
  long logRetentionCheckIntervalMs = 300_000;
  final Map<Integer, String> racks = new TreeMap<>();
  boolean rackAwareReplicaSelector;
  TlsServerOptions tls;
  SaslServerOptions sasl;
  String delegationTokenSecret;
  Duration idleTimeout;
  int maxConnections;
  Set<String> superUsers;
  boolean allowEveryoneIfNoAclFound;

  /** A topic there from the start. */
  record TopicSpec(String name, int partitions, int replicationFactor) {}

  void idleTimeout(Duration timeout) {
    this.idleTimeout = Objects.requireNonNull(timeout, "idleTimeout");
  }

  void maxConnections(int connections) {
    if (connections <= 0) {
      throw new IllegalArgumentException("maxConnections must be positive: " + connections);
    }
    this.maxConnections = connections;
  }

  void tls(TlsServerOptions options) {
    this.tls = Objects.requireNonNull(options, "tls");
  }

  void sasl(SaslServerOptions options) {
    this.sasl = Objects.requireNonNull(options, "sasl");
  }

  void delegationTokens(String secretKey) {
    Objects.requireNonNull(secretKey, "secretKey");
    if (secretKey.isEmpty()) {
      throw new IllegalArgumentException("the delegation token secret key must not be empty");
    }
    this.delegationTokenSecret = secretKey;
  }

  void logRetentionCheckInterval(Duration interval) {
    if (interval.toMillis() <= 0) {
      throw new IllegalArgumentException("the retention check interval must be positive: " + interval);
    }
    this.logRetentionCheckIntervalMs = interval.toMillis();
  }

  void rack(int nodeId, String rack) {
    if (nodeId < 0) {
      throw new IllegalArgumentException("a node id is not negative: " + nodeId);
    }
    racks.put(nodeId, Objects.requireNonNull(rack, "rack"));
  }

  void clock(FakeClock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  void emulate(KafkaRelease release) {
    this.emulated = Objects.requireNonNull(release, "release");
  }

  void listen(String host, int firstPort) {
    if (firstPort < 0 || firstPort > 65535) {
      throw new IllegalArgumentException("no such port: " + firstPort);
    }
    this.host = host;
    this.firstPort = firstPort;
  }

  void brokers(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("a cluster needs at least one broker: " + count);
    }
    this.brokerCount = count;
  }

  void maxLogBytes(long bytes) {
    if (bytes == 0 || bytes < -1) {
      throw new IllegalArgumentException("maxLogBytes must be positive, or -1 for no limit: " + bytes);
    }
    this.maxLogBytes = bytes;
  }

  void maxBufferedFrameBytes(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("maxBufferedFrameBytes must be positive: " + bytes);
    }
    this.maxBufferedFrameBytes = bytes;
  }

  void maxPartitions(int partitions) {
    if (partitions <= 0) {
      throw new IllegalArgumentException("maxPartitions must be positive: " + partitions);
    }
    this.maxPartitions = partitions;
  }
}
