package io.kwire.fake;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.net.KwireServer;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * The brokers' processes, as a test stops, starts, adds and removes them: their servers, and the
 * cluster told of each change. Its methods are synchronized: the two maps change together.
 */
final class BrokerLifecycle {
  private final ClusterState state;
  private final ClusterCalls calls;
  /** The running brokers' servers, by node id. */
  private final Map<Integer, KwireServer> servers;
  /** Every registered broker, running or stopped, by node id. */
  private final Map<Integer, FakeBroker> brokers;
  /** Starts broker n's server on an address (its port 0 for a free one). */
  private final BiFunction<Integer, InetSocketAddress, KwireServer> serverFactory;
  private final String host;
  private final int firstPort;
  /** An added broker's node id: never one used before, a removed broker's included. */
  private int nextNodeId;

  BrokerLifecycle(ClusterState state, ClusterCalls calls, Map<Integer, KwireServer> servers,
      Map<Integer, FakeBroker> brokers, BiFunction<Integer, InetSocketAddress, KwireServer> serverFactory,
      String host, int firstPort) {
    this.state = state;
    this.calls = calls;
    this.servers = servers;
    this.brokers = brokers;
    this.serverFactory = serverFactory;
    this.host = host;
    this.firstPort = firstPort;
    this.nextNodeId = brokers.size();
  }

  synchronized String bootstrapServers() {
    return brokers.values().stream().filter(b -> servers.containsKey(b.nodeId())).map(FakeBroker::address)
        .collect(Collectors.joining(","));
  }

  synchronized List<FakeBroker> brokers() {
    return List.copyOf(brokers.values());
  }

  synchronized boolean isRunning(int nodeId) {
    return servers.containsKey(nodeId);
  }

  synchronized void stop(int nodeId) {
    KwireServer server = servers.remove(nodeId);
    if (server == null) {
      throw new IllegalArgumentException("broker " + nodeId + " is not running");
    }
    // the cluster moves on first, so that clients cut off find the new leaders at once
    calls.run(() -> state.brokerStopped(nodeId, false));
    server.close();
  }

  synchronized void start(int nodeId) {
    FakeBroker broker = brokers.get(nodeId);
    if (broker == null || servers.containsKey(nodeId)) {
      throw new IllegalArgumentException("broker " + nodeId + (broker == null ? " does not exist" : " is running"));
    }
    servers.put(nodeId, listen(nodeId, broker.port()));
    registerRunning(broker);
  }

  synchronized FakeBroker add() {
    int nodeId = nextNodeId++;
    KwireServer server = listen(nodeId, firstPort == 0 ? 0 : firstPort + nodeId);
    FakeBroker broker = new FakeBroker(nodeId, host, server.localAddress().getPort());
    servers.put(nodeId, server);
    brokers.put(nodeId, broker);
    registerRunning(broker);
    return broker;
  }

  synchronized void remove(int nodeId) {
    if (!brokers.containsKey(nodeId)) {
      throw new IllegalArgumentException("broker " + nodeId + " does not exist");
    }
    KwireServer server = servers.remove(nodeId);
    calls.run(() -> state.brokerStopped(nodeId, true));
    if (server != null) {
      server.close();
    }
    brokers.remove(nodeId);
  }

  /** The bytes of partly received frames the running brokers buffer now. */
  synchronized long bufferedFrameBytes() {
    return servers.values().stream().mapToLong(KwireServer::bufferedFrameBytes).sum();
  }

  /** Closes every running broker's server; the first failure is thrown once all were tried. */
  synchronized void closeAll() {
    RuntimeException failure = null;
    for (KwireServer server : servers.values()) {
      try {
        server.close();
      } catch (RuntimeException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private void registerRunning(FakeBroker broker) {
    int nodeId = broker.nodeId();
    calls.run(() -> state.brokerStarted(new BrokerNode(nodeId, broker.host(), broker.port(), state.rackOf(nodeId))));
  }

  private KwireServer listen(int nodeId, int port) {
    try {
      return serverFactory.apply(nodeId, new InetSocketAddress(host, port));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) { // a bind failure arrives as the undeclared BindException
      throw new IllegalStateException("broker " + nodeId + " cannot listen on " + host + ":" + port + ": " + e, e);
    }
  }
}
