package io.kwire.fake.cluster;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The requests parked now (long-poll fetches waiting for data), by the connection they came on, so
 * that a closed connection's are let go at once instead of holding their listeners and timers until
 * data or their max wait (which a client may set to weeks) comes. Confined to the cluster thread.
 */
public final class ParkedRequests {
  /** The most requests parked at once; past it a request that would wait is answered at once. */
  public static final int MAX_PARKED = 10_000;

  private final Map<Object, Set<Runnable>> byConnection = new HashMap<>();
  /** Connections whose close is watched already (once each: a watch is not removed before the close). */
  private final Set<Object> watched = new HashSet<>();
  private int count;

  /** Requests parked now. */
  public int count() {
    return count;
  }

  public boolean full() {
    return count >= MAX_PARKED;
  }

  /**
   * Parks a request of {@code connection}: {@code release} runs if the connection closes first.
   *
   * @return whether the caller must now watch the connection's close (its first parked request),
   *     calling {@link #closed} when it comes
   */
  public boolean park(Object connection, Runnable release) {
    if (byConnection.computeIfAbsent(connection, c -> new LinkedHashSet<>()).add(release)) {
      count++;
    }
    return watched.add(connection);
  }

  /** The request was answered: nothing to release. */
  public void unpark(Object connection, Runnable release) {
    Set<Runnable> parked = byConnection.get(connection);
    if (parked != null && parked.remove(release)) {
      count--;
      if (parked.isEmpty()) {
        byConnection.remove(connection);
      }
    }
  }

  /** The connection closed: its parked requests are released. */
  public void closed(Object connection) {
    watched.remove(connection);
    Set<Runnable> parked = byConnection.remove(connection);
    if (parked != null) {
      count -= parked.size();
      parked.forEach(Runnable::run);
    }
  }
}
