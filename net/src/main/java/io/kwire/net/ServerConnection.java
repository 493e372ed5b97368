package io.kwire.net;

import io.netty.channel.Channel;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.netty.handler.ssl.SslHandler;
import java.net.InetSocketAddress;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/** A server connection's state: its channel, its response order and who it authenticated as. */
final class ServerConnection implements Connection {
  static final AttributeKey<ServerConnection> KEY = AttributeKey.valueOf(ServerConnection.class, "connection");

  private final Channel channel;
  private final ResponseQueue responses;
  private volatile KafkaPrincipal principal = KafkaPrincipal.ANONYMOUS;

  ServerConnection(Channel channel, int maxInFlight) {
    this.channel = channel;
    this.responses = new ResponseQueue(channel, maxInFlight);
    channel.attr(KEY).set(this);
  }

  /** The state of a server channel, or null for a channel refused at accept. */
  public static ServerConnection of(Channel channel) {
    return channel.attr(KEY).get();
  }

  public Channel channel() {
    return channel;
  }

  public ResponseQueue responses() {
    return responses;
  }

  /** Set by the authentication stage. */
  public void authenticated(KafkaPrincipal who) {
    principal = who;
  }

  @Override
  public InetSocketAddress remoteAddress() {
    return (InetSocketAddress) channel.remoteAddress();
  }

  @Override
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) channel.localAddress();
  }

  @Override
  public KafkaPrincipal principal() {
    return principal;
  }

  @Override
  public Optional<SSLSession> sslSession() {
    SslHandler tls = channel.pipeline().get(SslHandler.class);
    return tls == null || !tls.handshakeFuture().isSuccess() ? Optional.empty()
        : Optional.ofNullable(tls.engine().getSession());
  }

  @Override
  public <T> Attribute<T> attr(AttributeKey<T> key) {
    return channel.attr(key);
  }

  @Override
  public void close() {
    if (channel.eventLoop().inEventLoop()) {
      responses.closeAfterPending();
    } else {
      channel.eventLoop().execute(responses::closeAfterPending);
    }
  }

  @Override
  public String toString() {
    return ServerEvents.name(channel) + " as " + principal;
  }
}
