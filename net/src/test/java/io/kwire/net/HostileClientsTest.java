package io.kwire.net;

import static io.kwire.net.ServerClientTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Clients that lie about sizes, stop half-way, never read or never leave: each is closed or
 * bounded, and a normal client is still served while they are connected.
 */
class HostileClientsTest {
  private static final int MAX_FRAME = 1 << 20;
  private KwireServer server;
  private KwireClient normal;

  @BeforeEach
  void start() {
    server = KwireServer.builder()
        .maxFrameSize(MAX_FRAME)
        .idleTimeout(Duration.ofMillis(300))
        .handle(EchoRequest.class, EchoResponse.class,
            (request, context) -> EchoResponse.of(request.text(), request.sequence()))
        .start(new InetSocketAddress("127.0.0.1", 0));
  }

  @AfterEach
  void stop() {
    if (normal != null) {
      normal.close();
    }
    server.close();
  }

  /** A normal client's request completes (each call on a fresh connection, so that idleness does not end it). */
  private void assertANormalClientIsServed() {
    try (KwireClient client = KwireClient.connect(server.localAddress())) {
      assertEquals("ok", client.send(EchoRequest.of("ok", 1), EchoResponse.class).join().text());
    }
  }

  @Test
  void aTwoGibibyteClaimIsRefusedAtOnce() throws IOException {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      raw.write(HexFormat.of().parseHex("7fffffff" + "03e8000000000001"));
      assertTrue(raw.closedByServer());
    }
    assertANormalClientIsServed();
  }

  @Test
  void aNegativeSizeIsRefusedAtOnce() throws IOException {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      raw.write(HexFormat.of().parseHex("ffffffff"));
      assertTrue(raw.closedByServer());
    }
    assertANormalClientIsServed();
  }

  @Test
  void aFrameJustOverTheCapIsRefused() throws IOException {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      raw.write(HexFormat.of().parseHex(String.format("%08x", MAX_FRAME + 1)));
      assertTrue(raw.closedByServer());
    }
  }

  @Test
  void aHalfFrameAndAStallEndAtTheIdleTimeoutWhileOthersAreServed() throws IOException {
    try (RawConnection half = new RawConnection(server.localAddress());
        RawConnection stalled = new RawConnection(server.localAddress())) {
      half.write(HexFormat.of().parseHex("00010000" + "03e8000000000001")); // claims 64 KiB, sends 8 bytes
      stalled.write(HexFormat.of().parseHex("0000")); // half a size prefix
      assertANormalClientIsServed();
      assertTrue(half.closedByServer());
      assertTrue(stalled.closedByServer());
    }
  }

  @Test
  void claimedSizesCostOnlyTheBytesThatArrive() {
    io.netty.buffer.UnpooledByteBufAllocator allocator = new io.netty.buffer.UnpooledByteBufAllocator(false);
    List<io.netty.channel.embedded.EmbeddedChannel> channels = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      io.netty.channel.embedded.EmbeddedChannel channel =
          new io.netty.channel.embedded.EmbeddedChannel(io.kwire.net.FrameDecoders.create(MAX_FRAME));
      channel.config().setAllocator(allocator);
      channel.writeInbound(io.netty.buffer.Unpooled.wrappedBuffer(HexFormat.of().parseHex(
          String.format("%08x", MAX_FRAME)), new byte[1024]));
      channel.writeInbound(io.netty.buffer.Unpooled.wrappedBuffer(new byte[1024]));
      channels.add(channel);
    }
    long used = allocator.metric().usedHeapMemory() + allocator.metric().usedDirectMemory();
    // 100 claims of 1 MiB each would be 100 MiB; what arrived is 200 KiB.
    assertTrue(used < 1 << 20, used + " bytes held");
    channels.forEach(io.netty.channel.embedded.EmbeddedChannel::finishAndReleaseAll);
  }

  @Test
  void connectionsOverTheCapAreClosedAndTheOthersServed() throws IOException {
    try (KwireServer capped = KwireServer.builder().maxConnections(2)
        .handle(EchoRequest.class, EchoResponse.class, (q, c) -> EchoResponse.of(q.text(), q.sequence()))
        .start(new InetSocketAddress("127.0.0.1", 0));
        KwireClient first = KwireClient.connect(capped.localAddress());
        KwireClient second = KwireClient.connect(capped.localAddress());
        RawConnection third = new RawConnection(capped.localAddress())) {
      assertTrue(third.closedByServer());
      assertEquals("a", first.send(EchoRequest.of("a", 1), EchoResponse.class).join().text());
      assertEquals("b", second.send(EchoRequest.of("b", 2), EchoResponse.class).join().text());
    }
  }

  @Test
  void twoThousandConnectionsOpenedAndClosedLeaveNothingBehind() throws IOException {
    for (int i = 0; i < 2_000; i++) {
      try (Socket socket = new Socket()) {
        socket.connect(server.localAddress(), 5_000);
      }
    }
    awaitTrue(() -> server.connectionCount() == 0);
    assertANormalClientIsServed();
  }

  @Test
  void twoHundredIdleConnectionsAreClosedPastTheIdleTimeout() throws IOException {
    // An idle timeout long enough for all 200 to be open at once on a loaded machine (300 ms was not).
    try (KwireServer patient = KwireServer.builder().idleTimeout(Duration.ofSeconds(2))
        .handle(EchoRequest.class, EchoResponse.class, (q, c) -> EchoResponse.of(q.text(), q.sequence()))
        .start(new InetSocketAddress("127.0.0.1", 0))) {
      List<RawConnection> idle = new ArrayList<>();
      try {
        for (int i = 0; i < 200; i++) {
          idle.add(new RawConnection(patient.localAddress()));
        }
        awaitTrue(() -> patient.connectionCount() >= 200);
        try (KwireClient client = KwireClient.connect(patient.localAddress())) {
          assertEquals("ok", client.send(EchoRequest.of("ok", 1), EchoResponse.class).join().text());
        }
        for (RawConnection connection : idle) {
          assertTrue(connection.closedByServer());
        }
        awaitTrue(() -> patient.connectionCount() == 0);
      } finally {
        for (RawConnection connection : idle) {
          connection.close();
        }
      }
    }
  }

  @Test
  void aClientThatSendsButNeverReadsStopsBeingRead() throws Exception {
    byte[] request = io.kwire.runtime.Frames.encodeRequest(
        new io.kwire.runtime.RequestHeader((short) 1000, (short) 1, 1, "flood"),
        EchoRequestCodec.INSTANCE, EchoRequest.of("x".repeat(1000), 1));
    String big = "y".repeat(32_000); // near the longest string Kafka allows (32,767 bytes)
    int requests = 20_000; // 20 MB of requests, each answered with 32 KB: 640 MB if nothing held the reading back
    java.util.concurrent.atomic.AtomicLong sent = new java.util.concurrent.atomic.AtomicLong();
    java.util.concurrent.atomic.AtomicLong handled = new java.util.concurrent.atomic.AtomicLong();
    try (KwireServer answersBig = KwireServer.builder()
            .handle(EchoRequest.class, EchoResponse.class, (q, c) -> {
              handled.incrementAndGet();
              return EchoResponse.of(big, q.sequence());
            })
            .start(new InetSocketAddress("127.0.0.1", 0));
        Socket flood = new Socket()) {
      flood.setReceiveBufferSize(64 << 10); // before connecting: no receive window autotuning (up to 32 MiB on Linux)
      flood.connect(answersBig.localAddress(), 5_000);
      Thread writer = new Thread(() -> {
        try {
          for (int i = 0; i < requests; i++) {
            flood.getOutputStream().write(request);
            sent.incrementAndGet();
          }
        } catch (IOException e) {
          // closed at the end of the test
        }
      });
      writer.setDaemon(true);
      writer.start();
      // The server answers until its outbound buffer is over the high watermark (1 MiB), then reads
      // no more: it has handled a few dozen requests (what fits in that buffer, its socket's send
      // buffer, at most 4 MiB, and the client's 64 KiB receive buffer),
      // however many the client has in the socket. Without back-pressure it would go on reading,
      // and holding 32 KB per request it cannot send.
      // (The client's writes may all fit in the kernel's buffers: Linux grows them to tens of MiB.)
      awaitTrue(() -> noProgressFor(handled, 500));
      assertTrue(handled.get() < 500, handled.get() + " requests handled, " + sent.get() + " sent");
      assertANormalClientIsServed();
    }
  }

  /** True when {@code counter} has not moved for {@code millis}. */
  private static boolean noProgressFor(java.util.concurrent.atomic.AtomicLong counter, long millis) {
    long before = counter.get();
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return before > 0 && counter.get() == before;
  }
}
