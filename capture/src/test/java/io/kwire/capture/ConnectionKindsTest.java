package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.capture.CaptureFiles.Link;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.SaslHandshakeRequestBuilder;
import io.kwire.messages.SaslHandshakeRequestCodec;
import io.kwire.messages.SaslHandshakeResponseBuilder;
import io.kwire.messages.SaslHandshakeResponseCodec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** TLS, connections that are not Kafka, acks=0, SASL's v0 raw tokens, IP fragments, unknown link types. */
class ConnectionKindsTest {
  private static final List<String> GOOD = List.of(
      "ApiVersions v3 #1 10.0.0.1:50123 -> 10.0.0.2:9092",
      "Metadata v12 #2 10.0.0.1:50123 -> 10.0.0.2:9092",
      "FindCoordinator v3 #3 10.0.0.1:50123 -> 10.0.0.2:9092");

  private static List<TestPacket> good() {
    return KafkaTraffic.conversation(KafkaTraffic.threeExchanges(1), true, 1000).packets;
  }

  private static byte[] pcap(List<TestPacket> packets) {
    return CaptureFiles.pcap(packets, Link.RAW, ByteOrder.BIG_ENDIAN, false);
  }

  @Test
  void tlsIsNamedAndSkipped() {
    TcpConversation tls = new TcpConversation("10.0.0.7", 41000, "10.0.0.2", 9093, 0).handshake();
    byte[] clientHello = new byte[200];
    ByteBuffer.wrap(clientHello).put((byte) 0x16).put((byte) 3).put((byte) 1).putShort((short) 195).put((byte) 1);
    tls.client(clientHello, 1000).broker(new byte[] {0x16, 3, 3, 0, 10, 2, 0, 0, 6, 3, 3, 0, 0, 0, 0}, 1000);
    List<TestPacket> packets = new ArrayList<>(tls.packets);
    packets.addAll(good());
    Captures read = Captures.read(pcap(packets));
    assertEquals(GOOD, read.lines());
    assertEquals(List.of(CaptureIssue.Kind.TLS), read.issueKinds());
    assertEquals("10.0.0.7:41000 -> 10.0.0.2:9093", read.issues().get(0).connection());
  }

  @Test
  void whatIsNotKafkaIsLeftAloneAndNamedOnlyOnABrokerPort() {
    TcpConversation http = new TcpConversation("10.0.0.8", 42000, "10.0.0.2", 9092, 0).handshake()
        .client("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII), 1000);
    List<TestPacket> packets = new ArrayList<>(http.packets);
    packets.addAll(good());
    Captures found = Captures.read(pcap(packets));
    assertEquals(GOOD, found.lines());
    assertEquals(List.of(), found.issues()); // by content, a connection that is not Kafka is no news
    Captures byPort = Captures.read(pcap(packets), CaptureOptions.defaults().withBrokerPorts(Set.of(9092)));
    assertEquals(GOOD, byPort.lines());
    assertEquals(List.of(CaptureIssue.Kind.NOT_KAFKA), byPort.issueKinds());
    assertEquals("not a Kafka connection (a first frame of 1195725856 bytes): skipped", // "GET " as a size
        byPort.issues().get(0).message());
  }

  @Test
  void produceWithAcksZeroIsAnExchangeWithoutResponse() {
    byte[] produce = KafkaTraffic.request(ProduceRequestCodec.INSTANCE, 9, 4, new ProduceRequestBuilder()
        .acks((short) 0).topicData(List.of(new ProduceRequestBuilder.TopicProduceDataBuilder().name("fire")
            .partitionData(List.of(new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0).build()))
            .build())).build());
    TcpConversation tcp = new TcpConversation("10.0.0.1", 50123, "10.0.0.2", 9092, 0).handshake()
        .client(produce, 1000).fin();
    Captures read = Captures.read(pcap(tcp.packets));
    assertEquals(List.of("Produce v9 #4 10.0.0.1:50123 -> 10.0.0.2:9092 unanswered"), read.lines());
    assertEquals(List.of("acks=0: the broker sends no response"), read.exchanges().get(0).notes());
    assertEquals(List.of(), read.issues());
  }

  @Test
  void saslHandshakeV0TokensAreNeverShownNotEvenInPart() {
    String password = "hunter2-secret";
    byte[] token = ("\0alice\0" + password).getBytes(StandardCharsets.UTF_8);
    byte[] tokenFrame = ByteBuffer.allocate(4 + token.length).putInt(token.length).put(token).array();
    TcpConversation tcp = new TcpConversation("10.0.0.1", 50123, "10.0.0.2", 9092, 0).handshake()
        .client(KafkaTraffic.request(SaslHandshakeRequestCodec.INSTANCE, 0, 1, new SaslHandshakeRequestBuilder()
            .mechanism("PLAIN").build()), 1000)
        .broker(KafkaTraffic.response(SaslHandshakeResponseCodec.INSTANCE, 0, 1, new SaslHandshakeResponseBuilder()
            .mechanisms(List.of("PLAIN")).build()), 1000)
        .client(tokenFrame, 1000)
        .broker(new byte[] {0, 0, 0, 4, 0, 0, 0, 0}, 1000);
    List<TestPacket> packets = new ArrayList<>(tcp.packets);
    Captures read = Captures.read(pcap(packets));
    assertEquals(List.of("SaslHandshake v0 #1 10.0.0.1:50123 -> 10.0.0.2:9092"), read.lines());
    String everything = read.issues().toString() + read.exchanges().stream()
        .map(e -> ExchangeJson.line(e, ExchangeJson.SAFE)).toList();
    assertFalse(everything.contains("hunter"), everything);
    assertFalse(everything.contains("alice"), everything);
  }

  @Test
  void ipFragmentsAndUnknownLinkTypesAreReported() {
    List<TestPacket> packets = good();
    byte[] pcap = pcap(packets);
    // the first packet (the SYN) as a fragment: more-fragments set in its IPv4 header
    byte[] fragmented = pcap.clone();
    fragmented[24 + 16 + 6] |= 0x20;
    Captures read = Captures.read(fragmented);
    assertEquals(GOOD, read.lines()); // the SYN is missed: the client is then found by content
    assertEquals(CaptureIssue.Kind.SKIPPED_PACKET, read.issueKinds().get(0));
    assertTrue(read.issues().get(0).message().startsWith("IPv4 fragment"), read.issues().get(0).message());

    byte[] unknownLink = pcap.clone();
    ByteBuffer.wrap(unknownLink).putInt(20, 147); // LINKTYPE_USER0
    Captures unknown = Captures.read(unknownLink);
    assertEquals(List.of(), unknown.lines());
    assertEquals(List.of(CaptureIssue.Kind.SKIPPED_PACKET), unknown.issueKinds()); // once, not per packet
  }
}
