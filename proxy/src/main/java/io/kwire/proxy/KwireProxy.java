package io.kwire.proxy;

import io.kwire.net.FrameBytes;
import io.kwire.net.FrameDecoders;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.wire.DecodeOptions;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.NetUtil;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
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
  /** Null when there is no log. */
  private final MessageLog log;

  private KwireProxy(EventLoopGroup group, Channel server, Counters counters, MessageLog log) {
    this.group = group;
    this.server = server;
    this.counters = counters;
    this.log = log;
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
    // The socket is bound first, so that the advertised port (the bound one when listening on port 0)
    // is known; it accepts nobody until Netty registers it, with an initializer holding only final,
    // fully built state: no client can see the proxy half made.
    Counters counters = new Counters();
    MessageLog log = MessageLog.open(config, counters); // a log file that cannot be written says so, first
    ServerSocketChannel socket;
    Recoder.Shared shared;
    try {
      socket = bind(config.listen());
    } catch (RuntimeException e) {
      closeQuietly(log);
      throw e;
    }
    try {
      shared = shared(config, registry, counters, log, (InetSocketAddress) socket.getLocalAddress());
    } catch (IOException | RuntimeException e) {
      closeQuietly(socket);
      closeQuietly(log);
      throw cannotListen(config.listen(), e);
    }
    // One group (Netty's default size, twice the cores): it accepts, and serves both sides of every connection.
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(0, NioIoHandler.newFactory());
    try {
      Channel server = new ServerBootstrap()
          .group(group)
          .channelFactory(() -> new NioServerSocketChannel(socket))
          .childOption(ChannelOption.AUTO_READ, false) // read a client only once its upstream is connected
          .childOption(ChannelOption.TCP_NODELAY, true)
          .childHandler(new ClientInitializer(config.maxFrameBytes(), shared))
          .register().syncUninterruptibly().channel();
      return new KwireProxy(group, server, counters, log);
    } catch (RuntimeException e) {
      closeQuietly(socket);
      closeQuietly(log);
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
      throw cannotListen(config.listen(), e);
    }
  }

  private static IllegalStateException cannotListen(InetSocketAddress at, Exception e) {
    return new IllegalStateException("cannot listen on " + at.getHostString() + ":" + at.getPort() + ": "
        + (e.getMessage() == null ? e.toString() : e.getMessage()), e);
  }

  private static ServerSocketChannel bind(InetSocketAddress listen) {
    ServerSocketChannel socket = null;
    try {
      socket = ServerSocketChannel.open();
      socket.bind(listen, NetUtil.SOMAXCONN);
      return socket;
    } catch (IOException e) {
      if (socket != null) {
        closeQuietly(socket);
      }
      throw cannotListen(listen, e);
    }
  }

  private static Recoder.Shared shared(ProxyConfig config, KwireRegistry registry, Counters counters, MessageLog log,
      InetSocketAddress bound) {
    InetSocketAddress advertised = config.advertise() != null ? config.advertise()
        : new InetSocketAddress(config.listen().getHostString(), bound.getPort());
    DecodeOptions options = DecodeOptions.STRICT.withMaxFrameSize(config.maxFrameBytes());
    return new Recoder.Shared(registry, new ApiNames(registry), options, counters,
        new ResponseRewriter(advertised.getHostString(), advertised.getPort(), registry, config.capVersions()),
        log, config);
  }

  private static void closeQuietly(MessageLog log) {
    if (log != null) {
      log.close();
    }
  }

  private static void closeQuietly(ServerSocketChannel socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // nothing was served on it; the error that made us close it is the one reported
    }
  }

  /** A client connection's pipeline, from state that is complete before the first client is accepted. */
  private static final class ClientInitializer extends ChannelInitializer<SocketChannel> {
    private final int maxFrameBytes;
    private final Recoder.Shared shared;

    ClientInitializer(int maxFrameBytes, Recoder.Shared shared) {
      this.maxFrameBytes = maxFrameBytes;
      this.shared = shared;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
      ch.pipeline().addLast(FrameDecoders.create(maxFrameBytes), new ClientHandler(shared));
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
    if (log != null) {
      log.close(); // after the event loops: every line they queued is written
    }
  }
}
