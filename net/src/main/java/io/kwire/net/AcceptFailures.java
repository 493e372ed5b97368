package io.kwire.net;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * On the listening channel, before Netty's acceptor (which pauses accepting for a second and passes
 * the failure on): a failed accept for want of file descriptors is logged as that, in words an
 * operator acts on, rather than as an anonymous exception.
 */
@ChannelHandler.Sharable
final class AcceptFailures extends ChannelInboundHandlerAdapter {
  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (SocketErrors.isOutOfFileDescriptors(cause)) {
      ServerEvents.error(SocketErrors.outOfFileDescriptors("accepting a connection on "
          + ServerEvents.localName(ctx.channel())) + " (" + cause.getMessage() + "); accepting resumes in 1 s");
    }
    ctx.fireExceptionCaught(cause); // the acceptor pauses accepting for a second, so the loop does not spin

  }
}
