package io.kwire.fake;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ClusterThread;
import io.kwire.fake.cluster.LogMaintenance;
import io.kwire.fake.cluster.SteppedClock;
import io.kwire.fake.security.SecurityState;
import io.kwire.net.KwireServer;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * What {@link FakeCluster.Builder#start()} does: the cluster's state on its thread, its security,
 * the APIs it serves ({@link ServedApis}), the brokers' servers ({@link BrokerServers}), then the
 * topics asked for.
 */
final class ClusterAssembly {
  private ClusterAssembly() {}

  static FakeCluster start(BuilderSettings b) {
    ClusterSettings defaults = ClusterSettings.DEFAULT;
    ClusterSettings settings = new ClusterSettings(b.autoCreateTopics, b.defaultPartitions,
        defaults.defaultReplicationFactor(), b.retentionBytes, defaults.groupMinSessionTimeoutMs(),
        defaults.groupMaxSessionTimeoutMs(), defaults.groupInitialRebalanceDelayMs());
    String id = b.clusterId != null ? b.clusterId : randomClusterId(new Random(b.seed));
    ClusterThread thread = new ClusterThread("kwire-fake-" + id);
    ClusterState state;
    try {
      if (b.clock == null) {
        state = new ClusterState(id, settings, thread, b.seed);
        new LogMaintenance(state).every(b.logRetentionCheckIntervalMs);
      } else {
        SteppedClock stepped = b.clock.attach(thread);
        state = new ClusterState(id, settings, stepped, thread, b.seed);
        LogMaintenance maintenance = new LogMaintenance(state);
        stepped.afterAdvance(maintenance::run);
      }
    } catch (RuntimeException e) {
      thread.close();
      throw e;
    }
    state.limitLogBytes(b.maxLogBytes);
    state.racks(b.racks);
    state.rackAwareReplicaSelector(b.rackAwareReplicaSelector);
    state.limitPartitions(b.maxPartitions);
    SecurityState security = b.superUsers == null ? new SecurityState()
        : new SecurityState(b.superUsers, b.allowEveryoneIfNoAclFound);
    if (b.sasl != null) {
      security.scramUsers().seed(b.sasl.users());
    }
    if (b.delegationTokenSecret != null) {
      security.delegationTokens().enable(b.delegationTokenSecret, state.clock(), b.sasl != null);
    }
    ServedApis apis = ServedApis.of(state, security, b.emulated, b.sasl, thread);
    Map<Integer, KwireServer> servers = new TreeMap<>();
    Map<Integer, FakeBroker> brokers = new TreeMap<>();
    // Each broker's server gets its share of the frame budget as divided at the start (an added one too).
    long frameShare = Math.max(1, b.maxBufferedFrameBytes / b.brokerCount);
    BiFunction<Integer, InetSocketAddress, KwireServer> factory = new BrokerServers(b.idleTimeout, b.maxConnections,
        b.tls, b.sasl, frameShare, security, apis, thread)::start;
    String host = b.host;
    int firstPort = b.firstPort;
    int brokerCount = b.brokerCount;
    try {
      if (firstPort > 0 && firstPort + brokerCount - 1 > 65535) {
        throw new IllegalArgumentException(brokerCount + " brokers from port " + firstPort + " pass port 65535");
      }
      for (int node = 0; node < brokerCount; node++) {
        InetSocketAddress at = new InetSocketAddress(host, firstPort == 0 ? 0 : firstPort + node);
        KwireServer server = factory.apply(node, at);
        servers.put(node, server);
        brokers.put(node, new FakeBroker(node, host, server.localAddress().getPort()));
      }
    } catch (Exception e) { // a bind failure arrives as the undeclared BindException
      servers.values().forEach(KwireServer::close);
      thread.close();
      if (e instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException("broker " + servers.size() + " cannot listen on " + host + ": " + e, e);
    }
    ClusterCalls calls = new ClusterCalls(thread);
    BrokerLifecycle lifecycle = new BrokerLifecycle(state, calls, servers, brokers, factory, host, firstPort);
    FakeCluster cluster = new FakeCluster(state, calls, lifecycle, apis.interception());
    calls.run(() -> state.brokers(brokers.values().stream().map(n -> new BrokerNode(n.nodeId(), n.host(), n.port(),
        state.rackOf(n.nodeId()))).toList()));
    try {
      for (BuilderSettings.TopicSpec t : b.topics) {
        cluster.createTopic(t.name(), t.partitions(), t.replicationFactor());
      }
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  /** A cluster id as Kafka makes them: 16 random bytes, URL-safe base64 without padding. */
  private static String randomClusterId(Random random) {
    ByteBuffer bytes = ByteBuffer.allocate(16).putLong(random.nextLong()).putLong(random.nextLong());
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
  }
}
