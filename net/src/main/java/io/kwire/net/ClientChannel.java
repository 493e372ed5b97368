package io.kwire.net;

import io.netty.channel.Channel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * A client's connection as its parts use it: the channel, its {@link ResponseMatcher}, and the one
 * place where work is brought onto the event loop (and where a loop that has ended, because the
 * client was closed, is told apart).
 */
final class ClientChannel {
  private final Channel channel;
  private final ResponseMatcher matcher;
  private final ClientSettings settings;

  ClientChannel(Channel channel, ResponseMatcher matcher, ClientSettings settings) {
    this.channel = channel;
    this.matcher = matcher;
    this.settings = settings;
  }

  Channel channel() {
    return channel;
  }

  ResponseMatcher matcher() {
    return matcher;
  }

  boolean onEventLoop() {
    return channel.eventLoop().inEventLoop();
  }

  /** The failure of anything asked of a client whose event loop has ended. */
  static KwireConnectionException closed() {
    return new KwireConnectionException("the client is closed");
  }

  /** Queues {@code task} to the event loop (even from it); false when the loop has ended. */
  boolean queue(Runnable task) {
    try {
      channel.eventLoop().execute(task);
      return true;
    } catch (RejectedExecutionException e) {
      return false;
    }
  }

  /** Runs {@code task} now when on the event loop, else queues it; false when the loop has ended. */
  boolean run(Runnable task) {
    if (onEventLoop()) {
      task.run();
      return true;
    }
    return queue(task);
  }

  /**
   * Writes a request frame (from the event loop without a hop: a proxy's upstream on its client's
   * loop); with {@code pending}, its response is awaited until the request timeout. The future
   * completes once the frame is written.
   */
  CompletableFuture<Void> write(byte[] frame, ResponseMatcher.Pending<?> pending) {
    CompletableFuture<Void> written = new CompletableFuture<>();
    if (!run(() -> matcher.send(frame, pending, settings.requestTimeout(), written))) {
      written.completeExceptionally(closed());
      if (pending != null) {
        pending.fail(closed());
      }
    }
    return written;
  }

  /** An authentication exchange's own frame, which passes the matcher's hold; queued, never run inline. */
  void writePassingHold(byte[] frame, ResponseMatcher.Pending<byte[]> pending) {
    if (!queue(() -> matcher.send(frame, pending, settings.requestTimeout(), new CompletableFuture<>(), true))) {
      pending.fail(closed());
    }
  }

  /** Fails every request in flight and closes the channel; nothing to do once the loop has ended. */
  void close(String reason) {
    queue(() -> matcher.close(reason));
  }
}
