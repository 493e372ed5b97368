package io.kwire.bench.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The floor of any proxy on this machine (docs/proxy.md, "Wire speed"): a byte pump between each
 * client and its own connection to {@code upstream}, with no Kafka parsing at all. Whatever a read
 * of one side gives is written to the other and flushed at the end of that read; each side stops
 * reading while the other cannot take more (the same write-buffer bounds and {@code TCP_NODELAY} as
 * kwire-net's server). Netty's NIO transport, like kwire proxy's, on its own event loop threads named
 * {@code relay-*} (so that {@link CpuShares} can tell them apart). A client's connection closes its
 * upstream one and the other way round. It rewrites no address: a client that asks the broker for
 * Metadata is told the broker's own address, so only loads without Metadata (pre-encoded frames on
 * one connection) pass through it entirely.
 */
final class BareRelay implements AutoCloseable {
  private final EventLoopGroup group;
  private final Channel listener;

  private BareRelay(EventLoopGroup group, Channel listener) {
    this.group = group;
    this.listener = listener;
  }

  /** A relay on an ephemeral loopback port to {@code upstream}, served by {@code threads} event loops (0: Netty's default, twice the cores). */
  static BareRelay start(InetSocketAddress upstream, int threads) throws InterruptedException {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("relay"),
        NioIoHandler.newFactory());
    WriteBufferWaterMark marks = new WriteBufferWaterMark(256 << 10, 1 << 20);
    ChannelFuture bound = new ServerBootstrap().group(group, group).channel(NioServerSocketChannel.class)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, marks)
        .childOption(ChannelOption.AUTO_READ, false) // until its upstream connection is there
        .childHandler(new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel client) {
            new Bootstrap().group(client.eventLoop()).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, marks)
                .handler(new Pump(client))
                .connect(upstream).addListener((ChannelFuture connected) -> {
                  if (connected.isSuccess()) {
                    client.pipeline().addLast(new Pump(connected.channel()));
                    client.config().setAutoRead(true);
                  } else {
                    client.close();
                  }
                });
          }
        })
        .bind(new InetSocketAddress("127.0.0.1", 0)).sync();
    return new BareRelay(group, bound.channel());
  }

  InetSocketAddress localAddress() {
    return (InetSocketAddress) listener.localAddress();
  }

  @Override
  public void close() {
    listener.close().syncUninterruptibly();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** One direction: what this channel reads goes to {@code peer} as it is. */
  private static final class Pump extends ChannelInboundHandlerAdapter {
    private final Channel peer;

    Pump(Channel peer) {
      this.peer = peer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object bytes) {
      peer.write(bytes, peer.voidPromise());
      if (!peer.isWritable()) {
        ctx.channel().config().setAutoRead(false); // the peer's writability turns it back on
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      peer.flush();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
      if (ctx.channel().isWritable()) {
        peer.config().setAutoRead(true);
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      peer.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }
}
