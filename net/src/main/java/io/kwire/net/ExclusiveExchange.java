package io.kwire.net;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * {@link KwireClient#exclusively}: an authentication exchange alone on the connection. The matcher
 * holds the client's other requests and waits for those in flight; the exchange's own frames pass
 * the hold; when it ends the held requests go out in order, or, if it failed, the connection closes
 * and they fail with a {@link KwireConnectionException} caused by its failure.
 */
final class ExclusiveExchange {
  private final ClientChannel channel;
  private final ClientRequests requests;

  ExclusiveExchange(ClientChannel channel, ClientRequests requests) {
    this.channel = channel;
    this.requests = requests;
  }

  CompletableFuture<Void> run(Function<ClientAuthenticator.FrameSender, CompletionStage<?>> exchange) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    boolean queued = channel.queue(() -> channel.matcher().hold(() -> {
      CompletionStage<?> stage;
      try {
        stage = exchange.apply(this::send);
      } catch (RuntimeException e) {
        stage = CompletableFuture.failedFuture(e);
      }
      stage.whenComplete((ignored, failure) -> end(failure, done));
    }));
    if (!queued) {
      done.completeExceptionally(ClientChannel.closed());
    }
    return done;
  }

  /** The {@link ClientAuthenticator.FrameSender} the exchange is given. */
  private CompletableFuture<byte[]> send(java.util.function.IntFunction<byte[]> frameFor) {
    int correlationId = requests.nextCorrelationId();
    byte[] frame;
    try {
      frame = frameFor.apply(correlationId);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    CompletableFuture<byte[]> response = new CompletableFuture<>();
    channel.writePassingHold(frame, new ResponseMatcher.Pending<>(correlationId, bytes -> bytes, response));
    return response;
  }

  /**
   * Releases the hold, or closes with the exchange's failure; now when on the event loop (so that a
   * failure read from a response just before the server closes is recorded before the end of the
   * channel is), else queued to it, and run here when the loop is gone (the matcher fails what is left).
   */
  private void end(Throwable failure, CompletableFuture<Void> done) {
    Runnable ending = () -> {
      if (failure == null) {
        channel.matcher().release();
        done.complete(null);
      } else {
        Throwable cause = failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
        channel.matcher().close(new KwireConnectionException("authentication failed: " + cause.getMessage(), cause));
        done.completeExceptionally(cause);
      }
    };
    if (!channel.run(ending)) {
      ending.run();
    }
  }
}
