package io.kwire.net;

import static io.kwire.net.ServerClientTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A connection paused at its in-flight bound (not read) still notices its client close: the
 * connection ends, the parked handlers' stages are cancelled and {@link Connection#whenClosed()}
 * completes, rather than the socket staying in CLOSE_WAIT with its requests until an answer goes out.
 */
class ClosedWhilePausedTest {
  private static final int BOUND = 3;
  private final List<CompletableFuture<EchoResponse>> parked = Collections.synchronizedList(new ArrayList<>());
  private final List<CompletionStage<Void>> closedHooks = Collections.synchronizedList(new ArrayList<>());
  private KwireServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private void startParkingServer() {
    server = KwireServer.builder().maxInFlightPerConnection(BOUND)
        .handleAsync(EchoRequest.class, EchoResponse.class, (request, context) -> {
          CompletableFuture<EchoResponse> answer = new CompletableFuture<>(); // parked: never answered
          parked.add(answer);
          closedHooks.add(context.connection().whenClosed());
          return answer;
        })
        .start(new InetSocketAddress("127.0.0.1", 0));
  }

  private static byte[] echoFrames(int count) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < count; i++) {
      out.writeBytes(Frames.encodeRequest(new RequestHeader((short) 1000, (short) 1, i, "c"),
          EchoRequestCodec.INSTANCE, EchoRequest.of("parked " + i, i)));
    }
    return out.toByteArray();
  }

  @Test
  void aClientClosingAtTheBoundIsNoticedAndItsParkedWorkCancelled() throws Exception {
    startParkingServer();
    try (RawConnection client = new RawConnection(server.localAddress())) {
      client.write(echoFrames(BOUND));
      awaitTrue(() -> parked.size() == BOUND); // at the bound: the connection is not read any more
      assertEquals(1, server.connectionCount());
    }
    awaitTrue(() -> server.connectionCount() == 0);
    awaitTrue(() -> closedHooks.stream().allMatch(closed -> closed.toCompletableFuture().isDone()));
    assertEquals(BOUND, closedHooks.size());
    assertTrue(parked.stream().allMatch(CompletableFuture::isCancelled)); // dropped before whenClosed completes
  }

  @Test
  void aClientClosingWithMoreRequestsBeyondTheBoundIsNoticedToo() throws Exception {
    startParkingServer();
    try (RawConnection client = new RawConnection(server.localAddress())) {
      client.write(echoFrames(BOUND + 20)); // 20 requests wait behind the bound, unread
      awaitTrue(() -> parked.size() >= BOUND);
    }
    awaitTrue(() -> server.connectionCount() == 0);
    awaitTrue(() -> parked.stream().allMatch(CompletableFuture::isCancelled));
  }

  @Test
  void readingAheadWhilePausedIsBoundedAndWhatWasHeldIsServedInOrder() {
    AtomicReference<ServerConnection> connection = new AtomicReference<>();
    CompletableFuture<EchoResponse> first = new CompletableFuture<>();
    AtomicInteger handled = new AtomicInteger();
    server = KwireServer.builder().maxInFlightPerConnection(1)
        .handleAsync(EchoRequest.class, EchoResponse.class, (request, context) -> {
          connection.set((ServerConnection) context.connection());
          handled.incrementAndGet();
          return request.sequence() == 0 ? first
              : CompletableFuture.completedFuture(EchoResponse.of(request.text(), request.sequence()));
        })
        .start(new InetSocketAddress("127.0.0.1", 0));
    try (KwireClient client = KwireClient.connect(server.localAddress())) {
      String kilobyte = "k".repeat(1024);
      List<CompletableFuture<EchoResponse>> responses = new ArrayList<>();
      for (int i = 0; i < 400; i++) { // about 400 KiB, far more than the read-ahead
        responses.add(client.send(EchoRequest.of(kilobyte, i), EchoResponse.class));
      }
      awaitTrue(() -> connection.get() != null);
      PausedReads reads = connection.get().channel().pipeline().get(PausedReads.class);
      awaitTrue(() -> held(connection.get(), reads) >= PausedReads.READ_AHEAD_BYTES);
      int held = held(connection.get(), reads);
      assertTrue(held <= PausedReads.READ_AHEAD_BYTES + (64 << 10), "held " + held); // plus at most one read
      assertEquals(1, handled.get()); // held bytes are not decoded: back-pressure holds
      first.complete(EchoResponse.of("first", 0));
      for (int i = 0; i < responses.size(); i++) {
        assertEquals(i, responses.get(i).join().sequence());
      }
      assertEquals(400, handled.get());
    }
  }

  private static int held(ServerConnection connection, PausedReads reads) {
    try {
      return connection.channel().eventLoop().submit(reads::heldBytes).get();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
