package io.kwire.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Before a proxy's upstream frame decoder: follows the frame boundaries of the bytes as they arrive,
 * and hands the frame of a request sent with {@link KwireClient#streamFrame} to its {@link FrameSink}
 * in pieces as they arrive (slices of the bytes read, nothing copied but the first 8), instead of
 * letting the decoder gather it whole; every other frame's bytes go on to the decoder unchanged. The
 * frame's size prefix is checked against the cap before anything of it is handed over.
 */
final class CutThrough extends ChannelInboundHandlerAdapter {
  /** Size prefix and correlation id: what is read before a frame's way is chosen. */
  private static final int HEAD = 8;

  private final ResponseMatcher matcher;
  private final int maxFrameSize;
  private final ByteBuf head = Unpooled.buffer(HEAD, HEAD);
  /** The bytes of the current frame after its head still to come; 0 between frames. */
  private long remaining;
  /** The request whose frame streams now; null while a frame goes to the decoder. */
  private ResponseMatcher.Pending<?> streaming;
  private int streamingSize;
  /** A size prefix the decoder will refuse: everything from there on is its to fail. */
  private boolean givenUp;

  CutThrough(ResponseMatcher matcher, int maxFrameSize) {
    this.matcher = matcher;
    this.maxFrameSize = maxFrameSize;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (givenUp) {
      ctx.fireChannelRead(msg);
      return;
    }
    ByteBuf in = (ByteBuf) msg;
    try {
      while (in.isReadable() && !givenUp) {
        if (remaining == 0 && !readHead(ctx, in)) {
          continue;
        }
        int n = (int) Math.min(remaining, in.readableBytes());
        if (n == 0) {
          continue;
        }
        ByteBuf piece = in.readRetainedSlice(n);
        remaining -= n;
        if (streaming == null) {
          ctx.fireChannelRead(piece);
        } else {
          toSink(piece);
        }
      }
      if (givenUp && in.isReadable()) {
        ctx.fireChannelRead(in.retain());
      }
    } finally {
      in.release();
    }
  }

  /**
   * Reads the head of the next frame from {@code in}; once whole, chooses the frame's way and hands
   * the head on; whether the frame's body is to follow now (false: more head bytes needed, or the
   * frame had no body).
   */
  private boolean readHead(ChannelHandlerContext ctx, ByteBuf in) {
    int need = head.readableBytes() < 4 ? 4 - head.readableBytes() : headSize() - head.readableBytes();
    head.writeBytes(in, Math.min(need, in.readableBytes()));
    if (head.readableBytes() < 4 || head.readableBytes() < headSize()) {
      return false;
    }
    int size = head.getInt(0);
    if (size < 4 || size > maxFrameSize) { // too short for a header, negative, or over the cap: the decoder says
      givenUp = true;
      ctx.fireChannelRead(head.copy());
      head.clear();
      return false;
    }
    ResponseMatcher.Pending<?> pending = matcher.streamingHead(head.getInt(4));
    ByteBuf first = head.copy();
    head.clear();
    remaining = size - (HEAD - 4);
    if (pending == null) {
      ctx.fireChannelRead(first);
    } else {
      streaming = pending;
      streamingSize = 4 + size;
      toSink(first);
    }
    return true;
  }

  /** How much of the head is read before the frame's way is chosen (a frame shorter than 4 bytes has less). */
  private int headSize() {
    int size = head.getInt(0);
    return size < 4 ? 4 : HEAD;
  }

  private void toSink(ByteBuf piece) {
    ResponseMatcher.Pending<?> pending = streaming;
    if (pending.future.isDone()) {
      piece.release(); // failed meanwhile (timed out): the rest of its frame is read and dropped
    } else {
      pending.sink.piece(piece);
    }
    if (remaining == 0) {
      streaming = null;
      if (!pending.future.isDone()) {
        pending.sink.end();
      }
      matcher.streamEnded(pending, streamingSize);
    }
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    head.release();
  }
}
