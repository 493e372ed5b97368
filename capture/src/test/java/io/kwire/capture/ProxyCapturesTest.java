package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Captures tcpdump wrote of real clients going through kwire's proxy to the real Kafka 4.4.0 broker
 * (tools/capture/record.sh): old clients on the client side of {@code kwire bridge}, a TLS client
 * beside plaintext connections, and both sides of the proxy in one capture.
 */
class ProxyCapturesTest {
  /** The ports in the captures: the embedded broker's, and each proxy's listener. */
  private static final int BROKER_PORT = 38887;
  private static final int BRIDGE_PORT = 44651;
  private static final int TLS_PROXY_PORT = 46807;
  private static final int PROXY_PORT = 44205;

  @Test
  void theBridgesClientSideShowsWhatTheOldClientSentBeforeTranslation() {
    Captures read = Captures.read(RealCapturesTest.resource("kafka-clients-0.10.2.2-and-4.4.0-via-bridge.pcap"));
    // the 0.10.2.2 consumer closed with a Fetch in flight; the bridge never answered it
    assertEquals(List.of(CaptureIssue.Kind.UNANSWERED), read.issueKinds());
    assertEquals(26, read.exchanges().size());
    for (Exchange exchange : read.exchanges()) {
      assertEquals(BRIDGE_PORT, exchange.connection().broker().port());
      assertEquals(List.of(), exchange.errors(), exchange.api());
    }
    CaptureSummary summary = new CaptureSummary();
    read.exchanges().forEach(summary::add);
    // exactly what 0.10.2.2 sent: Produce v2 and Fetch v3, which 4.0 removed; its other requests
    // (Metadata v2, JoinGroup v1, OffsetFetch v2, ...) are versions 4.0 still accepts
    assertEquals(List.of(
        new CaptureSummary.RemovedUse(new ClientKey("consumer-1", "127.0.0.1"), "", "Fetch", (short) 1, (short) 3,
            (short) 4, new TreeSet<>(Set.of("bridged")), Instant.parse("2026-12-06T11:53:31.300486Z"),
            Instant.parse("2026-12-06T11:53:31.346814Z"), 2),
        new CaptureSummary.RemovedUse(new ClientKey("producer-1", "127.0.0.1"), "", "Produce", (short) 0, (short) 2,
            (short) 3, new TreeSet<>(Set.of("bridged")), Instant.parse("2026-12-06T11:53:30.898200Z"),
            Instant.parse("2026-12-06T11:53:30.916681Z"), 3)), summary.removedIn40());
    Map<String, CaptureSummary.ClientSummary> clients = summary.clients().stream()
        .collect(Collectors.toMap(c -> c.client().clientId(), c -> c));
    assertEquals(Set.of("consumer-1", "producer-1", "capture-bridge-producer"), clients.keySet());
    assertEquals(Map.of("ApiVersions", Set.of((short) 0), "Metadata", Set.of((short) 2), "Produce", Set.of((short) 2)),
        clients.get("producer-1").apis());
    assertEquals(6, clients.get("producer-1").requests());
    assertEquals(15, clients.get("consumer-1").requests());
    assertEquals(Map.of("ApiVersions", Set.of((short) 0), "Fetch", Set.of((short) 3), "FindCoordinator",
        Set.of((short) 0), "JoinGroup", Set.of((short) 1), "LeaveGroup", Set.of((short) 0), "ListOffsets",
        Set.of((short) 1), "Metadata", Set.of((short) 2), "OffsetCommit", Set.of((short) 2), "OffsetFetch",
        Set.of((short) 2), "SyncGroup", Set.of((short) 0)), clients.get("consumer-1").apis());
    // the 4.4.0 producer in the same capture: current versions only, so it is not in the report
    CaptureSummary.ClientSummary current = clients.get("capture-bridge-producer");
    assertEquals(new TreeSet<>(Set.of("apache-kafka-java 4.4.0")), current.software());
    assertEquals(Map.of("ApiVersions", Set.of((short) 5), "InitProducerId", Set.of((short) 5), "Metadata",
        Set.of((short) 13), "Produce", Set.of((short) 13)), current.apis());
    assertEquals(5, current.requests());
  }

