package io.kwire.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;

/** The upstream side of one client connection: each response frame goes back re-encoded, in order. */
final class UpstreamHandler extends ChannelInboundHandlerAdapter {
  private final Channel client;
  private final Recoder recoder;
  private final Recoder.Shared shared;

  UpstreamHandler(Channel client, Recoder recoder, Recoder.Shared shared) {
    this.client = client;
    this.recoder = recoder;
    this.shared = shared;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf frame = (ByteBuf) msg;
    byte[] bytes;
    try {
      bytes = ByteBufUtil.getBytes(frame);
    } finally {
      frame.release();
    }
    client.write(Unpooled.wrappedBuffer(recoder.response(bytes)));
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    client.flush();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    client.config().setAutoRead(ctx.channel().isWritable());
  }

  /** The broker went away: the client gets every whole response already read, then its connection closes. */
  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (client.isActive()) {
      shared.counters().upstreamFailures.increment();
      ClientHandler.closeAfterFlush(client);
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof TooLongFrameException || cause instanceof CorruptedFrameException) {
      shared.counters().refusedFrames.increment();
      event("response frame refused, closing the connection: " + cause.getMessage());
    } else {
      event("upstream connection failed, closing it: " + cause);
    }
    ctx.close();
  }

  private void event(String text) {
    shared.config().events().accept("kwire proxy: " + ClientHandler.name(client.remoteAddress()) + ": " + text);
  }
}
