package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The message log through the proxy: it never holds traffic up, and it is bounded per line and on disk. */
class ProxyLogTest {
  private final List<String> log = Collections.synchronizedList(new ArrayList<>());

  /** ApiVersions answered; anything else gets an 8-byte raw answer. */
  private static void broker(int connection, byte[] request, OutputStream out) throws IOException {
    int id = Wire.correlationId(request);
    if (io.kwire.runtime.Frames.peekRequest(request).apiKey() == 18) {
      out.write(Wire.apiVersionsResponse(id, List.of(Wire.api(18, 0, 4))));
    } else {
      out.write(ByteBuffer.allocate(12).putInt(8).putInt(id).putInt(0).array());
    }
  }

  private static ProxyConfig config(FakeBroker broker) {
    return ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address()).withEvents(line -> { });
  }

  private static void roundTrips(KwireProxy proxy, int count) throws IOException {
    try (Socket client = Wire.connect(proxy.localAddress())) {
      for (int i = 1; i <= count; i++) {
        client.getOutputStream().write(Wire.apiVersionsRequest(i));
        assertEquals(i, ByteBuffer.wrap(Wire.readFrame(client), 4, 4).getInt());
      }
    }
  }

  @Test
  void aLogThatHangsNeverHoldsUpTheTraffic() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    try (FakeBroker broker = new FakeBroker(ProxyLogTest::broker);
        KwireProxy proxy = KwireProxy.start(config(broker).withLog(line -> {
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          log.add(line);
        }))) {
      roundTrips(proxy, 50); // each would wait for the log if it were written on the event loop
      release.countDown();
    }
    assertEquals(100, log.size(), "a request and a response line each, written once the log went on");
  }

  /** A Metadata request naming {@code topics} topics. */
  private static byte[] metadata(int topics) {
    List<MetadataRequest.MetadataRequestTopic> names = IntStream.range(0, topics)
        .mapToObj(i -> new MetadataRequestBuilder.MetadataRequestTopicBuilder().name("topic-" + i).build()).toList();
    return Wire.request(MetadataRequestCodec.INSTANCE, (short) 12, 3, new MetadataRequestBuilder().topics(names).build());
  }

  @Test
  void aMessageOverTheCapIsNamedInAShortLineNotRendered() throws Exception {
    byte[] big = metadata(400); // 40 kB of JSON
    byte[] small = metadata(30); // a frame under the cap whose JSON is over it
    int cap = 1000;
    try (FakeBroker broker = new FakeBroker(ProxyLogTest::broker);
        KwireProxy proxy = KwireProxy.start(config(broker).withLog(log::add).withLogMessageMaxBytes(cap));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(big);
      Wire.readFrame(client);
      client.getOutputStream().write(small);
      Wire.readFrame(client);
    }
    assertTrue(small.length - 4 < cap && big.length - 4 > cap, small.length + " " + big.length);
    assertEquals(2, log.size(), log.toString()); // the raw answers are not logged
    for (String line : log) {
      assertTrue(line.length() < 400, line);
      assertTrue(line.contains("\"api\":\"Metadata\",\"apiKey\":3,\"version\":12,"), line);
    }
    assertTrue(log.get(0).contains("\"frameBytes\":" + big.length + ",\"omitted\":\"frame over the 1000-byte log"
        + " message cap\""), log.get(0));
    assertTrue(log.get(1).contains("\"frameBytes\":" + small.length + ",\"omitted\":\"JSON over the 1000-byte log"
        + " message cap\""), log.get(1));
  }

  @Test
  void aLogFileIsRotatedBySizeKeepingItsFiles(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("proxy.log");
    try (FakeBroker broker = new FakeBroker(ProxyLogTest::broker);
        KwireProxy proxy = KwireProxy.start(config(broker).withLogFile(file).withLogRotation(2000, 3))) {
      roundTrips(proxy, 40);
    }
    try (var files = Files.list(dir)) {
      assertEquals(List.of("proxy.log", "proxy.log.1", "proxy.log.2"),
          files.map(f -> f.getFileName().toString()).sorted().toList());
    }
    for (String name : List.of("proxy.log", "proxy.log.1", "proxy.log.2")) {
      assertTrue(Files.size(dir.resolve(name)) <= 2000, name + ": " + Files.size(dir.resolve(name)));
    }
    List<String> last = Files.readAllLines(file);
    assertTrue(last.get(last.size() - 1).contains("\"direction\":\"response\",\"api\":\"ApiVersions\",\"apiKey\":18,"
        + "\"version\":3,\"correlationId\":40,"), last.toString());
  }

  @Test
  void linesDroppedAreInTheStats() {
    Counters counters = new Counters();
    counters.logDropped.add(3);
    assertEquals(3, counters.snapshot().logDropped());
    assertTrue(counters.snapshot().summary().contains(", log lines dropped 3\n"), counters.snapshot().summary());
  }
}