  /** A 0.9.0.1 client through the bridge: what it sent that Kafka 4.0 no longer takes. */
  @Test
  void aKafka09ClientThroughTheBridgeIsListedWithEveryVersion40Removed() {
    Captures read = Captures.read(RealCapturesTest.resource("kafka-clients-0.9.0.1-via-bridge.pcap"));
    // the consumer closed two connections with a request in flight
    assertEquals(List.of(CaptureIssue.Kind.UNANSWERED, CaptureIssue.Kind.UNANSWERED), read.issueKinds());
    assertEquals(17, read.exchanges().size());
    for (Exchange exchange : read.exchanges()) {
      assertEquals(32815, exchange.connection().broker().port());
      assertEquals(List.of(), exchange.errors(), exchange.api());
    }
    CaptureSummary summary = new CaptureSummary();
    read.exchanges().forEach(summary::add);
    // Produce v1, Fetch v1 and ListOffsets v0 are gone in 4.0; its JoinGroup v0, OffsetFetch v1,
    // Metadata v0... are versions 4.0 still takes
    assertEquals(List.of(
        new CaptureSummary.RemovedUse(new ClientKey("consumer-1", "127.0.0.1"), "", "Fetch", (short) 1, (short) 1,
            (short) 4, new TreeSet<>(Set.of("bridged-09")), Instant.parse("2026-12-06T12:15:48.433729Z"),
            Instant.parse("2026-12-06T12:15:48.504262Z"), 2),
        new CaptureSummary.RemovedUse(new ClientKey("consumer-1", "127.0.0.1"), "", "ListOffsets", (short) 2,
            (short) 0, (short) 1, new TreeSet<>(Set.of("bridged-09")), Instant.parse("2026-12-06T12:15:48.372366Z"),
            Instant.parse("2026-12-06T12:15:48.372366Z"), 1),
        new CaptureSummary.RemovedUse(new ClientKey("producer-1", "127.0.0.1"), "", "Produce", (short) 0, (short) 1,
            (short) 3, new TreeSet<>(Set.of("bridged-09")), Instant.parse("2026-12-06T12:15:47.710706Z"),
            Instant.parse("2026-12-06T12:15:47.810461Z"), 3)), summary.removedIn40());
    Map<String, CaptureSummary.ClientSummary> clients = summary.clients().stream()
        .collect(Collectors.toMap(c -> c.client().clientId(), c -> c));
    assertEquals(Map.of("Fetch", Set.of((short) 1), "FindCoordinator", Set.of((short) 0), "JoinGroup",
        Set.of((short) 0), "LeaveGroup", Set.of((short) 0), "ListOffsets", Set.of((short) 0), "Metadata",
        Set.of((short) 0), "OffsetCommit", Set.of((short) 2), "OffsetFetch", Set.of((short) 1), "SyncGroup",
        Set.of((short) 0)), clients.get("consumer-1").apis());
    assertEquals(Map.of("Metadata", Set.of((short) 0), "Produce", Set.of((short) 1)), clients.get("producer-1").apis());
  }

