package io.kwire.net;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Each accepted connection's pipeline, in order: {@code tls} (an SslHandler, when the server has an
 * SslContext), {@code idle}, {@code paused-reads} (reads a paused connection ahead for its end), {@code frame-budget} (when the server bounds buffered frames), {@code frames} (length-prefixed frames under the size cap),
 * {@code sequencer} (response order and back-pressure), {@code api-versions}, {@code authenticate}
 * (when the server has an authenticator), {@code dispatch}; a server serving frames undecoded has
 * {@code authenticate} (with an authenticator) and {@code raw} after the sequencer instead. A connection over the cap is closed at once.
 */
final class ServerInitializer extends ChannelInitializer<SocketChannel> {
  private final ServerSettings settings;
  private final ApiVersionsStage apiVersions;
  private final DispatchStage dispatch;
  private final ChannelGroup connections;
  private final AtomicInteger open = new AtomicInteger();

  /** Every connection accepted joins {@code connections} (which forgets it when it closes). */
  public ServerInitializer(ServerSettings settings, ChannelGroup connections) {
    this.settings = settings;
    this.connections = connections;
    this.apiVersions = new ApiVersionsStage(settings);
    this.dispatch = new DispatchStage(settings);
  }

  @Override
  protected void initChannel(SocketChannel ch) {
    connections.add(ch);
    if (open.incrementAndGet() > settings.maxConnections()) {
      open.decrementAndGet();
      ServerEvents.warn(ch, "refused: " + settings.maxConnections() + " connections are open already");
      ch.close();
      return;
    }
    ch.closeFuture().addListener(f -> open.decrementAndGet());
    ServerConnection connection = new ServerConnection(ch, settings.maxInFlight());
    ChannelPipeline p = ch.pipeline();
    if (settings.sslContext() != null) {
      p.addLast("tls", settings.sslContext().newHandler(ch.alloc()));
    }
    p.addLast("idle", new IdleStateHandler(0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS));
    PausedReads pausedReads = new PausedReads();
    p.addLast("paused-reads", pausedReads);
    connection.responses().watchWith(pausedReads);
    if (settings.frameBudget() != null) {
      p.addLast("frame-budget", new FrameBudgetStage(settings.frameBudget(), settings.options().maxFrameSize()));
    }
    p.addLast("frames", settings.authenticator() == null ? FrameDecoders.create(settings.options().maxFrameSize())
        : FrameDecoders.create(settings.options().maxFrameSize(),
            settings.authenticator().maxReceiveSizeBeforeAuthentication(), () -> !connection.isAuthenticated()));
    p.addLast("sequencer", new RequestSequencer(connection, settings.options()));
    if (settings.rawSessions() != null) {
      if (settings.authenticator() != null) { // a proxy authenticating its clients itself
        p.addLast("authenticate", new AuthenticationStage(connection, settings.authenticator()));
      }
      p.addLast("raw", new RawStage(connection, settings.rawSessions()));
      return;
    }
    p.addLast("api-versions", apiVersions);
    if (settings.authenticator() != null) {
      p.addLast("authenticate", new AuthenticationStage(connection, settings.authenticator()));
    }
    p.addLast("dispatch", dispatch);
  }
}
