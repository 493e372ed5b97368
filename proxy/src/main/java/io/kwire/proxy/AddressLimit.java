package io.kwire.proxy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client connections open per client address, across every port of the proxy, for
 * {@link ProxyConfig.Limits#maxConnectionsPerAddress}. An address leaves the map with its last
 * connection, so it holds only the addresses connected now.
 */
final class AddressLimit {
  private final ConcurrentHashMap<InetAddress, Integer> open = new ConcurrentHashMap<>();
  /** A client opening connections in a loop is said once per 10 s per address, with the count. */
  final EventThrottle refusals = new EventThrottle(Upstreams.FAILURE_LINE_INTERVAL_NANOS, System::nanoTime);

  /** Counts a connection from {@code client}; false (and not counted) when it would pass {@code max} (0: none). */
  boolean open(InetSocketAddress client, int max) {
    if (client == null || client.getAddress() == null) {
      return true;
    }
    boolean[] admitted = {true};
    open.compute(client.getAddress(), (address, n) -> {
      int now = n == null ? 0 : n;
      if (max > 0 && now >= max) {
        admitted[0] = false;
        return n;
      }
      return now + 1;
    });
    return admitted[0];
  }

  /** A connection counted by {@link #open} closed. */
  void closed(InetSocketAddress client) {
    if (client != null && client.getAddress() != null) {
      open.computeIfPresent(client.getAddress(), (address, n) -> n <= 1 ? null : n - 1);
    }
  }

  /** Connections open from {@code address} now. */
  int of(InetAddress address) {
    return open.getOrDefault(address, 0);
  }
}
