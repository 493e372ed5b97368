package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.capture.CaptureFiles.Interface;
import io.kwire.capture.CaptureFiles.Link;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every file format, byte order, time resolution and link type gives the same exchanges at the same times. */
class CaptureFormatsTest {
  private static final List<String> EXPECTED = List.of(
      "ApiVersions v3 #7 10.0.0.1:50123 -> 10.0.0.2:9092",
      "Metadata v12 #8 10.0.0.1:50123 -> 10.0.0.2:9092",
      "FindCoordinator v3 #9 10.0.0.1:50123 -> 10.0.0.2:9092");

  private static List<TestPacket> packets() {
    return KafkaTraffic.conversation(KafkaTraffic.threeExchanges(7), true, 64).packets;
  }

  static Stream<Arguments> pcapVariants() {
    List<Arguments> all = new ArrayList<>();
    for (Link link : Link.values()) {
      for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
        for (boolean nanos : List.of(false, true)) {
          all.add(Arguments.of(link, order, nanos));
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("pcapVariants")
  void pcap(Link link, ByteOrder order, boolean nanos) {
    Captures read = Captures.read(CaptureFiles.pcap(packets(), link, order, nanos));
    assertEquals(EXPECTED, read.lines());
    assertEquals(List.of(), read.issues());
    assertTimes(read);
  }

  @ParameterizedTest
  @EnumSource(names = {"BIG_ENDIAN", "LITTLE_ENDIAN"}, value = ByteOrderName.class)
  void pcapngWithSeveralInterfacesOfTheirOwnLinkAndResolution(ByteOrderName name) {
    // packets alternate between an Ethernet interface in microseconds, an SLL2 one in nanoseconds
    // (10^-9) and a loopback one in 2^-20 units; an unknown block follows each packet
    List<Interface> interfaces = List.of(new Interface(Link.ETHERNET_VLAN, -1), new Interface(Link.SLL2, 9),
        new Interface(Link.NULL, 0x80 | 20));
    Captures read = Captures.read(CaptureFiles.pcapng(packets(), interfaces, name.order));
    assertEquals(EXPECTED, read.lines());
    assertEquals(List.of(), read.issues());
  }

  enum ByteOrderName {
    BIG_ENDIAN(ByteOrder.BIG_ENDIAN), LITTLE_ENDIAN(ByteOrder.LITTLE_ENDIAN);

    final ByteOrder order;

    ByteOrderName(ByteOrder order) {
      this.order = order;
    }
  }

  @Test
  void gzipCompressedCapturesAreSniffedAndRead() {
    Captures read = Captures.read(CaptureFiles.gzip(CaptureFiles.pcap(packets(), Link.ETHERNET,
        ByteOrder.LITTLE_ENDIAN, false)));
    assertEquals(EXPECTED, read.lines());
  }

  @Test
  void ipv6() {
    TcpConversation tcp = new TcpConversation("fd00::1", 50000, "fd00::2", 9093, 1_700_000_000_000_000_000L)
        .handshake();
    KafkaTraffic.threeExchanges(1).forEach(pair -> tcp.client(pair.request(), 1000).broker(pair.response(), 1000));
    Captures read = Captures.read(CaptureFiles.pcap(tcp.fin().packets, Link.ETHERNET, ByteOrder.BIG_ENDIAN, false));
    assertEquals(List.of("ApiVersions v3 #1 [fd00:0:0:0:0:0:0:1]:50000 -> [fd00:0:0:0:0:0:0:2]:9093",
        "Metadata v12 #2 [fd00:0:0:0:0:0:0:1]:50000 -> [fd00:0:0:0:0:0:0:2]:9093",
        "FindCoordinator v3 #3 [fd00:0:0:0:0:0:0:1]:50000 -> [fd00:0:0:0:0:0:0:2]:9093"), read.lines());
  }

  @Test
  void aStreamThatIsNoCaptureIsOneClearError() {
    CaptureException e = assertThrows(CaptureException.class,
        () -> Captures.read("GET / HTTP/1.1\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
    assertEquals("offset 0: corrupt_block: not a pcap or pcapng capture (it starts with 47455420; tcpdump -w "
        + "writes pcap)", e.getMessage());
  }

  /** Each exchange's request completes at its last segment, the response at its own: 64-byte segments, 1 ms apart. */
  private static void assertTimes(Captures read) {
    List<TestPacket> packets = packets();
    long start = packets.get(0).timeNanos();
    // handshake (3 packets), then per exchange: request segments, then response segments
    int at = 3;
    for (int i = 0; i < 3; i++) {
      KafkaTraffic.FramePair pair = KafkaTraffic.threeExchanges(7).get(i);
      at += segments(pair.request().length);
      long requestTime = packets.get(at - 1).timeNanos();
      at += segments(pair.response().length);
      long responseTime = packets.get(at - 1).timeNanos();
      Exchange exchange = read.exchanges().get(i);
      assertEquals(requestTime - start, nanos(exchange.requestTime()) - start);
      assertEquals(responseTime - requestTime, exchange.latency().toNanos());
    }
  }

  private static int segments(int bytes) {
    return (bytes + 63) / 64;
  }

  private static long nanos(java.time.Instant time) {
    return time.getEpochSecond() * 1_000_000_000L + time.getNano();
  }
}
