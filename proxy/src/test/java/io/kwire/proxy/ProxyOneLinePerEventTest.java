package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.proxy.filter.Filter;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: a refused frame, or a request failed in flight, is one log line: the proxy's event, and
 * no WARNING of kwire-net's server closing the connection for the same reason.
 */
class ProxyOneLinePerEventTest {
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  private final List<String> netLines = Collections.synchronizedList(new ArrayList<>());
  private final Logger net = Logger.getLogger("io.kwire.net.KwireServer");
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      if (record.getLevel().intValue() >= Level.INFO.intValue()) {
        netLines.add(record.getMessage());
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  @BeforeEach
  void captureNetLines() {
    net.addHandler(capture);
  }

  @AfterEach
  void releaseNetLines() {
    net.removeHandler(capture);
  }

  private static void answerApiVersions(int connection, byte[] request, OutputStream out) throws IOException {
    out.write(Wire.apiVersionsResponse(Wire.correlationId(request), List.of(Wire.api(18, 0, 4))));
  }

  /** Sends {@code request} through a proxy of {@code broker} configured by {@code config}; the proxy closes the connection. */
  private void closedAfter(FakeBroker broker, UnaryOperator<ProxyConfig> config, byte[] request) throws IOException {
    try (KwireProxy proxy = KwireProxy.start(config.apply(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0),
        broker.address()).withEvents(events::add)))) {
      try (Socket client = Wire.connect(proxy.localAddress())) {
        client.getOutputStream().write(request);
        assertEquals(0, Wire.readToEnd(client).length, "closed, nothing sent back");
      }
    } // closed: every line of that connection has been written
  }

  private void assertOneLine(String expected) {
    assertEquals(1, events.size(), events.toString());
    assertEquals(true, events.get(0).contains(expected), events.toString());
    assertEquals(List.of(), netLines, "kwire-net's line would repeat the event");
  }

  @Test
  void aFramePastTheSizeBoundIsOneLine() throws Exception {
    byte[] request = Wire.apiVersionsRequest(1);
    try (FakeBroker broker = new FakeBroker(ProxyOneLinePerEventTest::answerApiVersions)) {
      closedAfter(broker, c -> c.withMaxFrameBytes(request.length - 5), request);
    }
    assertOneLine("request frame refused, closing the connection");
  }

  @Test
  void aFilterFailingOnARequestIsOneLine() throws Exception {
    Filter failing = registry -> registry.onRequest(ApiVersionsRequest.class, (request, context) -> {
      throw new IllegalStateException("the filter's bug");
    });
    try (FakeBroker broker = new FakeBroker(ProxyOneLinePerEventTest::answerApiVersions)) {
      closedAfter(broker, c -> c.withFilter(failing), Wire.apiVersionsRequest(1));
    }
    assertOneLine("filter failed on request ApiVersions v3 correlation id 1");
  }

  @Test
  void anUpstreamClosingWithTheRequestInFlightIsOneLine() throws Exception {
    FakeBroker.Answer dropping = (connection, request, out) -> {
      throw new IOException("closing with the request unanswered");
    };
    try (FakeBroker broker = new FakeBroker(dropping)) {
      closedAfter(broker, c -> c, Wire.apiVersionsRequest(1));
    }
    assertOneLine("closed the connection; closing the client");
  }

  @Test
  void aTimeoutOfARequestKwireCannotAnswerIsOneLine() throws Exception {
    FakeBroker.Answer silent = (connection, request, out) -> { };
    try (FakeBroker broker = new FakeBroker(silent)) {
      closedAfter(broker, c -> c.withRequestTimeout(Duration.ofMillis(200)), unknownApiRequest(5));
    }
    assertOneLine("did not answer request");
  }

  /** A request of an API key kwire has no codec for (header v1: key, version, correlation id, client id). */
  private static byte[] unknownApiRequest(int correlationId) {
    ByteBuffer frame = ByteBuffer.allocate(4 + 10);
    frame.putInt(10).putShort((short) 999).putShort((short) 0).putInt(correlationId).putShort((short) -1);
    return frame.array();
  }
}
