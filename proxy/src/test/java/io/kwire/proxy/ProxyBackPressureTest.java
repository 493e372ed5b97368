package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A client that stops reading stops the proxy reading the broker, and the proxy reading the client
 * even where the proxy answers itself (the bridge): what is in flight stays bounded.
 */
class ProxyBackPressureTest {
  private static final int RESPONSES = 40;
  private static final int RESPONSE_BYTES = 1 << 20;

  @Test
  void aClientThatDoesNotReadHoldsBackTheBrokerAndThenGetsEveryResponseInOrder() throws Exception {
    AtomicInteger written = new AtomicInteger();
    byte[] payload = new byte[RESPONSE_BYTES - 4];
    // An API kwire does not know, so the megabyte responses pass raw and cost no decoding.
    FakeBroker.Answer big = (connection, request, out) -> {
      int id = Wire.correlationId(request);
      out.write(ByteBuffer.allocate(8).putInt(RESPONSE_BYTES).putInt(id).array());
      out.write(payload);
      written.incrementAndGet();
    };
    try (FakeBroker broker = new FakeBroker(big);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> { }));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.setReceiveBufferSize(64 << 10);
      // One exchange first, so that what follows measures flow, not the start-up of the proxy.
      client.getOutputStream().write(ByteBuffer.allocate(16).putInt(12).putShort((short) 30_000).putShort((short) 0)
          .putInt(-1).putInt(0).array());
      assertEquals(RESPONSE_BYTES + 4, Wire.readFrame(client).length);
      written.set(0);
      for (int id = 0; id < RESPONSES; id++) {
        client.getOutputStream().write(ByteBuffer.allocate(16).putInt(12).putShort((short) 30_000).putShort((short) 0)
            .putInt(id).putInt(0).array());
      }
      // The client reads nothing meanwhile; wait until the broker's writes stall (or it has written all).
      int beforeReading = stalled(written, RESPONSES, 5_000, 300);
      assertTrue(beforeReading < RESPONSES / 2,
          "the broker could write " + beforeReading + " MiB of " + RESPONSES + " while the client read nothing");
      for (int id = 0; id < RESPONSES; id++) {
        byte[] frame = Wire.readFrame(client);
        assertEquals(RESPONSE_BYTES + 4, frame.length);
        assertEquals(id, ByteBuffer.wrap(frame, 4, 4).getInt());
      }
      assertEquals(RESPONSES, written.get());
      System.out.println("back-pressure: the broker wrote " + beforeReading + " of " + RESPONSES
          + " 1 MiB responses while the client read nothing");
    }
  }

  /**
   * The other way: a broker that stops reading stops the proxy reading the client (the upstream
   * channel's writability pauses the client connection), well before the in-flight bound (100
   * requests) would: the client's 1 MiB requests stall in TCP buffers, not in the proxy.
   */
  @Test
  void aBrokerThatDoesNotReadHoldsBackTheClient() throws Exception {
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    FakeBroker.Answer stuck = (connection, request, out) -> {
      try {
        release.await(); // reads nothing more until the test ends
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
    int requests = 60;
    byte[] request = ByteBuffer.allocate(RESPONSE_BYTES).putInt(RESPONSE_BYTES - 4).putShort((short) 30_000)
        .putShort((short) 0).putInt(1).putShort((short) -1).array(); // an API kwire does not know: passed raw
    AtomicInteger written = new AtomicInteger();
    Socket client = new Socket();
    try (FakeBroker broker = new FakeBroker(stuck);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> { }))) {
      client.setSendBufferSize(64 << 10);
      client.connect(proxy.localAddress());
      Thread sender = send(client, request, requests, written);
      int stalledAt = stalled(written, requests, 10_000, 500);
      assertTrue(stalledAt < requests / 2, "the client could write " + stalledAt + " MiB of " + requests
          + " while the broker read nothing");
      System.out.println("back-pressure: the client wrote " + stalledAt + " of " + requests
          + " 1 MiB requests while the broker read nothing");
      client.close(); // unblocks the stalled write
      sender.join(10_000);
    } finally {
      release.countDown();
      client.close();
    }
  }

  /**
   * Issue 21: the bridge answered ApiVersions of an unknown version itself, writing without
   * back-pressure, so 28 MB of 14-byte requests from a client that never read built a 424 MB heap.
   * Now its answers take the server's ordered, back-pressured path: once the client's socket and the
   * proxy's write buffer are full, the proxy stops reading, and the sender's writes stall.
   */
  @Test
  void aClientThatNeverReadsTheBridgesOwnAnswersStopsBeingRead() throws Exception {
    FakeBroker.Answer kafka4 = (connection, request, out) -> out.write(Wire.response(
        io.kwire.messages.ApiVersionsResponseCodec.INSTANCE, (short) 0, Wire.correlationId(request),
        new io.kwire.messages.ApiVersionsResponseBuilder().apiKeys(java.util.List.of(Wire.api(18, 0, 4))).build()));
    int requestsPerChunk = 1_000;
    int chunks = 4_000; // 56 MB of requests, 14 kB at a time
    ByteBuffer chunk = ByteBuffer.allocate(14 * requestsPerChunk);
    for (int i = 0; i < requestsPerChunk; i++) {
      // ApiVersions v99, null client id: 14 bytes, answered by the bridge (version 0 fallback)
      chunk.putInt(10).putShort((short) 18).putShort((short) 99).putInt(i).putShort((short) -1);
    }
    AtomicInteger written = new AtomicInteger();
    Socket client = new Socket();
    try (FakeBroker broker = new FakeBroker(kafka4);
        KwireProxy bridge = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withBridge(true).withEvents(line -> { }))) {
      client.setReceiveBufferSize(64 << 10);
      client.setSendBufferSize(64 << 10);
      client.connect(bridge.localAddress());
      Thread sender = send(client, chunk.array(), chunks, written);
      int stalledAt = stalled(written, chunks, 10_000, 500);
      double megabytes = stalledAt * chunk.capacity() / 1e6;
      assertTrue(megabytes < 16, "the bridge took " + megabytes + " MB of requests from a client that read none of"
          + " its answers (of " + chunks * chunk.capacity() / 1e6 + " MB)");
      System.out.println("back-pressure: the bridge took " + megabytes + " MB of 14-byte requests from a client that"
          + " read none of its answers");
      client.close(); // unblocks the stalled write
      sender.join(10_000);
    } finally {
      client.close();
    }
  }

  /**
   * {@code count} once it stops moving for {@code stepMs} (or reaches {@code all}, or
   * {@code timeoutMs} passes): a progress that stalls cannot be awaited as a condition.
   */
  private static int stalled(AtomicInteger count, int all, long timeoutMs, long stepMs) throws InterruptedException {
    int before = -1;
    for (long deadline = System.nanoTime() + timeoutMs * 1_000_000L; System.nanoTime() < deadline; ) {
      int now = count.get();
      if (now == before || now == all) {
        break;
      }
      before = now;
      Thread.sleep(stepMs);
    }
    return count.get();
  }

  /** Writes {@code bytes} {@code times} times on a thread of its own, counting each write done in {@code written}. */
  private static Thread send(Socket client, byte[] bytes, int times, AtomicInteger written) {
    Thread sender = new Thread(() -> {
      try {
        for (int i = 0; i < times; i++) {
          client.getOutputStream().write(bytes);
          written.incrementAndGet();
        }
      } catch (java.io.IOException closed) {
        // the test closed the socket while the write was stalled
      }
    }, "test-sender");
    sender.setDaemon(true);
    sender.start();
    return sender;
  }
}
