package io.kwire.proxy;

import io.kwire.net.internal.FrameBytes;
import io.kwire.net.internal.FrameDecoders;
import io.kwire.runtime.DecodeOptions;
import io.kwire.runtime.KwireRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * A Kafka proxy that decodes every request and response with kwire and sends the re-encoded bytes
 * on. Each client connection gets its own connection to the upstream broker; frames keep their
 * order, so pipelined requests work. Start one with {@link #start}, stop it with {@link #close}.
 *
 * <p>With {@link ProxyConfig#withBridge bridge mode} on, it is {@code kwire bridge}: old clients'
 * requests of versions a Kafka 4.x broker removed are translated (docs/bridge.md).
 *
 * <pre>{@code
 * try (KwireProxy proxy = KwireProxy.start(ProxyConfig.of(listen, broker).withCheck(true))) {
 *   // clients use proxy.localAddress() as bootstrap.servers
 *   System.out.println(proxy.stats().summary());
 * }
 * }</pre>
 */
public final class KwireProxy implements AutoCloseable {
  private final EventLoopGroup group;
  private final Channel server;
  private final Counters counters;

  private KwireProxy(EventLoopGroup group, Channel server, Counters counters) {
    this.group = group;
    this.server = server;
    this.counters = counters;
  }

  /**
   * Binds the listen address and starts accepting clients, with the codecs of
   * {@link KwireRegistry#standard()}.
   *
   * @throws IllegalStateException if the address cannot be bound
   */
  public static KwireProxy start(ProxyConfig config) {
    return start(config, KwireRegistry.standard());
  }

  /** {@link #start(ProxyConfig)} with the codecs of {@code registry}. */
  public static KwireProxy start(ProxyConfig config, KwireRegistry registry) {
    // One group (Netty's default size, twice the cores): it accepts, and serves both sides of every connection.
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(0, NioIoHandler.newFactory());
    Counters counters = new Counters();
    Recoder.Shared[] shared = new Recoder.Shared[1];
    try {
      ServerBootstrap bootstrap = new ServerBootstrap()
          .group(group)
          .channel(NioServerSocketChannel.class)
          .childOption(ChannelOption.AUTO_READ, false) // read a client only once its upstream is connected
          .childOption(ChannelOption.TCP_NODELAY, true)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              ch.pipeline().addLast(FrameDecoders.create(config.maxFrameBytes()), new ClientHandler(shared[0]));
            }
          });
      Channel server = bootstrap.bind(config.listen()).syncUninterruptibly().channel();
      InetSocketAddress bound = (InetSocketAddress) server.localAddress();
      InetSocketAddress advertised = config.advertise() != null ? config.advertise()
          : new InetSocketAddress(config.listen().getHostString(), bound.getPort());
      DecodeOptions options = DecodeOptions.STRICT.withMaxFrameSize(config.maxFrameBytes());
      shared[0] = new Recoder.Shared(registry, new ApiNames(registry), options, counters,
          new ResponseRewriter(advertised.getHostString(), advertised.getPort(), registry, config.capVersions()),
          config.log() == null ? null : new MessageLog(config.redactSecrets()), config);
      return new KwireProxy(group, server, counters);
    } catch (RuntimeException e) {
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
      throw new IllegalStateException("kwire proxy cannot listen on " + config.listen() + ": " + e, e);
    }
  }

  /** The address clients connect to (the actual port when the listen port was 0). */
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) server.localAddress();
  }

  /** The counters as they are now. */
  public ProxyStats stats() {
    return counters.snapshot();
  }

  /** Stops accepting, closes every connection and waits (up to a few seconds) for the threads to end. */
  @Override
  public void close() {
    server.close().syncUninterruptibly();
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
