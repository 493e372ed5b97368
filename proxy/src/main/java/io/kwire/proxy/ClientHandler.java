package io.kwire.proxy;

import io.kwire.net.FrameBytes;
import io.kwire.net.FrameDecoders;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * One client connection: opens its own upstream connection, then sends each request frame on
 * re-encoded. The client is not read until the upstream is connected, and not read while the
 * upstream cannot take more (auto-read off); the upstream side does the same the other way.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {
  private final Recoder.Shared shared;
  private Recoder recoder;
  /** Bridge mode only, else null. */
  private BridgeSession bridge;
  private Channel upstream;

  ClientHandler(Recoder.Shared shared) {
    this.shared = shared;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    Channel client = ctx.channel();
    shared.counters().connections.increment();
    recoder = new Recoder(shared, name(client.remoteAddress()));
    bridge = shared.config().bridge() ? new BridgeSession(recoder, shared, name(client.remoteAddress())) : null;
    Bootstrap bootstrap = new Bootstrap()
        .group(client.eventLoop()) // both channels on one thread: the recoder needs no locking
        .channel(client.getClass())
        .option(ChannelOption.TCP_NODELAY, true)
        .handler(new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            ch.pipeline().addLast(FrameDecoders.create(shared.config().maxFrameBytes()),
                new UpstreamHandler(client, recoder, bridge, shared));
          }
        });
    bootstrap.connect(shared.config().upstream()).addListener((ChannelFutureListener) f -> {
      if (f.isSuccess() && !client.isActive()) {
        f.channel().close(); // the client left while the upstream connection was being made
      } else if (f.isSuccess() && bridge != null) {
        upstream = f.channel(); // the client is read once the broker's ApiVersions is in (UpstreamHandler)
        upstream.writeAndFlush(Unpooled.wrappedBuffer(BridgeSession.brokerApiVersionsRequest()));
      } else if (f.isSuccess()) {
        upstream = f.channel();
        client.config().setAutoRead(true);
      } else {
        shared.counters().upstreamFailures.increment();
        event(client, "upstream " + shared.config().upstream() + " refused the connection (" + f.cause()
            + "); closing the client");
        client.close();
      }
    });
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    byte[] bytes = FrameBytes.take(msg);
    if (bridge == null) {
      upstream.write(Unpooled.wrappedBuffer(recoder.request(bytes)));
      return;
    }
    List<byte[]> toClient = new ArrayList<>(1);
    byte[] out = bridge.request(bytes, toClient);
    if (out != null) {
      upstream.write(Unpooled.wrappedBuffer(out));
    }
    if (!toClient.isEmpty()) {
      for (byte[] answer : toClient) {
        ctx.write(Unpooled.wrappedBuffer(answer));
      }
      ctx.flush();
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    if (upstream != null) {
      upstream.flush();
    }
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    if (upstream != null) {
      upstream.config().setAutoRead(ctx.channel().isWritable());
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (upstream != null) {
      closeAfterFlush(upstream);
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    FatalErrors.report(shared.config(), cause);
    if (cause instanceof TooLongFrameException || cause instanceof CorruptedFrameException) {
      shared.counters().refusedFrames.increment();
      event(ctx.channel(), "request frame refused, closing the connection: " + cause.getMessage());
    } else {
      event(ctx.channel(), "client connection failed, closing it: " + cause);
    }
    ctx.close();
  }

  /** Writes out what is queued (whole frames only), then closes. */
  static void closeAfterFlush(Channel channel) {
    if (channel.isActive()) {
      channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
  }

  static String name(Object address) {
    return address instanceof InetSocketAddress a ? a.getHostString() + ":" + a.getPort() : String.valueOf(address);
  }

  private void event(Channel client, String text) {
    shared.config().events().accept("kwire proxy: " + name(client.remoteAddress()) + ": " + text);
  }
}
