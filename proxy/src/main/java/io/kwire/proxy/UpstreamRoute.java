package io.kwire.proxy;

import io.kwire.net.Connection;
import java.net.InetSocketAddress;

/**
 * Which broker a client connection is forwarded to: one port per broker (by the connection's local
 * address), or one port for all by the TLS SNI host name the client asked for ({@link SniRoute}).
 * Asked once per connection, on its event loop, at its first request (so after the TLS handshake).
 */
@FunctionalInterface
public interface UpstreamRoute {
  /**
   * The broker {@code connection} goes to.
   *
   * @throws IllegalArgumentException when it goes nowhere (an unknown host name, say): the connection
   *     is closed and the message is the event line's reason
   */
  InetSocketAddress upstream(Connection connection);
}
