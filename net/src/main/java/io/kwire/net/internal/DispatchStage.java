package io.kwire.net.internal;

import io.kwire.runtime.KwireProtocolException;
import io.kwire.runtime.RawRequestFrame;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;

/**
 * Hands each request to the handler of its API. What Kafka's broker cannot parse it closes the
 * connection on (SocketServer: an unknown api key, a version it does not enable, a body that does
 * not decode); so does this stage, after answering the requests before it.
 */
@ChannelHandler.Sharable
public final class DispatchStage extends SimpleChannelInboundHandler<InboundRequest> {
  private final ServerSettings settings;

  public DispatchStage(ServerSettings settings) {
    super(false);
    this.settings = settings;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, InboundRequest in) {
    RawRequestFrame raw = in.raw();
    Route<?, ?> route = settings.route(raw.apiKey());
    if (route == null) {
      in.slot().close("request of unknown api key " + raw.apiKey() + " (version " + raw.apiVersion()
          + ", correlation id " + raw.correlationId() + ")");
      return;
    }
    if (!route.versions().contains(raw.apiVersion())) {
      in.slot().close(route.name() + " v" + raw.apiVersion() + " is not supported (versions "
          + route.versions() + ", correlation id " + raw.correlationId() + ")");
      return;
    }
    try {
      route.dispatch(in, ServerConnection.of(ctx.channel()), settings);
    } catch (KwireProtocolException e) {
      in.slot().close(route.name() + " v" + raw.apiVersion() + " request does not decode: " + e.getMessage());
    }
  }

  /** The last stage: whatever a stage or handler threw past its own handling ends the connection, never a hang. */
  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ServerEvents.warn(ctx.channel(), "request processing failed; closing the connection", cause);
    ServerConnection connection = ServerConnection.of(ctx.channel());
    if (connection != null) {
      connection.responses().abandon();
    }
    ctx.close();
  }
}
