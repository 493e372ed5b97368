package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.capture.CaptureFiles.Link;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Simple packet blocks, sections of both byte orders in one file, RST, and connections evicted when idle. */
class MoreFormatsAndEndingsTest {
  private static final List<String> GOOD = List.of(
      "ApiVersions v3 #1 10.0.0.1:50123 -> 10.0.0.2:9092",
      "Metadata v12 #2 10.0.0.1:50123 -> 10.0.0.2:9092",
      "FindCoordinator v3 #3 10.0.0.1:50123 -> 10.0.0.2:9092");

  private static List<TestPacket> good() {
    return KafkaTraffic.conversation(KafkaTraffic.threeExchanges(1), true, 200).packets;
  }

  @Test
  void simplePacketBlocksAndTwoSectionsOfEitherByteOrder() {
    List<TestPacket> packets = good();
    int half = packets.size() / 2;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    // section 1, big-endian: enhanced packet blocks; section 2, little-endian: simple packet blocks on its interface 0
    out.writeBytes(CaptureFiles.pcapng(packets.subList(0, half), List.of(new CaptureFiles.Interface(Link.RAW, -1)),
        ByteOrder.BIG_ENDIAN));
    ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    out.writeBytes(CaptureFiles.block(0x0A0D0D0A, ByteBuffer.allocate(16).order(order).putInt(0x1A2B3C4D)
        .putShort((short) 1).putShort((short) 0).putLong(-1).array(), order));
    out.writeBytes(CaptureFiles.block(1, ByteBuffer.allocate(8).order(order).putShort((short) Link.ETHERNET.type)
        .putShort((short) 0).putInt(0).array(), order));
    for (TestPacket packet : packets.subList(half, packets.size())) {
      byte[] data = Link.ETHERNET.wrap.apply(packet.ip());
      out.writeBytes(CaptureFiles.block(3, ByteBuffer.allocate(4 + data.length).order(order).putInt(data.length)
          .put(data).array(), order));
    }
    Captures read = Captures.read(out.toByteArray());
    assertEquals(GOOD, read.lines());
    assertEquals(List.of(), read.issues());
  }

  @Test
  void aResetEndsTheConnectionAndItsWaitingRequestIsPrintedUnanswered() {
    TcpConversation tcp = new TcpConversation("10.0.0.1", 50123, "10.0.0.2", 9092, 0).handshake();
    List<KafkaTraffic.FramePair> pairs = KafkaTraffic.threeExchanges(1);
    tcp.client(pairs.get(0).request(), 1000).broker(pairs.get(0).response(), 1000).client(pairs.get(1).request(), 1000);
    List<TestPacket> packets = new ArrayList<>(tcp.packets);
    TestPacket last = packets.get(packets.size() - 1);
    packets.add(new TestPacket(last.timeNanos() + 1, last.destination(), last.source(), last.acknowledgement(), 0,
        TcpSegment.RST, new byte[0]));
    Captures read = Captures.read(CaptureFiles.pcap(packets, Link.RAW, ByteOrder.BIG_ENDIAN, false));
    assertEquals(List.of("ApiVersions v3 #1 10.0.0.1:50123 -> 10.0.0.2:9092",
        "Metadata v12 #2 10.0.0.1:50123 -> 10.0.0.2:9092 unanswered"), read.lines());
    assertEquals(List.of("no response captured: the connection was closed"), read.exchanges().get(1).notes());
    assertEquals(List.of(CaptureIssue.Kind.UNANSWERED), read.issueKinds());
  }

  @Test
  void aConnectionSilentForLongerThanTheIdleLimitIsFinished() {
    // connection A asks and never hears back; 10 s later connection B answers once, sends 4096 bare ACKs
    // (the table looks for idle connections every 4096 segments), and answers again
    List<KafkaTraffic.FramePair> pairs = KafkaTraffic.threeExchanges(1);
    TcpConversation a = new TcpConversation("10.0.0.5", 45000, "10.0.0.2", 9092, 0).handshake()
        .client(pairs.get(0).request(), 1000);
    TcpConversation b = new TcpConversation("10.0.0.1", 50123, "10.0.0.2", 9092, 10_000_000_000L).handshake()
        .client(pairs.get(0).request(), 1000).broker(pairs.get(0).response(), 1000).acks(4096)
        .client(pairs.get(1).request(), 1000).broker(pairs.get(1).response(), 1000);
    List<TestPacket> packets = new ArrayList<>(a.packets);
    packets.addAll(b.packets);
    CaptureLimits limits = new CaptureLimits(1 << 18, 1 << 20, 1 << 20, 1 << 24, 100, 100, 100, 5_000_000_000L);
    Captures read = Captures.read(CaptureFiles.pcap(packets, Link.RAW, ByteOrder.BIG_ENDIAN, false),
        CaptureOptions.defaults().withLimits(limits));
    assertEquals(List.of("ApiVersions v3 #1 10.0.0.1:50123 -> 10.0.0.2:9092",
        "ApiVersions v3 #1 10.0.0.5:45000 -> 10.0.0.2:9092 unanswered",
        "Metadata v12 #2 10.0.0.1:50123 -> 10.0.0.2:9092"), read.lines());
    assertEquals(List.of("no response captured: idle for longer than the idle limit"),
        read.exchanges().get(1).notes());
  }
}
