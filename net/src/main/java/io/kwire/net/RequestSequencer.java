package io.kwire.net;

import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.timeout.IdleStateEvent;

/**
 * Gives each whole request frame its slot in the connection's response order and passes it on as
 * an {@link InboundRequest}. It also owns the connection's life: frames refused by the length
 * decoder, the idle timeout, writability changes and the end of the channel.
 */
final class RequestSequencer extends ChannelInboundHandlerAdapter {
  /** Told to the stages after the sequencer when a frame is refused by its size prefix or header. */
  public record FrameRefused(String reason) {}

  private final ServerConnection connection;
  private final DecodeOptions options;

  public RequestSequencer(ServerConnection connection, DecodeOptions options) {
    this.connection = connection;
    this.options = options;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    byte[] frame = FrameBytes.take(msg);
    ResponseQueue responses = connection.responses();
    if (responses.closing()) {
      return; // read before the close was decided: not answered
    }
    RawRequestFrame raw;
    try {
      raw = Frames.peekRequest(frame, options);
    } catch (KwireProtocolException e) {
      refuse(ctx, "request frame refused: " + e.getMessage());
      return;
    }
    ctx.fireChannelRead(new InboundRequest(raw, responses.open()));
  }

  private void refuse(ChannelHandlerContext ctx, String reason) {
    ServerEvents.warn(ctx.channel(), reason + "; closing the connection");
    ctx.fireUserEventTriggered(new FrameRefused(reason));
    connection.responses().abandon();
    ctx.close();
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
    if (event instanceof IdleStateEvent && connection.responses().idle()) {
      ServerEvents.debug(ctx.channel(), "idle for longer than the idle timeout; closing the connection");
      connection.responses().abandon();
      ctx.close();
      return;
    }
    ctx.fireUserEventTriggered(event);
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    connection.responses().updateAutoRead();
    connection.responses().updateUpstreamAutoRead();
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    connection.responses().abandon();
    connection.ended();
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof TooLongFrameException || cause instanceof CorruptedFrameException) {
      refuse(ctx, "request frame refused (" + cause.getMessage() + ")");
    } else if (cause instanceof NotSslRecordException || cause.getCause() instanceof NotSslRecordException) {
      // the peer's bytes, not the server, are at fault: one line, no stack trace or hex dump
      ServerEvents.warn(ctx.channel(), "not TLS (a plaintext client on the TLS port?); closing the connection");
      connection.responses().abandon();
      ctx.close();
    } else if (cause instanceof java.io.IOException) {
      ServerEvents.debug(ctx.channel(), "connection failed: " + cause);
      connection.responses().abandon();
      ctx.close();
    } else {
      ServerEvents.warn(ctx.channel(), "unexpected failure; closing the connection", cause);
      connection.responses().abandon();
      ctx.close();
    }
  }
}
