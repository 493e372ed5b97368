package io.kwire.capture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The connections followed, by their two ends, least recently active first: beyond
 * {@link CaptureLimits#maxConnections} the least recently active one is finished and forgotten; one
 * silent for {@link CaptureLimits#idleNanos} of capture time too, and one closed by FIN or RST at once.
 */
final class ConnectionTable {
  private static final int SWEEP_EVERY = 4096;

  private final CaptureContext context;
  private final LinkedHashMap<Key, Connection> connections = new LinkedHashMap<>(16, 0.75f, true);
  private long packets;
  private long followed;

  /** The two ends, smaller first, so that both directions find the same connection. */
  private record Key(Endpoint low, Endpoint high) {
    static Key of(Endpoint a, Endpoint b) {
      int order = Arrays.compareUnsigned(a.address().getAddress(), b.address().getAddress());
      return order < 0 || (order == 0 && a.port() <= b.port()) ? new Key(a, b) : new Key(b, a);
    }
  }

  ConnectionTable(CaptureContext context) {
    this.context = context;
  }

  long followed() {
    return followed;
  }

  int size() {
    return connections.size();
  }

  void accept(TcpSegment segment) {
    if (++packets % SWEEP_EVERY == 0) {
      sweepIdle(segment.packet().timeNanos());
    }
    if (context.byPort() && !context.brokerPorts.contains(segment.source().port())
        && !context.brokerPorts.contains(segment.destination().port())) {
      return;
    }
    Key key = Key.of(segment.source(), segment.destination());
    Connection connection = connections.get(key);
    if (connection == null) {
      boolean opens = segment.has(TcpSegment.SYN) && !segment.has(TcpSegment.ACK);
      if (!opens && segment.payloadLength() == 0) {
        return; // an ACK, FIN or RST of a connection not followed: nothing to start from
      }
      if (connections.size() >= context.limits.maxConnections()) {
        evictOldest(segment.packet());
      }
      connection = new Connection(context, segment);
      connections.put(key, connection);
      followed++;
    }
    connection.accept(segment);
    if (connection.closed()) {
      connections.remove(key);
      connection.finish("the connection was closed");
    }
  }

  private void evictOldest(Packet packet) {
    Iterator<Map.Entry<Key, Connection>> oldest = connections.entrySet().iterator();
    Map.Entry<Key, Connection> entry = oldest.next();
    oldest.remove();
    context.issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "more than " + context.limits.maxConnections()
        + " connections at once: the least recently active one is no longer followed", packet.fileOffset(),
        packet.number(), entry.getKey().low() + " <-> " + entry.getKey().high()));
    entry.getValue().finish("no longer followed: too many connections");
  }

  private void sweepIdle(long now) {
    List<Connection> idle = new ArrayList<>();
    Iterator<Connection> all = connections.values().iterator();
    while (all.hasNext()) {
      Connection connection = all.next();
      if (now - connection.lastSeenNanos() < context.limits.idleNanos()) {
        break; // access order: the rest were active more recently
      }
      all.remove();
      idle.add(connection);
    }
    idle.forEach(connection -> connection.finish("idle for longer than the idle limit"));
  }

  /** The end of the capture: every connection is finished. */
  void finishAll() {
    List<Connection> all = new ArrayList<>(connections.values());
    connections.clear();
    all.forEach(connection -> connection.finish("the capture ended first"));
  }
}
