package io.kwire.proxy;

import java.util.ArrayDeque;

/**
 * Keeps one connection's requests reaching the broker in the order the client sent them, when a
 * filter decides on one later than on the next (an asynchronous filter): each request takes its
 * turn on arrival, and its send runs once every turn before it has run or been given up. Used on
 * the connection's event loop only (the {@link Forwarder} brings late decisions back to it); in the
 * usual case (every filter synchronous) a turn is taken and run at once.
 */
final class UpstreamOrder {
  /** One request's place; {@code send} null until decided. */
  static final class Turn {
    private Runnable send;
  }

  private static final Runnable NOTHING = () -> { };
  private final ArrayDeque<Turn> turns = new ArrayDeque<>();

  Turn take() {
    Turn turn = new Turn();
    turns.add(turn);
    return turn;
  }

  /** Runs {@code send} in {@code turn}'s order: now, or once the turns before it are decided. */
  void run(Turn turn, Runnable send) {
    turn.send = send;
    for (Turn head; (head = turns.peek()) != null && head.send != null; ) {
      turns.poll();
      head.send.run(); // a send only writes: quick
    }
  }

  /** {@code turn} sends nothing upstream (answered by the proxy, or failed). */
  void skip(Turn turn) {
    run(turn, NOTHING);
  }
}
