package io.kwire.net;

import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLSession;

/**
 * One client connection to a {@link KwireServer}, as its handlers see it. Attributes are the
 * connection's Netty channel attributes: a handler may keep per-connection state in them.
 */
public interface Connection {
  /** The client's address. */
  InetSocketAddress remoteAddress();

  /** The server's address this connection came in on. */
  InetSocketAddress localAddress();

  /** Who the connection authenticated as; {@link KafkaPrincipal#ANONYMOUS} without authentication. */
  KafkaPrincipal principal();

  /** The TLS session, when the server speaks TLS and the handshake is done (the peer's certificates). */
  Optional<SSLSession> sslSession();

  /** The connection's attribute {@code key}, which a handler may read and set. */
  <T> Attribute<T> attr(AttributeKey<T> key);

  /**
   * The connection's event loop: tasks given to it run one at a time, in order, on the thread that
   * serves the connection, where its handlers run (a proxy brings an asynchronous filter's decision
   * back to it, to keep its order).
   */
  Executor executor();

  /**
   * Completes when the connection has closed, by either side, including a client that closed while
   * its requests were still being handled: the hook for a handler to release work it parked for the
   * connection (a long poll). The requests not yet answered are dropped by then, and each unanswered
   * handler's stage is cancelled ({@link java.util.concurrent.Future#cancel}) when it is a Future.
   */
  CompletionStage<Void> whenClosed();

  /** Whether the connection is still open: false once either side has closed it. Any thread. */
  boolean isOpen();

  /**
   * Stops reading the connection; the requests read so far are answered (their handlers still settle
   * them), then it closes. Any thread.
   */
  void close();
}
