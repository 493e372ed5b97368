package io.kwire.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * First in a proxy's upstream client pipeline: pairs the upstream channel with its server
 * connection's {@link ResponseQueue} (same event loop) for back-pressure both ways, and tells the
 * queue when the upstream's writability changes.
 */
final class PairedUpstream extends ChannelInboundHandlerAdapter {
  private final ResponseQueue downstream;

  public PairedUpstream(ResponseQueue downstream) {
    this.downstream = downstream;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    downstream.pair(ctx.channel());
    ctx.fireChannelActive();
  }

  /** What the read gave the client (its responses, or pieces of one) leaves in one flush, read by read. */
  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ctx.fireChannelRead(msg);
    downstream.flushWritten();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    downstream.updateAutoRead();
    ctx.fireChannelWritabilityChanged();
  }
}
