package io.kwire.net;

import io.kwire.runtime.RawRequestFrame;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.function.Function;

/**
 * The last stage of a server that serves frames undecoded: opens the connection's {@link RawSession}
 * when it becomes active and hands it every request with its slot in the response order.
 */
final class RawStage extends SimpleChannelInboundHandler<InboundRequest> {
  private final ServerConnection connection;
  private final Function<Connection, RawSession> sessions;
  private RawSession session;

  public RawStage(ServerConnection connection, Function<Connection, RawSession> sessions) {
    super(false);
    this.connection = connection;
    this.sessions = sessions;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    session = sessions.apply(connection);
    ctx.fireChannelActive();
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, InboundRequest in) {
    RawRequestFrame raw = in.raw();
    ResponseQueue.Slot slot = in.slot();
    session.handle(new RawRequest(raw.apiKey(), raw.apiVersion(), raw.correlationId(),
        RequestHeaders.peekClientId(raw), raw.frame()), new RawResponse() {
          @Override
          public void send(byte[] frame) {
            slot.respond(frame);
          }

          @Override
          public void none() {
            slot.nothing();
          }

          @Override
          public void close(String reason) {
            slot.close(reason);
          }

          @Override
          public void closeWithoutLog() {
            slot.closeWithoutLog();
          }

          @Override
          public ResponseStream stream() {
            return slot.stream();
          }
        });
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
    if (event instanceof RequestSequencer.FrameRefused refused && session != null) {
      if (session.logsRefusals()) {
        refused.said();
      }
      session.refused(refused.reason());
    }
    ctx.fireUserEventTriggered(event);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (session != null) {
      session.closed();
    }
    ctx.fireChannelInactive();
  }

  /** What a session threw ends the connection, as in {@link DispatchStage}. */
  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ServerEvents.warn(ctx.channel(), "request processing failed; closing the connection", cause);
    connection.responses().abandon();
    ctx.close();
  }
}
