package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The raw-frame API a proxy is built on: a server serving undecoded frames, a client sending them. */
class RawFramesTest {
  private static final InetSocketAddress ANY = new InetSocketAddress("127.0.0.1", 0);
  private final List<AutoCloseable> open = new ArrayList<>();
  /** What the server's sessions saw, as "key vN #id clientId". */
  private final List<String> seen = new CopyOnWriteArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    Collections.reverse(open);
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  /** A request frame with header v1: size, api key, version, correlation id, client id, then {@code body}. */
  private static byte[] request(int apiKey, int version, int correlationId, String clientId, byte[] body) {
    byte[] id = clientId.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = ByteBuffer.allocate(4 + 10 + id.length + body.length);
    b.putInt(b.capacity() - 4).putShort((short) apiKey).putShort((short) version).putInt(correlationId)
        .putShort((short) id.length).put(id).put(body);
    return b.array();
  }

  /** A response frame carrying {@code correlationId}, then {@code text}. */
  private static byte[] response(int correlationId, String text) {
    byte[] t = text.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(8 + t.length).putInt(4 + t.length).putInt(correlationId).put(t).array();
  }

  /**
   * Answers each request with its client id; the first request of a connection is answered only after
   * the second, so that the server's ordering shows. Produce (key 0) gets no response.
   */
  private final class HoldFirst implements RawSession {
    private RawResponse first;

    @Override
    public void handle(RawRequest request, RawResponse response) {
      seen.add(request.apiKey() + " v" + request.apiVersion() + " #" + request.correlationId() + " "
          + request.clientId());
      if (request.apiKey() == 0) {
        response.none();
      } else if (first == null && request.correlationId() == 1) {
        first = response;
      } else {
        response.send(response(request.correlationId(), "to " + request.clientId()));
        if (first != null) {
          first.send(response(1, "first"));
          first = null;
        }
      }
    }

    @Override
    public void refused(String reason) {
      seen.add("refused: " + reason);
    }

    @Override
    public void closed() {
      seen.add("closed");
    }
  }

  private KwireServer rawServer(int maxFrameSize) {
    KwireServer server = KwireServer.builder().maxFrameSize(maxFrameSize).handleRaw(connection -> new HoldFirst())
        .start(ANY);
    open.add(server);
    return server;
  }

  private KwireClient rawClient(KwireServer server) {
    KwireClient client = KwireClient.builder().rawFrames().connect(server.localAddress());
    open.add(client);
    return client;
  }

  @Test
  void framesAreAnsweredInRequestOrderWhateverOrderTheSessionSettlesThem() {
    KwireServer server = rawServer(1 << 20);
    KwireClient client = rawClient(server);
    CompletableFuture<byte[]> first = client.sendFrame(request(18, 3, 1, "one", new byte[] {0}));
    CompletableFuture<byte[]> second = client.sendFrame(request(1000, 0, 2, "two", new byte[] {1, 2}));

    assertArrayEquals(response(2, "to two"), second.join());
    assertArrayEquals(response(1, "first"), first.join(), "written before the second, though settled after it");
    assertEquals(List.of("18 v3 #1 one", "1000 v0 #2 two"), seen, "ApiVersions goes to the session too");
    assertNull(client.versions(), "a raw client agrees no versions");
  }

  @Test
  void aProduceWithAcksZeroCompletesOnceWrittenAndTheNextResponseStillMatches() {
    KwireServer server = rawServer(1 << 20);
    KwireClient client = rawClient(server);
    // Produce v3: transactional id (null), acks 0, then whatever: the client reads only the acks
    byte[] produce = request(0, 3, 5, "p", ByteBuffer.allocate(4).putShort((short) -1).putShort((short) 0).array());

    assertNull(client.sendFrame(produce).join());
    assertArrayEquals(response(6, "to after"), client.sendFrame(request(1000, 0, 6, "after", new byte[0])).join());
    assertEquals(List.of("0 v3 #5 p", "1000 v0 #6 after"), seen);
  }

  @Test
  void aFrameAboveTheCapIsToldToTheSessionAndClosesTheConnection() throws Exception {
    KwireServer server = rawServer(64);
    KwireClient client = rawClient(server);
    CompletableFuture<byte[]> tooBig = client.sendFrame(request(1000, 0, 2, "big", new byte[100]));

    assertThrows(Exception.class, () -> tooBig.get(10, TimeUnit.SECONDS));
    client.whenClosed().get(10, TimeUnit.SECONDS);
    for (long deadline = System.nanoTime() + 5_000_000_000L; !seen.contains("closed") && System.nanoTime() < deadline; ) {
      Thread.onSpinWait();
    }
    assertEquals(2, seen.size(), seen.toString());
    assertTrue(seen.get(0).startsWith("refused: request frame refused"), seen.toString());
    assertEquals("closed", seen.get(1));
  }

  @Test
  void aRawServerHasNoHandlers() {
    KwireServer.Builder both = KwireServer.builder().handleRaw(connection -> new HoldFirst())
        .handle(EchoRequest.class, EchoResponse.class, (request, context) -> EchoResponse.of("", 0));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> both.start(ANY));
    assertEquals("a server serving raw frames has no handlers", e.getMessage());
  }
}
