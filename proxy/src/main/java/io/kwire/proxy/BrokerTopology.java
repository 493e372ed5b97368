package io.kwire.proxy;

import io.kwire.net.KwireServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The brokers of the upstream cluster as the responses passing through name them, each served on a
 * port of its own. A node id seen for the first time gets its listener at once (before the response
 * naming it goes on to the client); a node whose address changes keeps its port, and its new
 * connections go to the new address. Nodes are never forgotten: a broker missing from one Metadata
 * response (restarting, fenced) is usually back in the next, and its clients must find its port again.
 * {@link #of} and {@link #learn} are called from every event loop.
 */
final class BrokerTopology implements AdvertisedAddresses, AutoCloseable {
  /** Opens a broker's listener on {@code socket}, its sessions connecting to {@code node}'s address. */
  interface Listeners {
    KwireServer serve(ServerSocketChannel socket, Node node);
  }

  /** One broker: its real address (changing as the cluster does) and the proxy's port for it. */
  static final class Node {
    final int id;
    private volatile InetSocketAddress upstream;
    private volatile KwireServer server;
    private final AtomicLong connections = new AtomicLong();

    Node(int id, InetSocketAddress upstream) {
      this.id = id;
      this.upstream = upstream;
    }

    /** Where a new connection to this broker's port goes: the broker's address now. */
    List<InetSocketAddress> upstreams() {
      connections.incrementAndGet();
      return List.of(upstream);
    }
  }

  private final String listenHost;
  private final int bootstrapPort;
  private final String advertisedHost;
  private final Address bootstrap;
  private final NodePorts ports;
  private final Consumer<String> events;
  private final Map<Integer, Node> nodes = new ConcurrentHashMap<>();
  private volatile Listeners listeners;
  /** The node id the consecutive scheme counts from: the lowest of the first Metadata or DescribeCluster. */
  private Integer lowest;
  private boolean closed;

  /**
   * @param listen the bootstrap's address as asked (its port drives the consecutive scheme)
   * @param advertisedHost the host written for every broker
   * @param bootstrap the bootstrap's advertised address, told for nodes without a port of their own
   */
  BrokerTopology(InetSocketAddress listen, String advertisedHost, Address bootstrap, NodePorts ports,
      Consumer<String> events) {
    this.listenHost = listen.getHostString();
    this.bootstrapPort = listen.getPort();
    this.advertisedHost = advertisedHost;
    this.bootstrap = bootstrap;
    this.ports = ports;
    this.events = events;
  }

  /** What opens the brokers' listeners; set once, before any client is accepted. */
  void serveWith(Listeners opener) {
    this.listeners = opener;
  }

  @Override
  public Address of(int nodeId) {
    Node node = nodes.get(nodeId);
    KwireServer server = node == null ? null : node.server;
    return server == null ? bootstrap : new Address(advertisedHost, server.localAddress().getPort());
  }

  @Override
  public synchronized void learn(List<Seen> brokers, boolean wholeCluster) {
    if (closed) {
      return;
    }
    if (lowest == null && countsFromLowest()) {
      if (!wholeCluster) {
        return; // a coordinator alone is not the lowest node id: it waits for the next Metadata (told the bootstrap)
      }
      lowest = brokers.stream().mapToInt(Seen::nodeId).filter(id -> id >= 0).min().orElse(0);
    }
    for (Seen seen : brokers) {
      if (seen.nodeId() < 0 || seen.host() == null || seen.host().isEmpty()) {
        continue;
      }
      InetSocketAddress address = InetSocketAddress.createUnresolved(seen.host(), seen.port());
      Node node = nodes.get(seen.nodeId());
      if (node == null) {
        node = new Node(seen.nodeId(), address);
        node.server = open(node);
        nodes.put(node.id, node);
      } else if (!sameAddress(node.upstream, address)) {
        event("node " + node.id + " moved from " + ProxySession.name(node.upstream) + " to "
            + ProxySession.name(address) + "; its new connections go there");
        node.upstream = address;
      }
    }
  }

  /** Whether ports depend on the lowest node id (the consecutive scheme, from a fixed bootstrap port). */
  private boolean countsFromLowest() {
    return ports.isConsecutive() && bootstrapPort != 0;
  }

  private static boolean sameAddress(InetSocketAddress a, InetSocketAddress b) {
    return a.getHostString().equals(b.getHostString()) && a.getPort() == b.getPort();
  }

  /** The node's listener, or null (said in an event) when it has no port or the port cannot be bound. */
  private KwireServer open(Node node) {
    OptionalInt port = ports.portOf(node.id, bootstrapPort, lowest == null ? 0 : lowest);
    if (port.isEmpty()) {
      event("node " + node.id + " (" + ProxySession.name(node.upstream) + ") has no port of its own ("
          + (ports.isConsecutive() ? "below the lowest node id " + lowest + " or past 65535" : "not in --node-ports")
          + "); clients are told the bootstrap address for it");
      return null;
    }
    InetSocketAddress at = new InetSocketAddress(listenHost, port.getAsInt());
    ServerSocketChannel socket = null;
    try {
      socket = ListenSockets.bind(at);
      KwireServer server = listeners.serve(socket, node);
      event("node " + node.id + " (" + ProxySession.name(node.upstream) + ") served on "
          + ProxySession.name(server.localAddress()));
      return server;
    } catch (IOException | RuntimeException e) {
      ListenSockets.closeQuietly(socket);
      event("node " + node.id + " (" + ProxySession.name(node.upstream) + "): cannot listen on "
          + ProxySession.name(at) + " (" + e.getMessage() + "); clients are told the bootstrap address for it");
      return null;
    }
  }

  /** The brokers learnt so far, by node id. */
  List<ProxyBroker> brokers() {
    List<ProxyBroker> out = new ArrayList<>();
    for (Node node : nodes.values()) {
      KwireServer server = node.server;
      out.add(new ProxyBroker(node.id, server == null ? null : server.localAddress(), node.upstream,
          node.connections.get()));
    }
    out.sort(Comparator.comparingInt(ProxyBroker::nodeId));
    return out;
  }

  private void event(String text) {
    events.accept("kwire proxy: " + text);
  }

  /** Closes every broker's listener (their connections answer what they have read first). */
  @Override
  public void close() {
    List<KwireServer> servers = new ArrayList<>();
    synchronized (this) {
      closed = true;
      for (Node node : nodes.values()) {
        if (node.server != null) {
          servers.add(node.server);
        }
      }
    }
    servers.parallelStream().forEach(KwireServer::close);
  }
}
