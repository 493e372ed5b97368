package io.kwire.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.util.ReferenceCountUtil;

/**
 * Before the frame decoder: follows the connection's size prefixes through the byte stream and holds
 * the bytes of the frame in progress against the server's {@link FrameBudget}. Bytes that would pass
 * the budget refuse the frame (a {@link TooLongFrameException}, which the sequencer turns into a logged
 * refusal and a close) and everything after is dropped. A size prefix the decoder refuses (negative, over
 * the frame cap) is left to it.
 */
final class FrameBudgetStage extends ChannelInboundHandlerAdapter {
  private final FrameBudget budget;
  private final int maxFrameSize;
  private int prefixBytes;
  private int prefix;
  /** Bytes of the current frame's body still to come; 0 between frames. */
  private long remaining;
  private long reserved;
  private boolean refused;
  /** The decoder refuses this frame; nothing more is followed. */
  private boolean untracked;

  FrameBudgetStage(FrameBudget budget, int maxFrameSize) {
    this.budget = budget;
    this.maxFrameSize = maxFrameSize;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (refused) {
      ReferenceCountUtil.release(msg);
      return;
    }
    if (!(msg instanceof ByteBuf buf) || untracked) {
      ctx.fireChannelRead(msg);
      return;
    }
    int at = buf.readerIndex();
    int end = buf.writerIndex();
    while (at < end && !untracked) {
      if (remaining == 0) {
        prefix = (prefix << 8) | (buf.getByte(at++) & 0xff);
        if (++prefixBytes < 4) {
          continue;
        }
        prefixBytes = 0;
        if (prefix < 0 || prefix > maxFrameSize) {
          untracked = true; // the decoder refuses it as it reads the same prefix
          break;
        }
        remaining = prefix;
        continue;
      }
      int n = (int) Math.min(remaining, end - at);
      if (!budget.reserve(n)) {
        refused = true;
        long wanted = reserved + n;
        giveBack();
        ReferenceCountUtil.release(buf);
        ctx.fireExceptionCaught(new TooLongFrameException("a partial frame of " + wanted + " of its " + prefix
            + " bytes would pass the server's budget of " + budget.max()
            + " bytes buffered across all connections"));
        return;
      }
      reserved += n;
      remaining -= n;
      at += n;
      if (remaining == 0) {
        giveBack(); // whole: the decoder hands it on now
      }
    }
    ctx.fireChannelRead(buf);
  }

  private void giveBack() {
    budget.release(reserved);
    reserved = 0;
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    giveBack();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    giveBack();
  }
}
