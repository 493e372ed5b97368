package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.capture.CaptureFiles.Link;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A capture is attacker-controlled: every bad case below is reported with where it was, reading goes
 * on with the rest, and what is held stays within the limits (kwire's own accounting of held bytes).
 */
class HostileInputTest {
  private static final List<String> GOOD = List.of(
      "ApiVersions v3 #1 10.0.0.1:50123 -> 10.0.0.2:9092",
      "Metadata v12 #2 10.0.0.1:50123 -> 10.0.0.2:9092",
      "FindCoordinator v3 #3 10.0.0.1:50123 -> 10.0.0.2:9092");

  private static List<TestPacket> good() {
    return KafkaTraffic.conversation(KafkaTraffic.threeExchanges(1), true, 100).packets;
  }

  private static byte[] pcapWith(List<TestPacket> packets, byte[] insertedAfterHeader) {
    byte[] pcap = CaptureFiles.pcap(packets, Link.RAW, ByteOrder.LITTLE_ENDIAN, false);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(pcap, 0, 24);
    out.writeBytes(insertedAfterHeader);
    out.write(pcap, 24, pcap.length - 24);
    return out.toByteArray();
  }

  @Test
  void anAbsurdSnapLengthIsReportedAndIgnored() {
    byte[] pcap = CaptureFiles.pcap(good(), Link.RAW, ByteOrder.LITTLE_ENDIAN, false);
    ByteBuffer.wrap(pcap).order(ByteOrder.LITTLE_ENDIAN).putInt(16, Integer.MAX_VALUE);
    Captures read = Captures.read(pcap);
    assertEquals(GOOD, read.lines());
    assertEquals(List.of(CaptureIssue.Kind.LIMIT), read.issueKinds());
    assertEquals(16, read.issues().get(0).fileOffset());
  }

  @Test
  void anOversizedPcapRecordIsSkippedAndOneThatCannotBeTrueEndsTheFile() {
    byte[] big = new byte[300_000];
    Captures skipped = Captures.read(pcapWith(good(), CaptureFiles.pcapRecord(0, big, ByteOrder.LITTLE_ENDIAN, false)));
    assertEquals(GOOD, skipped.lines());
    assertEquals(List.of(CaptureIssue.Kind.LIMIT), skipped.issueKinds());
    assertEquals("offset 24, packet 1: limit: packet of 300000 captured byte(s) exceeds the 262144-byte packet "
        + "limit: skipped", skipped.issues().get(0).toString());

    // a record header claiming 2 GB: nothing after it can be found again
    byte[] header = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(0).putInt(0)
        .putInt(Integer.MAX_VALUE).putInt(Integer.MAX_VALUE).array();
    Captures corrupt = Captures.read(pcapWith(good(), header));
    assertEquals(List.of(), corrupt.lines());
    assertEquals(List.of(CaptureIssue.Kind.CORRUPT_BLOCK), corrupt.issueKinds());
  }

  @Test
  void aTruncatedLastPacketIsReportedAndWhatCameBeforeIsKept() {
    byte[] pcap = CaptureFiles.pcap(good(), Link.ETHERNET, ByteOrder.BIG_ENDIAN, true);
    byte[] cut = java.util.Arrays.copyOf(pcap, pcap.length - 30); // inside the last (ACK) packet
    Captures read = Captures.read(cut);
    assertEquals(GOOD, read.lines());
    assertEquals(List.of(CaptureIssue.Kind.TRUNCATED), read.issueKinds());
  }

  @Test
  void pcapngBlocksThatAreCorruptOrTooLargeAreReportedAndSkipped() {
    ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    byte[] pcapng = CaptureFiles.pcapng(good(), List.of(new CaptureFiles.Interface(Link.RAW, -1)), order);
    int afterIdb = 28 + 24; // SHB of 28 bytes, IDB of 24
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(pcapng, 0, afterIdb);
    // an unknown block larger than the block limit, skipped by its length
    out.writeBytes(CaptureFiles.block(0x0BAD, new byte[400_000], order));
    // an enhanced packet block whose captured length exceeds its body
    ByteBuffer lying = ByteBuffer.allocate(24).order(order).putInt(0).putInt(0).putInt(0).putInt(1000).putInt(1000);
    out.writeBytes(CaptureFiles.block(6, lying.array(), order));
    // a block whose trailing length disagrees with its leading one
    byte[] mismatched = CaptureFiles.block(0x0BAD, new byte[8], order);
    mismatched[mismatched.length - 4] = 99;
    out.writeBytes(mismatched);
    // a packet of an interface the section never described
    ByteBuffer stranger = ByteBuffer.allocate(24).order(order).putInt(7).putInt(0).putInt(0).putInt(4).putInt(4);
    out.writeBytes(CaptureFiles.block(6, stranger.array(), order));
    out.write(pcapng, afterIdb, pcapng.length - afterIdb);
    Captures read = Captures.read(out.toByteArray());
    assertEquals(GOOD, read.lines());
    assertEquals(List.of(CaptureIssue.Kind.LIMIT, CaptureIssue.Kind.CORRUPT_BLOCK, CaptureIssue.Kind.CORRUPT_BLOCK,
        CaptureIssue.Kind.CORRUPT_BLOCK), read.issueKinds());
    assertEquals(afterIdb, read.issues().get(0).fileOffset());

    // a block length no block can have ends the file: nothing says where the next block starts
    byte[] impossible = out.toByteArray();
    ByteBuffer.wrap(impossible).order(order).putInt(afterIdb + 4, 13);
    Captures ended = Captures.read(impossible);
    assertEquals(List.of(), ended.lines());
    assertEquals(List.of(CaptureIssue.Kind.CORRUPT_BLOCK), ended.issueKinds());
  }

  @Test
  void aTwoGigabyteFrameIsSkippedOnItsConnectionAndOthersDecode() {
    List<TestPacket> packets = new ArrayList<>();
    // a request that decodes (the connection carries Kafka), then a frame claiming 2 GB
    TcpConversation hostile = new TcpConversation("10.0.0.66", 40000, "10.0.0.2", 9092, 1_000_000).handshake()
        .client(KafkaTraffic.threeExchanges(1).get(0).request(), 1000);
    byte[] claim = ByteBuffer.allocate(64).putInt(Integer.MAX_VALUE).putShort((short) 0).array();
    for (int i = 0; i < 200; i++) {
      hostile.client(claim, 64);
    }
    packets.addAll(hostile.packets);
    packets.addAll(good());
    Captures read = Captures.read(CaptureFiles.pcap(packets, Link.RAW, ByteOrder.LITTLE_ENDIAN, false));
    assertEquals(GOOD, read.lines().subList(0, 3));
    // its request is left unanswered when the capture ends
    assertEquals("ApiVersions v3 #1 10.0.0.66:40000 -> 10.0.0.2:9092 unanswered", read.lines().get(3));
    assertEquals(List.of(CaptureIssue.Kind.LIMIT, CaptureIssue.Kind.UNANSWERED), read.issueKinds());
    assertTrue(read.issues().get(0).message().startsWith("frame of 2147483647 bytes exceeds the 67108864-byte"),
        read.issues().get(0).message());
    assertEquals("10.0.0.66:40000 -> 10.0.0.2:9092", read.issues().get(0).connection());
    assertTrue(read.stats().peakBytesHeld() < 64 * 1024, "held " + read.stats().peakBytesHeld());
  }

  @Test
  void manyTinySegmentsAheadOfAHoleStayWithinTheSegmentLimit() {
    // one connection: its first byte never captured, then 50,000 one-byte segments with a hole before each
    TcpConversation tcp = new TcpConversation("10.0.0.66", 40000, "10.0.0.2", 9092, 1_000_000).handshake();
    byte[] stream = new byte[100_000];
    new Random(7).nextBytes(stream);
    tcp.client(stream, 1);
    List<TestPacket> every = tcp.packets;
    List<TestPacket> packets = new ArrayList<>(every.subList(0, 3));
    for (int i = 3; i < every.size(); i += 2) {
      packets.add(every.get(i + 1 < every.size() ? i + 1 : i));
    }
    packets.addAll(good());
    CaptureLimits limits = CaptureLimits.DEFAULT;
    Captures read = Captures.read(CaptureFiles.pcap(packets, Link.RAW, ByteOrder.LITTLE_ENDIAN, false),
        CaptureOptions.defaults().withLimits(limits));
    assertEquals(GOOD, read.lines());
    // the held segments, and the bytes kept while looking for a frame in what came through the holes;
    // unbounded, 50,000 held segments would be 3.2 MB
    long bound = (long) limits.maxOutOfOrderSegments() * (1 + Budget.PIECE_OVERHEAD) + (64 << 10);
    assertTrue(read.stats().peakBytesHeld() <= bound, "held " + read.stats().peakBytesHeld() + " > " + bound);
    assertTrue(read.stats().issues(CaptureIssue.Kind.LOSS) > 0);
  }

  @Test
  void manyConnectionsWithHalfFramesStayWithinTheBufferAndConnectionLimits() {
    // 300 connections, each sending 200 KB of a 1 MB frame and nothing more
    List<TestPacket> packets = new ArrayList<>();
    byte[] half = new byte[200_000];
    ByteBuffer.wrap(half).putInt(1_000_000).putShort((short) 3).putShort((short) 12);
    for (int i = 0; i < 300; i++) {
      TcpConversation tcp = new TcpConversation("10.1." + (i / 250) + "." + (i % 250 + 1), 30000 + i, "10.0.0.2",
          9092, 1_000_000).handshake();
      tcp.client(half, 60_000);
      packets.addAll(tcp.packets);
    }
    packets.addAll(good());
    CaptureLimits limits = CaptureLimits.DEFAULT.withBufferedBytes(1 << 20, 8 << 20).withMaxConnections(50);
    Captures read = Captures.read(CaptureFiles.pcap(packets, Link.RAW, ByteOrder.LITTLE_ENDIAN, false),
        CaptureOptions.defaults().withLimits(limits));
    assertEquals(GOOD, read.lines());
    assertTrue(read.stats().peakBytesHeld() <= 8 << 20, "held " + read.stats().peakBytesHeld());
    assertTrue(read.stats().issues(CaptureIssue.Kind.LIMIT) >= 250, read.stats().issues().toString());
    assertEquals(0, read.stats().bytesHeld());
  }

  @Test
  void randomlyCorruptedCapturesNeverFailOtherwiseThanSaid() {
    byte[] pcap = CaptureFiles.pcap(good(), Link.ETHERNET, ByteOrder.LITTLE_ENDIAN, false);
    byte[] pcapng = CaptureFiles.pcapng(good(), List.of(new CaptureFiles.Interface(Link.SLL2, 9)),
        ByteOrder.BIG_ENDIAN);
    Random random = new Random(20261206);
    for (int round = 0; round < 400; round++) {
      byte[] capture = (round % 2 == 0 ? pcap : pcapng).clone();
      int flips = 1 + random.nextInt(20);
      for (int i = 0; i < flips; i++) {
        capture[24 + random.nextInt(capture.length - 24)] = (byte) random.nextInt(256);
      }
      // must end, with exchanges and issues, and never throw
      Captures read = Captures.read(capture);
      assertTrue(read.exchanges().size() <= 3 + 3, "round " + round);
      assertEquals(0, read.stats().bytesHeld(), "round " + round);
    }
  }
}
