package io.kwire.proxy;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Connects to the first of some addresses that accepts, trying them in order: the bootstrap port's
 * upstream is any broker of the bootstrap list. The failure, when none accepts, is the last one's.
 */
final class Failover {
  private Failover() {}

  static <C> CompletableFuture<C> connect(List<InetSocketAddress> addresses,
      Function<InetSocketAddress, CompletableFuture<C>> connect) {
    if (addresses.isEmpty()) {
      return CompletableFuture.failedFuture(new IllegalStateException("no upstream address is known"));
    }
    return from(addresses, 0, connect);
  }

  private static <C> CompletableFuture<C> from(List<InetSocketAddress> addresses, int next,
      Function<InetSocketAddress, CompletableFuture<C>> connect) {
    CompletableFuture<C> attempt;
    try {
      attempt = connect.apply(addresses.get(next));
    } catch (RuntimeException e) {
      attempt = CompletableFuture.failedFuture(e);
    }
    if (next == addresses.size() - 1) {
      return attempt;
    }
    return attempt.handle((client, failure) -> failure == null
            ? CompletableFuture.completedFuture(client) : from(addresses, next + 1, connect))
        .thenCompose(f -> f);
  }

  static Throwable cause(Throwable failure) {
    return failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
  }
}
