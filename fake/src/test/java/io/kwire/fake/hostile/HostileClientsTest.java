package io.kwire.fake.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.net.KwireClient;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * kwire-net's hostile-client checks, held by the fake's brokers: lies about sizes, bytes that are no
 * request, a frame cut short, each closes that connection alone, and a normal client is served
 * right after, by the same broker.
 */
class HostileClientsTest {
  private static FakeCluster kafka;
  private static InetSocketAddress broker;

  @BeforeAll
  static void start() {
    kafka = FakeCluster.builder().topic("t", 1, 1).start();
    broker = new InetSocketAddress("127.0.0.1", kafka.brokers().get(0).port());
  }

  @AfterAll
  static void stop() {
    kafka.close();
  }

  @Test
  void aTwoGibibyteSizeClaimIsRefusedAtOnce() throws IOException {
    assertClosedAfter("7fffffff" + "00030000");
    assertANormalClientIsServed();
  }

  @Test
  void aNegativeSizeIsRefusedAtOnce() throws IOException {
    assertClosedAfter("ffffffff");
    assertANormalClientIsServed();
  }

  @Test
  void aFrameJustOverKafkasSocketRequestMaxBytesIsRefused() throws IOException {
    assertClosedAfter(String.format("%08x", 100 * 1024 * 1024 + 1)); // socket.request.max.bytes: 100 MiB
    assertANormalClientIsServed();
  }

  @Test
  void anUnknownApiKeyClosesTheConnectionAsKafkaDoes() throws IOException {
    // size 10: api key 9999, version 0, correlation id 1, client id null
    assertClosedAfter("0000000a" + "270f" + "0000" + "00000001" + "ffff");
    assertANormalClientIsServed();
  }

  @Test
  void aRequestWhoseBodyDoesNotReadClosesTheConnection() throws IOException {
    // Metadata v12 (flexible), its topics array claiming 2^31 entries in 3 bytes
    assertClosedAfter("00000010" + "0003" + "000c" + "00000001" + "ffff" + "00" + "ffffffff07");
    assertANormalClientIsServed();
  }

  private static void assertClosedAfter(String hex) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(broker, 5_000);
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(HexFormat.of().parseHex(hex));
      assertTrue(closedByServer(socket.getInputStream()), "the broker kept the connection open");
    }
  }

  private static boolean closedByServer(InputStream in) throws IOException {
    try {
      return in.read() < 0;
    } catch (SocketException reset) {
      return true;
    }
  }

  private static void assertANormalClientIsServed() {
    try (KwireClient client = KwireClient.connect(broker)) {
      MetadataResponse metadata = client.send(new MetadataRequestBuilder().topics(List.of()).build(),
          MetadataResponse.class).join();
      assertEquals(1, metadata.brokers().size());
    }
  }
}
