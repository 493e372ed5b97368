package io.kwire.net;

/**
 * A {@link RawResponse} answered in pieces as they arrive ({@link RawResponse#stream}): the pieces
 * are written to the client as soon as the responses before this one are, without waiting for the
 * whole frame. Call on the connection's event loop.
 */
public interface ResponseStream extends FrameSink {
  /**
   * The frame will not be completed (its upstream failed): when none of it has been written, the
   * connection closes in this response's turn, after the responses before it; when some has, it
   * closes now, so that a client never reads on past half a frame. No log line: the caller says why.
   */
  void abort();
}
