package io.kwire.proxy;

/**
 * The address a client is told for a broker, by node id. Today every node gets the proxy's one
 * advertised address (the proxy forwards to one upstream broker); a proxy with a port per broker
 * would answer each id with its own.
 */
interface AdvertisedAddresses {
  /** A host and a port to write into a response. */
  record Address(String host, int port) {}

  Address of(int nodeId);

  /** Every node id maps to {@code host:port}. */
  static AdvertisedAddresses single(String host, int port) {
    Address one = new Address(host, port);
    return nodeId -> one;
  }
}
