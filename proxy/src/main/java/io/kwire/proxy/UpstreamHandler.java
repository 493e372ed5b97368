package io.kwire.proxy;

import io.kwire.net.FrameBytes;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.util.ArrayList;
import java.util.List;

/** The upstream side of one client connection: each response frame goes back re-encoded, in order. */
final class UpstreamHandler extends ChannelInboundHandlerAdapter {
  private final Channel client;
  private final Recoder recoder;
  /** Bridge mode only, else null. */
  private final BridgeSession bridge;
  private final Recoder.Shared shared;

  UpstreamHandler(Channel client, Recoder recoder, BridgeSession bridge, Recoder.Shared shared) {
    this.client = client;
    this.recoder = recoder;
    this.bridge = bridge;
    this.shared = shared;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    byte[] bytes = FrameBytes.take(msg);
    if (bridge == null) {
      client.write(Unpooled.wrappedBuffer(recoder.response(bytes)));
    } else if (!bridge.started()) {
      bridge.start(bytes); // the broker's ApiVersions: now the client may be read
      client.config().setAutoRead(true);
    } else {
      List<byte[]> toClient = new ArrayList<>(1);
      List<byte[]> toUpstream = new ArrayList<>(0);
      bridge.response(bytes, toClient, toUpstream);
      for (byte[] answer : toClient) {
        client.write(Unpooled.wrappedBuffer(answer));
      }
      for (byte[] request : toUpstream) {
        ctx.writeAndFlush(Unpooled.wrappedBuffer(request));
      }
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    client.flush();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    client.config().setAutoRead(ctx.channel().isWritable() && (bridge == null || bridge.started()));
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
    FatalErrors.report(shared.config(), cause);
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
