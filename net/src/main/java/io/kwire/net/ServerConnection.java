package io.kwire.net;

import io.netty.channel.Channel;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.netty.handler.ssl.SslHandler;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.net.ssl.SSLSession;

/** A server connection's state: its channel, its response order and who it authenticated as. */
final class ServerConnection implements Connection {
  static final AttributeKey<ServerConnection> KEY = AttributeKey.valueOf(ServerConnection.class, "connection");

  private final Channel channel;
  private final ResponseQueue responses;
  /** The authenticator's principal; null until then (the TLS peer's, or ANONYMOUS, meanwhile). */
  private volatile KafkaPrincipal principal;
  private volatile KafkaPrincipal tlsPrincipal;
  private final CompletableFuture<Void> closed = new CompletableFuture<>();

  ServerConnection(Channel channel, int maxInFlight) {
    this.channel = channel;
    this.responses = new ResponseQueue(channel, maxInFlight);
    channel.attr(KEY).set(this);
  }

  /** Called by the sequencer at the end of the channel, after the requests still pending were dropped. */
  void ended() {
    closed.complete(null);
  }

  @Override
  public CompletionStage<Void> whenClosed() {
    return closed.minimalCompletionStage();
  }

  /** The state of a server channel, or null for a channel refused at accept. */
  public static ServerConnection of(Channel channel) {
    return channel.attr(KEY).get();
  }

  @Override
  public java.util.concurrent.Executor executor() {
    return channel.eventLoop();
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

  /** Whether the authenticator named a principal. */
  public boolean isAuthenticated() {
    return principal != null;
  }

  /**
   * The authenticator's principal; without one, the TLS client certificate's ({@code User:} + its
   * subject DN, as Kafka's default principal builder); else ANONYMOUS.
   */
  @Override
  public KafkaPrincipal principal() {
    KafkaPrincipal authenticated = principal;
    if (authenticated != null) {
      return authenticated;
    }
    KafkaPrincipal peer = tlsPrincipal;
    if (peer == null) {
      Optional<SSLSession> session = sslSession();
      if (session.isEmpty()) {
        return KafkaPrincipal.ANONYMOUS;
      }
      peer = KafkaPrincipal.ofTlsPeer(session.get());
      tlsPrincipal = peer;
    }
    return peer;
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
  public boolean isOpen() {
    return channel.isOpen();
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
    return ServerEvents.name(channel) + " as " + principal();
  }
}
