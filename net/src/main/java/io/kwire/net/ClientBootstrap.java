package io.kwire.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Opens a {@link KwireClient}'s connection: its event loop (its own thread, or a lent group), the
 * pipeline ({@code tls}, {@code paired} and {@code cut-through} for a proxy's upstream, {@code frames},
 * {@code responses}),
 * then ApiVersions and the authenticator before the client is handed out.
 *
 * @param paired the server connection a proxy's upstream is paired with; null otherwise
 * @param eventLoop a lent group; null for a thread of the client's own
 */
record ClientBootstrap(ClientSettings settings, Duration connectTimeout, int maxFrameSize, SslContext sslContext,
    ClientAuthenticator authenticator, EventLoopGroup eventLoop, ServerConnection paired, boolean rawFrames) {

  CompletableFuture<KwireClient> connect(InetSocketAddress address) {
    EventLoopGroup owned = eventLoop == null ? new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory()) : null;
    ResponseMatcher matcher = new ResponseMatcher(settings.options());
    if (paired != null) {
      matcher.pairedUpstream();
    }
    CompletableFuture<KwireClient> connected = new CompletableFuture<>();
    bootstrap(owned != null ? owned : eventLoop, matcher, address).connect(address)
        .addListener((ChannelFutureListener) f -> {
          if (!f.isSuccess()) {
            if (owned != null) {
              owned.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            }
            connected.completeExceptionally(ConnectFailures.of(address, f.cause()));
            return;
          }
          KwireClient client = new KwireClient(owned, new ClientChannel(f.channel(), matcher, settings), settings);
          if (rawFrames && authenticator == null) {
            connected.complete(client);
            return;
          }
          // A raw client with an authenticator (a proxy holding its own credentials) negotiates and
          // authenticates as any client, then is handed out to forward its clients' frames.
          client.negotiateVersions()
              .thenCompose(agreed -> authenticator == null ? CompletableFuture.completedFuture(null)
                  : authenticator.authenticate(client))
              .whenComplete((ignored, failure) -> {
                if (failure == null) {
                  connected.complete(client);
                } else {
                  client.close();
                  connected.completeExceptionally(failure);
                }
              });
        });
    return connected;
  }

  private Bootstrap bootstrap(EventLoopGroup group, ResponseMatcher matcher, InetSocketAddress address) {
    return new Bootstrap()
        .group(group)
        .channel(NioSocketChannel.class)
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) connectTimeout.toMillis())
        // paired: the server's watermarks, so that both sides of a proxy pause at the same fill
        .option(ChannelOption.WRITE_BUFFER_WATER_MARK, paired != null ? new WriteBufferWaterMark(256 << 10, 1 << 20)
            : WriteBufferWaterMark.DEFAULT)
        .handler(new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            if (sslContext != null) {
              ch.pipeline().addLast("tls", sslContext.newHandler(ch.alloc(), address.getHostString(), address.getPort()));
            }
            if (paired != null) {
              ch.pipeline().addLast("paired", new PairedUpstream(paired.responses()));
              ch.pipeline().addLast("cut-through", new CutThrough(matcher, maxFrameSize));
            }
            ch.pipeline().addLast("frames", FrameDecoders.create(maxFrameSize));
            ch.pipeline().addLast("responses", matcher);
          }
        });
  }
}