  @Test
  void aTlsConnectionIsNamedAndSkippedWhileThePlaintextOnesBesideItDecode() {
    byte[] capture = RealCapturesTest.resource("tls-client-via-proxy-and-plaintext-upstream.pcap");
    Captures read = Captures.read(capture, CaptureOptions.defaults()
        .withBrokerPorts(Set.of(TLS_PROXY_PORT, BROKER_PORT)));
    // the Admin's two TLS connections to the proxy (bootstrap, then the node)
    assertEquals(List.of(CaptureIssue.Kind.TLS, CaptureIssue.Kind.TLS), read.issueKinds());
    assertEquals(List.of("127.0.0.1:41480 -> 127.0.0.1:46807", "127.0.0.1:41482 -> 127.0.0.1:46807"),
        read.issues().stream().map(CaptureIssue::connection).toList());
    // the proxy's plaintext connections to the broker, carrying what the Admin sent in TLS
    assertEquals(List.of(
        "ApiVersions v5 #0 127.0.0.1:35290 -> 127.0.0.1:38887",
        "Metadata v13 #1 127.0.0.1:35290 -> 127.0.0.1:38887",
        "ApiVersions v5 #2 127.0.0.1:35296 -> 127.0.0.1:38887",
        "DescribeCluster v2 #3 127.0.0.1:35296 -> 127.0.0.1:38887"), read.lines());
    for (Exchange exchange : read.exchanges()) {
      assertEquals(List.of(), exchange.errors(), exchange.api());
      assertEquals("capture-tls-admin", exchange.clientId());
      assertArrayEquals(exchange.responseFrame(), KafkaExchangesTest.reencodeResponse(exchange), exchange.api());
    }
    // without --port the TLS connections (on no Kafka port by convention) are skipped without a word
    Captures unported = Captures.read(capture);
    assertEquals(List.of(), unported.issues());
    assertEquals(read.lines(), unported.lines());
  }

  @Test
  void bothSidesOfTheProxyDecodeAndPairUp() {
    Captures read = Captures.read(RealCapturesTest.resource("kafka-clients-4.4.0-via-proxy-both-sides.pcap"));
    assertEquals(List.of(), read.issues());
    List<Exchange> clientSide = new ArrayList<>();
    List<Exchange> brokerSide = new ArrayList<>();
    for (Exchange exchange : read.exchanges()) {
      assertEquals(List.of(), exchange.errors(), exchange.api());
      assertTrue(exchange.answered(), exchange.api());
      assertArrayEquals(exchange.requestFrame(), KafkaExchangesTest.reencodeRequest(exchange), exchange.api());
      assertArrayEquals(exchange.responseFrame(), KafkaExchangesTest.reencodeResponse(exchange), exchange.api());
      int port = exchange.connection().broker().port();
      (port == PROXY_PORT ? clientSide : brokerSide).add(exchange);
      assertTrue(port == PROXY_PORT || port == BROKER_PORT, exchange.connection().toString());
    }
    List<String> expected = List.of("ApiVersions v5 #0", "Metadata v13 #1", "InitProducerId v5 #2",
        "ApiVersions v5 #4", "Produce v13 #5", "Produce v13 #6", "Produce v13 #7");
    assertEquals(expected, shortLines(clientSide));
    assertEquals(expected, shortLines(brokerSide));
    // each client connection has its own upstream connection; the proxy forwards each request
    // unchanged and relays the answer after the broker's came
    Map<String, String> upstreamOf = new TreeMap<>();
    for (int i = 0; i < clientSide.size(); i++) {
      Exchange client = clientSide.get(i);
      Exchange broker = brokerSide.get(i);
      upstreamOf.merge(client.connection().client().toString(), broker.connection().client().toString(),
          (a, b) -> {
            assertEquals(a, b, client.api());
            return a;
          });
      assertArrayEquals(client.requestFrame(), broker.requestFrame(), client.api());
      assertTrue(!broker.requestTime().isBefore(client.requestTime()), client.api());
      assertTrue(!client.responseTime().isBefore(broker.responseTime()), client.api());
      if (client.api().equals("Metadata")) { // the proxy puts its own address in place of the broker's
        assertFalse(Arrays.equals(client.responseFrame(), broker.responseFrame()));
      } else {
        assertArrayEquals(client.responseFrame(), broker.responseFrame(), client.api());
      }
    }
    assertEquals(Map.of("127.0.0.1:60224", "127.0.0.1:48242", "127.0.0.1:60240", "127.0.0.1:48248"), upstreamOf);
  }

  private static List<String> shortLines(List<Exchange> exchanges) {
    return exchanges.stream().map(e -> e.api() + " v" + e.version() + " #" + e.correlationId()).toList();
  }
}
