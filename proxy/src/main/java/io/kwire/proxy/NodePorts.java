package io.kwire.proxy;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Which port of the proxy serves which broker (node id), beside the bootstrap port. Either the
 * consecutive scheme (node id n at {@code bootstrap + 1 + n - lowest}, the lowest being the lowest
 * node id of the first Metadata or DescribeCluster response; the scheme of Kroxylicious's
 * PortPerBroker), or
 * the ports given one by one ({@code ID=PORT,...}), where a node not given gets no port of its own.
 * With the consecutive scheme, a bootstrap on port 0 gives every broker a free port of its own.
 *
 * @param explicit the ports given by node id, empty for the consecutive scheme
 */
public record NodePorts(Map<Integer, Integer> explicit) {
  public NodePorts {
    explicit = Collections.unmodifiableMap(new LinkedHashMap<>(explicit));
    Map<Integer, Integer> seen = new HashMap<>();
    explicit.forEach((id, port) -> {
      if (id < 0) {
        throw new IllegalArgumentException("node id " + id + " is negative");
      }
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("node " + id + ": port " + port + " is out of range (1-65535)");
      }
      Integer other = seen.put(port, id);
      if (other != null) {
        throw new IllegalArgumentException("nodes " + other + " and " + id + " both have port " + port);
      }
    });
  }

  /** The default: consecutive ports after the bootstrap's. */
  public static NodePorts consecutive() {
    return new NodePorts(Map.of());
  }

  /**
   * {@code ID=PORT,ID=PORT...} as {@code --node-ports} takes it.
   *
   * @throws IllegalArgumentException naming what is wrong, for anything else (or the same id twice)
   */
  public static NodePorts parse(String text) {
    Map<Integer, Integer> ports = new LinkedHashMap<>();
    if (text.isBlank()) {
      throw new IllegalArgumentException("--node-ports takes ID=PORT,..., not an empty list");
    }
    for (String pair : text.split(",", -1)) {
      int eq = pair.indexOf('=');
      if (eq <= 0 || eq == pair.length() - 1) {
        throw new IllegalArgumentException("--node-ports takes ID=PORT,..., and '" + pair + "' is not ID=PORT");
      }
      int id = number(pair.substring(0, eq).trim(), "a node id", pair);
      int port = number(pair.substring(eq + 1).trim(), "a port", pair);
      if (ports.put(id, port) != null) {
        throw new IllegalArgumentException("--node-ports gives node " + id + " twice");
      }
    }
    return new NodePorts(ports);
  }

  private static int number(String text, String what, String pair) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--node-ports: '" + text + "' in '" + pair + "' is not " + what);
    }
  }

  /** Whether no port is given one by one. */
  public boolean isConsecutive() {
    return explicit.isEmpty();
  }

  /** Refuses a port given for a node that is the bootstrap's too (a bootstrap on port 0 conflicts with none). */
  void checkAgainst(int bootstrapPort) {
    explicit.forEach((id, port) -> {
      if (port == bootstrapPort) {
        throw new IllegalArgumentException("node " + id + "'s port " + port + " is the bootstrap's (--listen)");
      }
    });
  }

  /**
   * The port to bind for {@code nodeId}: 0 (any free one) for the consecutive scheme when the
   * bootstrap is on port 0; empty
   * when the node has none (not given, or past 65535, or below {@code lowest}).
   *
   * @param bootstrapPort the port asked for the bootstrap (not the one bound)
   * @param lowest the node id the consecutive scheme counts from
   */
  OptionalInt portOf(int nodeId, int bootstrapPort, int lowest) {
    if (!isConsecutive()) {
      Integer port = explicit.get(nodeId);
      if (port == null) {
        return OptionalInt.empty();
      }
      return OptionalInt.of(port);
    }
    if (bootstrapPort == 0) {
      return OptionalInt.of(0);
    }
    long port = (long) bootstrapPort + 1 + nodeId - lowest;
    return nodeId < lowest || port > 65535 ? OptionalInt.empty() : OptionalInt.of((int) port);
  }
}
