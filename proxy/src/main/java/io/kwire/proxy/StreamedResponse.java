package io.kwire.proxy;

import io.kwire.net.FrameSink;
import io.kwire.net.RawResponse;
import io.kwire.net.ResponseStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;

/**
 * A response the proxy forwards while it arrives (cut-through): each piece read from the broker
 * goes to the client's {@link ResponseStream} as it is (no copy), once the responses before it are
 * written. With a {@link Tail} (Fetch v16+, whose node endpoints at the end may need the proxy's
 * addresses) the last {@link #TAIL_HELD} bytes wait until the frame is whole, and the pieces are
 * kept (not copied) to find the tail. A place that cannot stream (a test's) gets the whole frame.
 * Confined to the connection's event loop.
 */
final class StreamedResponse implements FrameSink {
  /** How much of a Fetch response's end waits for its tail: its node endpoints must fit (600 brokers' worth). */
  static final int TAIL_HELD = 16 << 10;
  /** The bytes kept of the frame's start, for the broker error metric. */
  private static final int START = 64;

  /** The end of a frame rewritten before it is sent. */
  interface Tail {
    /**
     * The bytes from {@code from} to the end of {@code frame} to send instead, exactly as many; null
     * when they go as they came.
     *
     * @throws IllegalArgumentException if they do not read (the frame then goes as it came)
     */
    byte[] rewrite(ByteBuf frame, int from);

    /** Where the part that may change begins in the whole {@code frame}; -1 when the frame does not read. */
    int from(ByteBuf frame);
  }

  private final RawResponse response;
  private final Tail tail;
  private ResponseStream out;
  /** The frame so far, when kept: with a tail, or for a place that cannot stream. */
  private CompositeByteBuf kept;
  private long size = -1;
  private long seen;
  private long passed;
  private final byte[] start = new byte[START];
  private int startLength;
  /** Why the frame could not go on (its tail did not read or fit): the connection is closed. */
  private String failure;

  StreamedResponse(RawResponse response, Tail tail) {
    this.response = response;
    this.tail = tail;
  }

  /** Whether some of the response has come (the place is settled: a failure must {@link #abort}). */
  boolean begun() {
    return seen > 0;
  }

  /** The first bytes of the frame (up to 64), for reading its top-level error code. */
  byte[] start() {
    return startLength == START ? start : java.util.Arrays.copyOf(start, startLength);
  }

  /** Why the frame was cut off instead of completed, or null. */
  String failure() {
    return failure;
  }

  @Override
  public void piece(ByteBuf piece) {
    int n = piece.readableBytes();
    if (startLength < START) {
      int copy = Math.min(START - startLength, n);
      piece.getBytes(piece.readerIndex(), start, startLength, copy);
      startLength += copy;
    }
    if (seen == 0) {
      out = response.stream();
    }
    seen += n;
    if (out != null && tail == null) {
      out.piece(piece);
      return;
    }
    if (kept == null) {
      kept = Unpooled.compositeBuffer(Integer.MAX_VALUE);
    }
    kept.addComponent(true, piece);
    if (size < 0 && kept.readableBytes() >= 4) {
      size = 4L + kept.getInt(0);
    }
    if (out != null && size >= 0) {
      long until = Math.min(seen, size - TAIL_HELD);
      if (until > passed) {
        out.piece(kept.retainedSlice((int) passed, (int) (until - passed)));
        passed = until;
      }
    }
  }

  @Override
  public void end() {
    try {
      if (tail == null && out != null) {
        out.end();
        return;
      }
      byte[] replaced = null;
      int from = -1;
      if (tail != null) {
        from = tail.from(kept);
        try {
          replaced = from < 0 ? null : tail.rewrite(kept, from);
        } catch (IllegalArgumentException e) {
          replaced = null; // does not read: passed as it came, as a frame that does not decode is
        }
        if (replaced != null && from < passed) {
          failure = "its node endpoints (" + (kept.writerIndex() - from) + " bytes) are longer than the "
              + TAIL_HELD + " bytes held back; the response could not be rewritten";
          abort();
          return;
        }
      }
      if (out == null) { // a place that cannot stream: the whole frame
        if (replaced != null) {
          kept.setBytes(from, replaced);
        }
        response.send(ByteBufUtil.getBytes(kept));
        return;
      }
      int unchangedUntil = replaced != null ? from : kept.writerIndex();
      if (unchangedUntil > passed) {
        out.piece(kept.retainedSlice((int) passed, (int) (unchangedUntil - passed)));
      }
      if (replaced != null) {
        out.piece(Unpooled.wrappedBuffer(replaced));
      }
      passed = kept.writerIndex();
      out.end();
    } finally {
      release();
    }
  }

  /** The response will not be completed: the client is closed (now, if some of it was written). */
  void abort() {
    release();
    if (out != null) {
      out.abort();
    } else if (seen > 0) {
      response.closeWithoutLog();
    }
  }

  private void release() {
    if (kept != null) {
      kept.release();
      kept = null;
    }
  }
}
