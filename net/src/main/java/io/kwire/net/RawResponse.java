package io.kwire.net;

/**
 * The place of one {@link RawRequest} in its connection's response order. Settle it once, on any
 * thread; later settlings are ignored. The server writes settled places in request order, under the
 * same in-flight bound and back-pressure as decoded requests.
 */
public interface RawResponse {
  /** Answers with a whole response frame (size prefix included). */
  void send(byte[] frame);

  /** Answers nothing (a Produce with {@code acks=0}): the order moves on. */
  void none();

  /** Closes the connection when this request's turn comes, after the responses before it, with a log line. */
  void close(String reason);

  /**
   * Closes the connection as {@link #close} does, but writes no log line: for a caller that has
   * already said why in its own (a proxy's event), so that each event is one line.
   */
  void closeWithoutLog();

  /**
   * Settles this place with a response written in pieces as they arrive (cut-through); null when the
   * place cannot (the default), then the caller answers with {@link #send} once it has the whole frame.
   * Call on the connection's event loop, once the first piece is there.
   */
  default ResponseStream stream() {
    return null;
  }
}
