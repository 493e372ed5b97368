package io.kwire.net;

import io.netty.buffer.ByteBuf;

/**
 * Where a response frame goes in pieces as they arrive (cut-through forwarding, a proxy's): the
 * frame's bytes in order, its 4-byte size prefix first, then its end. Called on the connection's
 * event loop.
 */
public interface FrameSink {
  /** The next bytes of the frame; the sink owns {@code piece} and releases it (or hands it on). */
  void piece(ByteBuf piece);

  /** The frame's last byte has been handed over. */
  void end();
}
