package io.kwire.bench.net;

import io.kwire.net.KwireClient;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The load generator: {@code connections} kwire-net clients on one shared event loop group, each
 * keeping {@code inFlight} requests in flight (closed loop: every response sends the next request).
 * For the server comparison the request is one pre-encoded frame sent as it is
 * ({@link KwireClient#sendFrame}): the generator encodes nothing and decodes only the response's
 * correlation id, the same work whichever server answers. For the client comparison it is a typed
 * send (encode and decode). Requests sent during the warm-up are not counted.
 */
final class PipelinedLoad {
  private PipelinedLoad() {}

  static LoadResult run(String name, InetSocketAddress server, EventLoopGroup group, int connections, int inFlight,
      Function<KwireClient, CompletableFuture<?>> request, Duration warmup, Duration measure) throws InterruptedException {
    List<KwireClient> clients = new ArrayList<>();
    try {
      for (int i = 0; i < connections; i++) {
        clients.add(KwireClient.builder().clientId("kwire-load").eventLoop(group).connect(server));
      }
      long measureFrom = System.nanoTime() + warmup.toNanos();
      long measureUntil = measureFrom + measure.toNanos();
      Latencies[] latencies = new Latencies[connections];
      CountDownLatch chainsDone = new CountDownLatch(connections * inFlight);
      for (int c = 0; c < connections; c++) {
        latencies[c] = new Latencies();
        for (int k = 0; k < inFlight; k++) {
          next(clients.get(c), request, latencies[c], measureFrom, measureUntil, chainsDone);
        }
      }
      if (!chainsDone.await(measure.plus(warmup).toSeconds() + 60, TimeUnit.SECONDS)) {
        throw new IllegalStateException(name + ": requests still in flight a minute after the end");
      }
      return Latencies.merge(name, latencies, measure.toNanos() / 1e9);
    } finally {
      clients.forEach(KwireClient::close);
    }
  }

  private static void next(KwireClient client, Function<KwireClient, CompletableFuture<?>> request, Latencies latencies, long measureFrom, long measureUntil,
      CountDownLatch chainsDone) {
    long sent = System.nanoTime();
    if (sent >= measureUntil) {
      chainsDone.countDown();
      return;
    }
    request.apply(client).whenComplete((response, failure) -> {
      if (failure != null) {
        System.err.println("load: " + failure);
        chainsDone.countDown();
        return;
      }
      long done = System.nanoTime();
      if (sent >= measureFrom && done <= measureUntil) {
        latencies.add(done - sent);
      }
      next(client, request, latencies, measureFrom, measureUntil, chainsDone);
    });
  }
}
