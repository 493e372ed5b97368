package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The real capture of kafka-clients 4.4.0 against Kafka 4.4.0, edited: duplicated and reordered
 * packets give the same exchanges; a dropped packet loses only the exchange whose request it carried.
 */
class RealCaptureEditsTest {
  private static final String NAME = "kafka-clients-4.4.0-vs-kafka-4.4.0.pcap";

  /** A pcap record: its bytes (header included) and the TCP segment it carries, if any. */
  private record Rec(byte[] bytes, TcpSegment segment) {
    boolean data() {
      return segment != null && segment.payloadLength() > 0;
    }
  }

  private static byte[] header;

  private static List<Rec> records() {
    byte[] file = RealCapturesTest.resource(NAME);
    ByteBuffer in = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN); // tcpdump on x86 writes little-endian
    assertEquals(0xa1b2c3d4, in.getInt(0));
    header = Arrays.copyOf(file, 24);
    int linkType = in.getInt(20);
    PacketDecoder decoder = new PacketDecoder(issue -> { });
    List<Rec> records = new ArrayList<>();
    for (int at = 24; at < file.length; ) {
      int captured = in.getInt(at + 8);
      byte[] bytes = Arrays.copyOfRange(file, at, at + 16 + captured);
      byte[] data = Arrays.copyOfRange(file, at + 16, at + 16 + captured);
      records.add(new Rec(bytes, decoder.decode(new Packet(records.size() + 1, at, 0, linkType, data, captured))));
      at += 16 + captured;
    }
    return records;
  }

  private static Captures read(List<Rec> records) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(header);
    records.forEach(r -> out.writeBytes(r.bytes()));
    return Captures.read(out.toByteArray());
  }

  @Test
  void duplicatedAndReorderedPacketsGiveTheSameExchanges() {
    List<Rec> records = records();
    Captures original = read(records);
    List<Rec> edited = new ArrayList<>();
    Random random = new Random(896);
    for (Rec r : records) {
      edited.add(r);
      if (r.data() && random.nextInt(4) == 0) {
        edited.add(r); // a retransmission
      }
    }
    int swaps = 0;
    for (int i = 0; i + 1 < edited.size(); i++) {
      Rec a = edited.get(i);
      Rec b = edited.get(i + 1);
      if (a.data() && b.data() && a.segment().source().equals(b.segment().source())
          && a.segment().destination().equals(b.segment().destination()) && a.segment().sequence()
          != b.segment().sequence()) {
        edited.set(i, b);
        edited.set(i + 1, a);
        swaps++;
        i++;
      }
    }
    assertTrue(swaps > 0, "no neighbours to swap");
    Captures read = read(edited);
    assertEquals(original.lines(), read.lines());
    assertEquals(List.of(), read.issues());
  }

  @Test
  void aDroppedPacketLosesOnlyTheExchangeItsRequestWasIn() {
    List<Rec> records = records();
    Captures original = read(records);
    // the producer's second Produce request: one packet from the client, carrying the whole frame
    Exchange produce = original.exchanges().stream().filter(e -> e.api().equals("Produce")).skip(1).findFirst()
        .orElseThrow();
    int correlationId = produce.correlationId();
    int dropped = -1;
    for (int i = 0; i < records.size(); i++) {
      TcpSegment segment = records.get(i).segment();
      if (records.get(i).data() && Arrays.equals(segment.bytes(), segment.payloadOffset(),
          segment.payloadOffset() + segment.payloadLength(), produce.requestFrame(), 0, produce.requestSize())) {
        dropped = i;
      }
    }
    assertTrue(dropped > 0, "no packet holds the whole request");
    List<Rec> edited = new ArrayList<>(records);
    edited.remove(dropped);
    Captures read = read(edited);
    List<String> expected = new ArrayList<>(original.lines());
    String lost = expected.stream().filter(line -> line.startsWith("Produce v13 #" + correlationId + " ")).findFirst()
        .orElseThrow();
    expected.remove(lost);
    assertEquals(expected, read.lines());
    // the response comes before anything shows the request lost: the client's next request is held behind
    // the hole until the broker acknowledges past it; decoding resumes at that request
    assertEquals(List.of(CaptureIssue.Kind.UNMATCHED_RESPONSE, CaptureIssue.Kind.LOSS, CaptureIssue.Kind.LOSS),
        read.issueKinds());
    // the exchanges after the loss on that connection say so
    assertTrue(read.exchanges().stream().filter(e -> e.connection().lossy()).count() >= 1);
  }
}
