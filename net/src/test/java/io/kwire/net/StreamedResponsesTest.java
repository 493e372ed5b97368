package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * A response answered in pieces ({@link RawResponse#stream}): it keeps its place in the response
 * order (its pieces wait while a response before it is unanswered), arrives byte for byte, and an
 * abort closes the connection in its turn, or at once once some of it is out.
 */
class StreamedResponsesTest {
  private static final InetSocketAddress ANY = new InetSocketAddress("127.0.0.1", 0);

  private static byte[] request(int correlationId) {
    return ByteBuffer.allocate(4 + 10).putInt(10).putShort((short) 18).putShort((short) 0).putInt(correlationId)
        .putShort((short) -1).array();
  }

  private static byte[] response(int correlationId, int size) {
    byte[] frame = new byte[size];
    new Random(correlationId).nextBytes(frame);
    ByteBuffer.wrap(frame).putInt(size - 4).putInt(correlationId);
    return frame;
  }

  /** A server whose session hands each request, with its place, to {@code handler} (on the event loop). */
  private static KwireServer server(BiConsumer<RawRequest, RawResponse> handler) {
    return KwireServer.builder().handleRaw(connection -> handler::accept).start(ANY);
  }

  /** {@code frame} streamed in pieces of {@code piece} bytes, then ended. */
  private static void streamed(ResponseStream out, byte[] frame, int piece) {
    for (int at = 0; at < frame.length; at += piece) {
      out.piece(Unpooled.wrappedBuffer(frame, at, Math.min(piece, frame.length - at)));
    }
    out.end();
  }

  @Test
  void aStreamedResponseWaitsForTheOneBeforeItAndArrivesWhole() throws Exception {
    byte[] first = response(1, 100);
    byte[] second = response(2, 300_000);
    RawResponse[] held = new RawResponse[1];
    try (KwireServer server = server((request, response) -> {
      if (request.correlationId() == 1) {
        held[0] = response; // answered after the second has been streamed: its pieces must wait
      } else {
        streamed(response.stream(), second, 7_000);
        held[0].send(first);
      }
    }); KwireClient client = KwireClient.builder().rawFrames().connect(server.localAddress())) {
      CompletableFuture<byte[]> one = client.sendFrame(request(1));
      CompletableFuture<byte[]> two = client.sendFrame(request(2));
      assertArrayEquals(first, one.get(10, TimeUnit.SECONDS));
      assertArrayEquals(second, two.get(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void anAbortBeforeAnyOfItWasWrittenClosesTheConnectionInItsTurn() throws Exception {
    byte[] first = response(1, 100);
    RawResponse[] held = new RawResponse[1];
    try (KwireServer server = server((request, response) -> {
      if (request.correlationId() == 1) {
        held[0] = response;
      } else {
        ResponseStream out = response.stream();
        out.piece(Unpooled.wrappedBuffer(response(2, 1000), 0, 500));
        out.abort(); // queued, never written
        held[0].send(first);
      }
    }); KwireClient client = KwireClient.builder().rawFrames().connect(server.localAddress())) {
      CompletableFuture<byte[]> one = client.sendFrame(request(1));
      CompletableFuture<byte[]> two = client.sendFrame(request(2));
      assertArrayEquals(first, one.get(10, TimeUnit.SECONDS));
      ExecutionException failed = assertThrows(ExecutionException.class, () -> two.get(10, TimeUnit.SECONDS));
      assertTrue(failed.getCause() instanceof KwireConnectionException, failed.toString());
    }
  }

  @Test
  void anAbortAfterPartWasWrittenClosesAtOnceAfterThatPart() throws Exception {
    byte[] frame = response(3, 10_000);
    try (KwireServer server = server((request, response) -> {
      ResponseStream out = response.stream();
      out.piece(Unpooled.wrappedBuffer(frame, 0, 4_000));
      out.abort();
      out.piece(Unpooled.wrappedBuffer(frame, 4_000, 1_000)); // after the abort: released, not written
    }); Socket socket = new Socket(server.localAddress().getAddress(), server.localAddress().getPort())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request(3));
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      socket.getInputStream().transferTo(got); // until the server closes
      assertArrayEquals(Arrays.copyOf(frame, 4_000), got.toByteArray());
    }
  }

  @Test
  void aClientNotPairedWithAProxyHandsTheWholeFrameOverAsOnePiece() throws Exception {
    byte[] frame = response(4, 50_000);
    try (KwireServer server = server((request, response) -> response.send(frame));
        KwireClient client = KwireClient.builder().rawFrames().connect(server.localAddress())) {
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      int[] pieces = {0};
      boolean[] ended = {false};
      CompletableFuture<Integer> size = client.streamFrame(request(4), new FrameSink() {
        @Override
        public void piece(ByteBuf piece) {
          pieces[0]++;
          got.writeBytes(ByteBufUtil.getBytes(piece));
          piece.release();
        }

        @Override
        public void end() {
          ended[0] = true;
        }
      });
      assertEquals(frame.length, size.get(10, TimeUnit.SECONDS));
      assertEquals(1, pieces[0]);
      assertTrue(ended[0]);
      assertArrayEquals(frame, got.toByteArray());
    }
  }
}
