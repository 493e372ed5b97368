package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.capture.CaptureFiles.Link;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Frames are cut, paired by correlation id, decoded with the request's version, and re-encode to the captured bytes. */
class KafkaExchangesTest {
  private static byte[] capture(List<TestPacket> packets) {
    return CaptureFiles.pcap(packets, Link.ETHERNET, ByteOrder.LITTLE_ENDIAN, false);
  }

  @Test
  void everyExchangeIsDecodedPairedAndReencodesToTheCapturedBytes() {
    List<KafkaTraffic.FramePair> pairs = KafkaTraffic.threeExchanges(100);
    Captures read = Captures.read(capture(KafkaTraffic.conversation(pairs, true, 37).packets));
    assertEquals(3, read.exchanges().size());
    for (int i = 0; i < 3; i++) {
      Exchange exchange = read.exchanges().get(i);
      KafkaTraffic.FramePair pair = pairs.get(i);
      assertEquals(pair.api(), exchange.api());
      assertEquals(pair.version(), exchange.version());
      assertEquals(pair.correlationId(), exchange.correlationId());
      assertEquals(KafkaTraffic.CLIENT_ID, exchange.clientId());
      assertArrayEquals(pair.request(), exchange.requestFrame());
      assertArrayEquals(pair.response(), exchange.responseFrame());
      assertEquals(pair.request().length, exchange.requestSize());
      assertEquals(pair.response().length, exchange.responseSize());
      assertArrayEquals(pair.request(), reencodeRequest(exchange));
      assertArrayEquals(pair.response(), reencodeResponse(exchange));
      assertEquals(List.of(), exchange.errors());
    }
    // the software is known from the ApiVersions request on, on every exchange of the connection
    assertEquals(new ClientSoftware("kwire-test", "1.2.3"), read.exchanges().get(2).connection().software());
    assertEquals(List.of(), read.issues());
  }

  @SuppressWarnings("unchecked")
  static byte[] reencodeRequest(Exchange exchange) {
    return Frames.encodeRequest(exchange.requestHeader(), (ApiMessageCodec<Object>) exchange.requestCodec(),
        exchange.request());
  }

  @SuppressWarnings("unchecked")
  static byte[] reencodeResponse(Exchange exchange) {
    ResponseHeader header = exchange.responseHeader();
    return Frames.encodeResponse(header, (ApiMessageCodec<Object>) exchange.responseCodec(),
        exchange.responseVersion(), exchange.response());
  }

  @Test
  void responsesArePairedByCorrelationIdNotByOrder() {
    List<KafkaTraffic.FramePair> pairs = KafkaTraffic.threeExchanges(1);
    TcpConversation tcp = new TcpConversation("10.0.0.1", 50000, "10.0.0.2", 9092, 0).handshake();
    pairs.forEach(pair -> tcp.client(pair.request(), 1500));
    // answered in another order than asked (Kafka answers in order; pairing must not rely on it)
    tcp.broker(pairs.get(2).response(), 1500).broker(pairs.get(0).response(), 1500).broker(pairs.get(1).response(),
        1500);
    Captures read = Captures.read(capture(tcp.fin().packets));
    assertEquals(List.of("FindCoordinator v3 #3 10.0.0.1:50000 -> 10.0.0.2:9092",
        "ApiVersions v3 #1 10.0.0.1:50000 -> 10.0.0.2:9092", "Metadata v12 #2 10.0.0.1:50000 -> 10.0.0.2:9092"),
        read.lines());
  }

  @Test
  void aResponseWithoutItsRequestIsSaidSoAndARequestWithoutResponseIsKept() {
    List<KafkaTraffic.FramePair> pairs = KafkaTraffic.threeExchanges(1);
    TcpConversation tcp = new TcpConversation("10.0.0.1", 50000, "10.0.0.2", 9092, 0).handshake()
        .client(pairs.get(0).request(), 1500).broker(pairs.get(0).response(), 1500)
        .broker(KafkaTraffic.response(io.kwire.messages.FindCoordinatorResponseCodec.INSTANCE, 3, 77,
            new io.kwire.messages.FindCoordinatorResponseBuilder().build()), 1500)
        .client(pairs.get(1).request(), 1500);
    Captures read = Captures.read(capture(tcp.packets));
    assertEquals(List.of("ApiVersions v3 #1 10.0.0.1:50000 -> 10.0.0.2:9092",
        "Metadata v12 #2 10.0.0.1:50000 -> 10.0.0.2:9092 unanswered"), read.lines());
    assertEquals(List.of(CaptureIssue.Kind.UNMATCHED_RESPONSE, CaptureIssue.Kind.UNANSWERED), read.issueKinds());
    assertTrue(read.issues().get(0).message().contains("correlation id 77"), read.issues().get(0).message());
    assertNull(read.exchanges().get(1).latency());
  }

  @Test
  void brokerPortsPickTheConnectionsAndTheirBrokerSide() {
    List<KafkaTraffic.FramePair> pairs = KafkaTraffic.threeExchanges(1);
    byte[] capture = capture(KafkaTraffic.conversation(pairs, false, 1500).packets);
    // no SYN: without --port the client is found by content; with a port not in the capture, nothing is followed
    assertEquals(3, Captures.read(capture).exchanges().size());
    assertEquals(3, Captures.read(capture, CaptureOptions.defaults().withBrokerPorts(Set.of(9092))).exchanges()
        .size());
    assertEquals(0, Captures.read(capture, CaptureOptions.defaults().withBrokerPorts(Set.of(9093))).exchanges()
        .size());
  }

  @Test
  void headerOfTheRequestIsKept() {
    List<KafkaTraffic.FramePair> pairs = KafkaTraffic.threeExchanges(5);
    Exchange first = Captures.read(capture(KafkaTraffic.conversation(pairs, true, 1500).packets)).exchanges().get(0);
    assertEquals(new RequestHeader((short) 18, (short) 3, 5, KafkaTraffic.CLIENT_ID), first.requestHeader());
    assertEquals(new ResponseHeader(5), first.responseHeader());
  }
}
