package io.kwire.proxy;

import io.netty.util.NetUtil;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;

/**
 * The proxy's listening sockets (the bootstrap's and each broker's), bound here so that a bind
 * failure reaches the caller as an IOException before kwire-net serves the socket.
 */
final class ListenSockets {
  private ListenSockets() {}

  /** A socket bound to {@code at} with the system's backlog; closed again if the bind fails. */
  static ServerSocketChannel bind(InetSocketAddress at) throws IOException {
    ServerSocketChannel socket = ServerSocketChannel.open();
    try {
      socket.bind(at, NetUtil.SOMAXCONN);
      return socket;
    } catch (IOException | RuntimeException e) {
      closeQuietly(socket);
      throw e;
    }
  }

  /** Closes a socket nothing was served on (null: none was opened). */
  static void closeQuietly(ServerSocketChannel socket) {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException e) {
        // the error that made us close it is the one reported
      }
    }
  }
}
