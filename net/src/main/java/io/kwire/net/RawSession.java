package io.kwire.net;

/**
 * One connection of a server that serves frames undecoded ({@link KwireServer.Builder#handleRaw}): a
 * proxy's client side. Opened when the connection is accepted; every method runs on the connection's
 * event loop and must not block.
 */
public interface RawSession {
  /** Every request of the connection, ApiVersions included, in arrival order. */
  void handle(RawRequest request, RawResponse response);

  /** A frame was refused by its size prefix (negative, or above the frame cap); the connection closes. */
  default void refused(String reason) {}

  /**
   * Whether {@link #refused} says why in a log line of its own: the server then writes none (one line
   * per event). False unless overridden: the server's WARNING says it.
   */
  default boolean logsRefusals() {
    return false;
  }

  /** The connection is closed; requests not yet answered will not be written. */
  default void closed() {}
}
