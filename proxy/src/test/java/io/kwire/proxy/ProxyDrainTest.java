package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link KwireProxy#close} (SIGTERM) with a request held at the broker: answered when the answer
 * comes within {@link ProxyConfig#drainTimeout}, the connection closed at the deadline when it does not.
 */
class ProxyDrainTest {
  private final CountDownLatch arrived = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);

  /** Answers ApiVersions once {@link #release} is counted down. */
  private void answerWhenReleased(int connection, byte[] request, OutputStream out) throws IOException {
    arrived.countDown();
    try {
      release.await();
    } catch (InterruptedException e) {
      throw new IOException(e);
    }
    out.write(Wire.apiVersionsResponse(Wire.correlationId(request), List.of(Wire.api(18, 0, 4))));
  }

  private KwireProxy start(FakeBroker broker, Duration drainTimeout) {
    return KwireProxy.start(ProxyConfig.builder(new InetSocketAddress("127.0.0.1", 0), broker.address())
        .drainTimeout(drainTimeout).events(line -> { }).build());
  }

  /** Closes {@code proxy} on another thread, returning once it no longer accepts connections. */
  private static CompletableFuture<Long> closing(KwireProxy proxy) {
    InetSocketAddress at = proxy.localAddress();
    CompletableFuture<Long> closed = CompletableFuture.supplyAsync(() -> {
      long start = System.nanoTime();
      proxy.close();
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    });
    Wire.awaitTrue(() -> {
      try {
        new Socket(at.getAddress(), at.getPort()).close();
        return false;
      } catch (IOException refused) {
        return true; // stopped accepting: the drain has begun
      }
    });
    return closed;
  }

  @Test
  void aRequestAnsweredWithinTheDeadlineReachesTheClient() throws Exception {
    try (FakeBroker broker = new FakeBroker(this::answerWhenReleased);
        KwireProxy proxy = start(broker, Duration.ofSeconds(30));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(Wire.apiVersionsRequest(7));
      assertTrue(arrived.await(10, TimeUnit.SECONDS), "the request reached the broker");
      CompletableFuture<Long> closed = closing(proxy);
      assertTrue(!closed.isDone(), "close waits for the request in flight");
      release.countDown(); // the broker answers, late but within the deadline
      byte[] expected = Wire.apiVersionsResponse(7, List.of(Wire.api(18, 0, 4)));
      assertArrayEquals(expected, Wire.readToEnd(client), "the answer, then the end of the connection");
      assertTrue(closed.get(10, TimeUnit.SECONDS) < 10_000, "closed once answered, not at the deadline");
    }
  }

  @Test
  void aRequestNotAnsweredByTheDeadlineHasItsConnectionClosedThen() throws Exception {
    try (FakeBroker broker = new FakeBroker(this::answerWhenReleased);
        KwireProxy proxy = start(broker, Duration.ofMillis(300));
        Socket client = Wire.connect(proxy.localAddress())) {
      try {
        client.getOutputStream().write(Wire.apiVersionsRequest(7));
        assertTrue(arrived.await(10, TimeUnit.SECONDS), "the request reached the broker");
        long closedInMs = closing(proxy).get(10, TimeUnit.SECONDS);
        assertEquals(0, Wire.readToEnd(client).length, "closed without an answer");
        // The deadline given, not the default 2 s.
        assertTrue(closedInMs >= 250 && closedInMs < 1_500, "closed after " + closedInMs + " ms");
      } finally {
        release.countDown();
      }
    }
  }

  @Test
  void theDefaultIsTwoSecondsAndANegativeDeadlineIsRefused() {
    InetSocketAddress any = new InetSocketAddress("127.0.0.1", 0);
    assertEquals(Duration.ofSeconds(2), ProxyConfig.of(any, any).drainTimeout());
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> ProxyConfig.of(any, any).withDrainTimeout(Duration.ofMillis(-1)));
    assertEquals("drainTimeout must not be negative: PT-0.001S", e.getMessage());
  }
}
