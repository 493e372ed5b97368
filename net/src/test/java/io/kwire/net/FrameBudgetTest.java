package io.kwire.net;

import static io.kwire.net.ServerClientTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The server-wide bound on buffered partial frames: many connections each under the frame cap cannot
 * together hold more than the budget; the one that would pass it is refused, the others are served.
 */
class FrameBudgetTest {
  private static final int MAX_FRAME = 1 << 20;
  private static final int BUDGET = 1 << 20;
  private static final int BODY = 600 << 10;
  private final List<String> refusals = new CopyOnWriteArrayList<>();
  private KwireServer server;

  @BeforeEach
  void start() {
    server = serving(KwireServer.builder().maxBufferedFrameBytes(BUDGET));
  }

  private KwireServer serving(KwireServer.Builder builder) {
    return builder.maxFrameSize(MAX_FRAME)
        .handleRaw(connection -> new RawSession() {
          @Override
          public void handle(RawRequest request, RawResponse response) {
            // correlation id, then the frame's size
            response.send(ByteBuffer.allocate(12).putInt(8).putInt(request.correlationId())
                .putInt(request.frame().length).array());
          }

          @Override
          public void refused(String reason) {
            refusals.add(reason);
          }
        })
        .start(new InetSocketAddress("127.0.0.1", 0));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** A request frame (header v1, empty client id) of {@code 4 + size} bytes. */
  private static byte[] frame(int correlationId, int size) {
    ByteBuffer b = ByteBuffer.allocate(4 + size);
    b.putInt(size).putShort((short) 3).putShort((short) 0).putInt(correlationId).putShort((short) 0);
    return b.array();
  }

  @Test
  void theConnectionThatWouldPassTheBudgetIsRefusedAndTheFirstIsStillServed() throws Exception {
    byte[] first = frame(1, BODY);
    byte[] second = frame(2, BODY);
    try (RawConnection a = new RawConnection(server.localAddress());
        RawConnection b = new RawConnection(server.localAddress())) {
      a.write(Arrays.copyOf(first, first.length - 100)); // all but the last 100 bytes
      awaitTrue(() -> server.bufferedFrameBytes() == BODY - 100);

      b.writeUntilClosed(Arrays.copyOf(second, second.length - 100)); // together over the 1 MiB budget
      assertTrue(b.closedByServer());
      awaitTrue(() -> server.bufferedFrameBytes() == BODY - 100);
      assertEquals(1, refusals.size(), refusals.toString());
      assertTrue(refusals.get(0).contains("would pass the server's budget of 1048576 bytes buffered across all"
          + " connections"), refusals.get(0));

      a.write(Arrays.copyOfRange(first, first.length - 100, first.length));
      byte[] answer = a.readFrame();
      assertArrayEquals(ByteBuffer.allocate(12).putInt(8).putInt(1).putInt(4 + BODY).array(), answer);
      awaitTrue(() -> server.bufferedFrameBytes() == 0);
    }
  }

  @Test
  void aServerSharingAnothersCountsInItsBudgetAndLeavesItsThreadsRunning() throws Exception {
    byte[] first = frame(1, BODY);
    byte[] second = frame(2, BODY);
    KwireServer other = serving(KwireServer.builder().sharing(server)); // its own budget is not used
    try (RawConnection a = new RawConnection(server.localAddress());
        RawConnection b = new RawConnection(other.localAddress())) {
      a.write(Arrays.copyOf(first, first.length - 100));
      awaitTrue(() -> server.bufferedFrameBytes() == BODY - 100);

      b.writeUntilClosed(Arrays.copyOf(second, second.length - 100)); // on the other port, the one bound
      assertTrue(b.closedByServer());
      assertEquals(1, refusals.size(), refusals.toString());
      assertEquals(BODY - 100, other.bufferedFrameBytes());
    } finally {
      other.close();
    }
    try (RawConnection c = new RawConnection(server.localAddress())) { // the owner's threads still serve
      c.write(frame(3, 16));
      assertArrayEquals(ByteBuffer.allocate(12).putInt(8).putInt(3).putInt(20).array(), c.readFrame());
    }
  }

  @Test
  void aClosedConnectionGivesItsBytesBack() throws Exception {
    byte[] first = frame(1, BODY);
    try (RawConnection a = new RawConnection(server.localAddress())) {
      a.write(Arrays.copyOf(first, 1000));
      awaitTrue(() -> server.bufferedFrameBytes() == 996);
    }
    awaitTrue(() -> server.bufferedFrameBytes() == 0);
    // then the whole budget is there for another
    try (RawConnection b = new RawConnection(server.localAddress())) {
      b.write(frame(7, BODY));
      assertArrayEquals(ByteBuffer.allocate(12).putInt(8).putInt(7).putInt(4 + BODY).array(), b.readFrame());
    }
  }
}
