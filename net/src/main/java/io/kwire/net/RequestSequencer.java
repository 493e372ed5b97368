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
import java.util.ArrayDeque;

/**
 * Gives each whole request frame its slot in the connection's response order and passes it on as
 * an {@link InboundRequest}; frames past the in-flight bound wait here for a slot. It also owns the connection's life: frames refused by the length
 * decoder, the idle timeout, writability changes and the end of the channel.
 */
final class RequestSequencer extends ChannelInboundHandlerAdapter {
  /** Told to the stages after the sequencer when a frame is refused by its size prefix or header. */
  public static final class FrameRefused {
    private final String reason;
    private boolean said;

    FrameRefused(String reason) {
      this.reason = reason;
    }

    public String reason() {
      return reason;
    }

    /** A stage has written the refusal's log line: the sequencer writes none. */
    void said() {
      said = true;
    }

    boolean isSaid() {
      return said;
    }
  }

  private final ServerConnection connection;
  private final DecodeOptions options;
  /** Whole frames read but not yet given a slot: past the in-flight bound. */
  private final ArrayDeque<byte[]> waiting = new ArrayDeque<>();
  private boolean admitting;
  private ChannelHandlerContext ctx;

  public RequestSequencer(ServerConnection connection, DecodeOptions options) {
    this.connection = connection;
    this.options = options;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
    connection.responses().admitWith(this::admitWaiting, waiting::size);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    byte[] frame = FrameBytes.take(msg);
    if (connection.responses().closing()) {
      return; // read before the close was decided: not answered
    }
    waiting.add(frame);
    admitWaiting();
  }

  /**
   * Gives the frames waiting their slots, in order, while the in-flight bound leaves room; the queue
   * calls it again as slots free. Frames one read decoded past the bound wait here (the connection is
   * not read meanwhile), so the bound holds exactly, however many small requests a read held.
   */
  private void admitWaiting() {
    if (admitting) {
      return; // called back while admitting (a handler answered at once): the loop below goes on
    }
    admitting = true;
    try {
      ResponseQueue responses = connection.responses();
      while (!waiting.isEmpty() && responses.hasRoom() && !responses.closing()) {
        byte[] frame = waiting.poll();
        RawRequestFrame raw;
        try {
          raw = Frames.peekRequest(frame, options);
        } catch (KwireProtocolException e) {
          refuse(ctx, "request frame refused: " + e.getMessage());
          return;
        }
        ctx.fireChannelRead(new InboundRequest(raw, responses.open()));
      }
      if (responses.closing()) {
        waiting.clear();
      }
    } finally {
      admitting = false;
    }
  }

  private void refuse(ChannelHandlerContext ctx, String reason) {
    waiting.clear();
    FrameRefused refused = new FrameRefused(reason);
    ctx.fireUserEventTriggered(refused); // a raw session may say it itself: then one line, not two
    if (!refused.isSaid()) {
      ServerEvents.warn(ctx.channel(), reason + "; closing the connection");
    }
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
    waiting.clear();
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
