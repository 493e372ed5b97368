package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A raw session closing a connection: {@code close(reason)} with the server's WARNING line,
 * {@code closeWithoutLog()} and a session that {@code logsRefusals()} without one (the caller said why).
 */
class RawCloseLinesTest {
  private static final InetSocketAddress ANY = new InetSocketAddress("127.0.0.1", 0);
  private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
  private final Logger serverLog = Logger.getLogger("io.kwire.net.KwireServer");
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      lines.add(record.getMessage());
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  @BeforeEach
  void captureLines() {
    serverLog.addHandler(capture);
  }

  @AfterEach
  void release() {
    serverLog.removeHandler(capture);
  }

  /** Key 1 closes with a reason, any other key without a line; refusals are said by the session when {@code saysRefusals}. */
  private static KwireServer server(boolean saysRefusals) {
    return KwireServer.builder().maxFrameSize(64).handleRaw(connection -> new RawSession() {
      @Override
      public void handle(RawRequest request, RawResponse response) {
        if (request.apiKey() == 1) {
          response.close("the session's reason");
        } else {
          response.closeWithoutLog();
        }
      }

      @Override
      public boolean logsRefusals() {
        return saysRefusals;
      }
    }).start(ANY);
  }

  private static byte[] request(int apiKey) {
    return ByteBuffer.allocate(14).putInt(10).putShort((short) apiKey).putShort((short) 0).putInt(9)
        .putShort((short) -1).array();
  }

  /** Writes {@code bytes} and reads until the server closes the connection. */
  private static void closedAfter(KwireServer server, byte[] bytes) throws Exception {
    try (Socket socket = new Socket(server.localAddress().getAddress(), server.localAddress().getPort())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(bytes);
      InputStream in = socket.getInputStream();
      assertEquals(-1, in.read(), "closed without an answer");
    }
  }

  @Test
  void closeWritesTheReasonAndCloseWithoutLogWritesNothing() throws Exception {
    try (KwireServer server = server(false)) {
      closedAfter(server, request(1));
      closedAfter(server, request(2));
    }
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).endsWith(": the session's reason; closing the connection"), lines.toString());
  }

  @Test
  void aRefusedFrameIsTheServersLineUnlessTheSessionSaysIt() throws Exception {
    byte[] tooLarge = ByteBuffer.allocate(4).putInt(65).array();
    try (KwireServer server = server(false)) {
      closedAfter(server, tooLarge);
    }
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).contains("request frame refused"), lines.toString());
    lines.clear();
    try (KwireServer server = server(true)) {
      closedAfter(server, tooLarge);
    }
    assertEquals(List.of(), lines);
  }

  @Test
  void aClientSeesTheCloseWithoutLogAsTheEndOfTheConnection() {
    try (KwireServer server = server(false);
        KwireClient client = KwireClient.builder().rawFrames().connect(server.localAddress())) {
      assertThrows(CompletionException.class, () -> client.sendFrame(request(2)).join());
    }
    assertEquals(List.of(), lines);
  }
}
