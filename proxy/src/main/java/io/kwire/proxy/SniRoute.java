package io.kwire.proxy;

import io.kwire.net.Connection;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.IntFunction;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLSession;

/**
 * Routes by the TLS SNI host name on one listening port: {@code bootstrapHost} goes to the bootstrap
 * broker, a name matching {@code brokerPattern} (one {@value #NODE_ID} in it, e.g.
 * {@code broker-$(nodeId).proxy.example}) to that node's broker. Host names compare without case, as DNS
 * names do. A client that sent no SNI (or does not speak TLS) is refused: one port cannot tell brokers
 * apart otherwise.
 */
public final class SniRoute implements UpstreamRoute {
  /** The place of the node id in the broker pattern. */
  public static final String NODE_ID = "$(nodeId)";

  private final String bootstrapHost;
  private final String prefix;
  private final String suffix;
  private final InetSocketAddress bootstrap;
  private final IntFunction<InetSocketAddress> brokers;

  /**
   * @param brokers the broker address of a node id, or null for an unknown node
   */
  public SniRoute(String bootstrapHost, InetSocketAddress bootstrap, String brokerPattern,
      IntFunction<InetSocketAddress> brokers) {
    this.bootstrapHost = Objects.requireNonNull(bootstrapHost, "bootstrapHost").toLowerCase(Locale.ROOT);
    this.bootstrap = Objects.requireNonNull(bootstrap, "bootstrap");
    this.brokers = Objects.requireNonNull(brokers, "brokers");
    int at = brokerPattern.indexOf(NODE_ID);
    if (at < 0 || brokerPattern.indexOf(NODE_ID, at + 1) >= 0) {
      throw new IllegalArgumentException("the broker pattern needs " + NODE_ID + " exactly once: " + brokerPattern);
    }
    this.prefix = brokerPattern.substring(0, at).toLowerCase(Locale.ROOT);
    this.suffix = brokerPattern.substring(at + NODE_ID.length()).toLowerCase(Locale.ROOT);
  }

  /** {@link #SniRoute} over a fixed map of node id to broker address. */
  public static SniRoute of(String bootstrapHost, InetSocketAddress bootstrap, String brokerPattern,
      Map<Integer, InetSocketAddress> brokers) {
    Map<Integer, InetSocketAddress> copy = new TreeMap<>(brokers);
    return new SniRoute(bootstrapHost, bootstrap, brokerPattern, copy::get);
  }

  /** The host name a client reaches node {@code nodeId} by (what the proxy advertises for it). */
  public String hostOf(int nodeId) {
    return prefix + nodeId + suffix;
  }

  @Override
  public InetSocketAddress upstream(Connection connection) {
    String host = sniHost(connection.sslSession().orElse(null));
    if (host == null) {
      throw new IllegalArgumentException("the client sent no TLS SNI host name; this port routes by it");
    }
    return upstream(host);
  }

  /** The broker for SNI host name {@code host}. */
  public InetSocketAddress upstream(String host) {
    String name = host.toLowerCase(Locale.ROOT);
    if (name.equals(bootstrapHost)) {
      return bootstrap;
    }
    if (name.length() > prefix.length() + suffix.length() && name.startsWith(prefix) && name.endsWith(suffix)) {
      String id = name.substring(prefix.length(), name.length() - suffix.length());
      if (isNodeId(id)) {
        InetSocketAddress broker = brokers.apply(Integer.parseInt(id));
        if (broker != null) {
          return broker;
        }
        throw new IllegalArgumentException("SNI host name " + host + " names node " + id + ", which is not known");
      }
    }
    throw new IllegalArgumentException("SNI host name " + host + " is neither " + bootstrapHost + " nor "
        + prefix + NODE_ID + suffix);
  }

  /** Digits only, no sign, no leading zero (one spelling per node), within int. */
  private static boolean isNodeId(String id) {
    if (id.isEmpty() || id.length() > 10 || (id.length() > 1 && id.charAt(0) == '0')) {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      if (id.charAt(i) < '0' || id.charAt(i) > '9') {
        return false;
      }
    }
    return Long.parseLong(id) <= Integer.MAX_VALUE;
  }

  static String sniHost(SSLSession session) {
    if (!(session instanceof ExtendedSSLSession extended)) {
      return null;
    }
    List<SNIServerName> names = extended.getRequestedServerNames();
    for (SNIServerName name : names) {
      if (name instanceof SNIHostName host) {
        return host.getAsciiName();
      }
    }
    return null;
  }
}
