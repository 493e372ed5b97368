package io.kwire.proxy;

import java.util.List;

/**
 * The address a client is told for a broker, by node id. With one port every node gets the proxy's
 * one advertised address; with a port per broker ({@link BrokerTopology}) each node its own, learnt
 * from the responses that name the brokers' real addresses; with routing by SNI ({@link #sni}) each
 * node its own host name at the one port.
 */
interface AdvertisedAddresses {
  /** A host and a port to write into a response. */
  record Address(String host, int port) {}

  /** A broker's real address as a response named it. */
  record Seen(int nodeId, String host, int port) {}

  Address of(int nodeId);

  /**
   * The brokers one response names (Metadata, DescribeCluster, FindCoordinator, KIP-951's node
   * endpoints), called before it is rewritten: a node seen first gets its port here, before the
   * response reaches the client.
   *
   * @param wholeCluster whether the list is every broker (Metadata, DescribeCluster), not only some
   *     (a coordinator, a new leader)
   */
  default void learn(List<Seen> brokers, boolean wholeCluster) {}

  /** Every node id maps to {@code host:port}. */
  static AdvertisedAddresses single(String host, int port) {
    Address one = new Address(host, port);
    return nodeId -> one;
  }

  /**
   * Node n is {@code route}'s host name for it ({@code broker-n.proxy.example}) at {@code port}, the
   * one port the route serves: a client connecting to the address it is told for a leader asks for
   * that leader's name in its TLS SNI, and the route sends it to that broker.
   */
  static AdvertisedAddresses sni(SniRoute route, int port) {
    return nodeId -> new Address(route.hostOf(nodeId), port);
  }
}
