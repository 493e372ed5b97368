package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.capture.CaptureFiles.Link;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A capture edited to duplicate, reorder and drop packets gives the same exchanges, except those the
 * loss makes undecidable; captures that start in the middle of a connection find the first frame.
 */
class ReassemblyTest {
  private static final List<String> ALL = List.of(
      "ApiVersions v3 #1 10.0.0.1:50123 -> 10.0.0.2:9092",
      "Metadata v12 #2 10.0.0.1:50123 -> 10.0.0.2:9092",
      "FindCoordinator v3 #3 10.0.0.1:50123 -> 10.0.0.2:9092");

  private static List<TestPacket> packets() {
    return new ArrayList<>(KafkaTraffic.conversation(KafkaTraffic.threeExchanges(1), true, 20).packets);
  }

  private static Captures read(List<TestPacket> packets) {
    return Captures.read(CaptureFiles.pcap(packets, Link.ETHERNET, ByteOrder.BIG_ENDIAN, true));
  }

  @Test
  void duplicatedSegmentsAreRetransmissions() {
    List<TestPacket> packets = packets();
    List<TestPacket> doubled = new ArrayList<>();
    for (int i = 0; i < packets.size(); i++) {
      doubled.add(packets.get(i));
      if (i % 3 == 0) {
        doubled.add(packets.get(i));
      }
    }
    Captures read = read(doubled);
    assertEquals(ALL, read.lines());
    assertEquals(List.of(), read.issues());
  }

  @Test
  void reorderedSegmentsOfOneDirectionArePutBackInOrder() {
    List<TestPacket> packets = packets();
    Random random = new Random(42);
    // swap neighbours that travel the same way (the other way's ACKs keep their place)
    for (int i = 3; i + 1 < packets.size(); i++) {
      TestPacket a = packets.get(i);
      TestPacket b = packets.get(i + 1);
      if (a.source().equals(b.source()) && a.payload().length > 0 && b.payload().length > 0 && random.nextBoolean()) {
        packets.set(i, b);
        packets.set(i + 1, a);
        i++;
      }
    }
    Captures read = read(packets);
    assertEquals(ALL, read.lines());
    assertEquals(List.of(), read.issues());
  }

  @Test
  void aRetransmissionWhoseBytesDifferIsReportedAndTheFirstBytesKept() {
    List<TestPacket> packets = packets();
    // hold two segments ahead of a hole; a "retransmission" of the second with other bytes comes before the hole fills
    int hole = firstDataPacket(packets, true);
    TestPacket missing = packets.remove(hole);
    TestPacket ahead = packets.get(hole + 1);
    byte[] forged = ahead.payload().clone();
    forged[0] ^= 0x55;
    packets.add(hole + 2, new TestPacket(ahead.timeNanos(), ahead.source(), ahead.destination(), ahead.sequence(),
        ahead.acknowledgement(), ahead.flags(), forged));
    packets.add(hole + 3, missing);
    Captures read = read(packets);
    assertEquals(ALL, read.lines());
    assertEquals(List.of(CaptureIssue.Kind.CONFLICTING_OVERLAP), read.issueKinds());
  }

  @Test
  void aLostSegmentLosesItsExchangeOnlyAndDecodingResumesAtTheNextFrame() {
    List<TestPacket> packets = packets();
    // drop the second segment of the Metadata request (the first request of the connection is ApiVersions)
    int metadataStart = indexOfPayloadStarting(packets, KafkaTraffic.threeExchanges(1).get(1).request());
    packets.remove(metadataStart + 1);
    Captures read = read(packets);
    assertEquals(List.of("ApiVersions v3 #1 10.0.0.1:50123 -> 10.0.0.2:9092",
        "FindCoordinator v3 #3 10.0.0.1:50123 -> 10.0.0.2:9092"), read.lines());
    assertEquals(List.of(CaptureIssue.Kind.LOSS, CaptureIssue.Kind.UNMATCHED_RESPONSE, CaptureIssue.Kind.LOSS),
        read.issueKinds());
    assertTrue(read.issues().get(2).message().startsWith("decoding resumes at the first frame shown to be Kafka's"),
        read.issues().get(2).message());
    assertTrue(read.exchanges().get(1).connection().lossy());
    assertTrue(!read.exchanges().get(0).connection().lossy());
  }

  @Test
  void aCaptureThatStartsMidStreamDecodesFromTheFirstFrameShownToBeKafkas() {
    List<TestPacket> packets = packets();
    // no handshake, and the first two segments of the ApiVersions request missing
    int first = firstDataPacket(packets, true);
    List<TestPacket> late = new ArrayList<>(packets.subList(first + 2, packets.size()));
    Captures read = read(late);
    assertEquals(ALL.subList(1, 3), read.lines());
    // the broker side starts mid-stream too: the ApiVersions response answers no captured request, so its sync skips it
    assertEquals(List.of(CaptureIssue.Kind.MIDSTREAM, CaptureIssue.Kind.MIDSTREAM), read.issueKinds());
    assertTrue(read.exchanges().get(0).connection().midstream());
  }

  @Test
  void oneByteSegmentsAreReassembled() {
    List<TestPacket> packets = new ArrayList<>(KafkaTraffic.conversation(KafkaTraffic.threeExchanges(1), true, 1)
        .packets);
    assertEquals(ALL, read(packets).lines());
  }

  private static int firstDataPacket(List<TestPacket> packets, boolean fromClient) {
    for (int i = 0; i < packets.size(); i++) {
      if (packets.get(i).payload().length > 0 && (packets.get(i).source().port() != 9092) == fromClient) {
        return i;
      }
    }
    throw new AssertionError("no data packet");
  }

  private static int indexOfPayloadStarting(List<TestPacket> packets, byte[] frame) {
    for (int i = 0; i < packets.size(); i++) {
      byte[] payload = packets.get(i).payload();
      if (payload.length == 20 && java.util.Arrays.equals(payload, 0, payload.length, frame, 0, payload.length)) {
        return i;
      }
    }
    throw new AssertionError("no packet starts the frame");
  }
}
