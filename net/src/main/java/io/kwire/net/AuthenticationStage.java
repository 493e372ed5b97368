package io.kwire.net;

import io.kwire.runtime.RawRequestFrame;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;

/**
 * The gate before dispatch when the server has an authenticator: the session answers its own APIs
 * (SaslHandshake, SaslAuthenticate), before and after authentication; any other request before
 * the session names a principal closes the connection, as Kafka's broker does.
 */
final class AuthenticationStage extends SimpleChannelInboundHandler<InboundRequest> {
  private final ServerConnection connection;
  private final ServerAuthenticator.Session session;

  public AuthenticationStage(ServerConnection connection, ServerAuthenticator authenticator) {
    super(false);
    this.connection = connection;
    this.session = authenticator.open(connection);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, InboundRequest in) {
    RawRequestFrame raw = in.raw();
    if (session.answers(raw.apiKey())) {
      session.answer(raw).whenComplete((reply, failure) -> {
        session.principal().ifPresent(connection::authenticated);
        if (failure != null) {
          in.slot().close("authentication failed: " + failure);
        } else if (reply.thenClose()) {
          ServerEvents.warn(connection.channel(), "the authenticator closes the connection after api key "
              + raw.apiKey() + " v" + raw.apiVersion() + " (correlation id " + raw.correlationId() + ")");
          if (reply.frame() != null) {
            in.slot().respond(reply.frame());
          }
          connection.channel().eventLoop().execute(() -> connection.responses().closeAfterPending());
        } else if (reply.frame() != null) {
          in.slot().respond(reply.frame());
        } else {
          in.slot().nothing();
        }
      });
      return;
    }
    boolean authenticated = session.principal().isPresent();
    if (!session.admits(raw.apiKey())) {
      in.slot().close("request of api key " + raw.apiKey() + (authenticated
          ? " refused by the authenticator (the session expired, or a re-authentication runs)"
          : " before authentication"));
      return;
    }
    ctx.fireChannelRead(in);
  }
}
