package io.kwire.net;

import io.netty.channel.Channel;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;

/** The server's log lines, each naming the connection (through {@link System.Logger}: no logging library). */
final class ServerEvents {
  private static final Logger LOG = System.getLogger("io.kwire.net.KwireServer");

  private ServerEvents() {}

  public static void warn(Channel channel, String text) {
    LOG.log(Level.WARNING, () -> "kwire server: " + name(channel) + ": " + text);
  }

  public static void warn(Channel channel, String text, Throwable cause) {
    LOG.log(Level.WARNING, "kwire server: " + name(channel) + ": " + text, cause);
  }

  /** A line about the server, not one connection. */
  public static void error(String text) {
    LOG.log(Level.ERROR, () -> "kwire server: " + text);
  }

  public static String localName(Channel channel) {
    return channel.localAddress() instanceof InetSocketAddress a ? a.getHostString() + ":" + a.getPort()
        : String.valueOf(channel.localAddress());
  }

  public static void debug(Channel channel, String text) {
    LOG.log(Level.DEBUG, () -> "kwire server: " + name(channel) + ": " + text);
  }

  public static String name(Channel channel) {
    return channel.remoteAddress() instanceof InetSocketAddress a ? a.getHostString() + ":" + a.getPort()
        : String.valueOf(channel.remoteAddress());
  }
}
