package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Captures tcpdump wrote of real clients (tools/capture/record.sh): every exchange decodes, pairs,
 * and re-encodes to the bytes captured, with no issue at all.
 */
class RealCapturesTest {
  static byte[] resource(String name) {
    try (InputStream in = RealCapturesTest.class.getResourceAsStream("/captures/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no capture " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"kafka-clients-4.4.0-vs-kafka-4.4.0.pcap", "kafka-clients-4.4.0-vs-kwire-fake.pcap",
      "kafka-clients-0.10.2.2-vs-kwire-fake.pcap", "sasl-plain-vs-kafka-4.4.0.pcap",
      "kafka-clients-0.10.2.2-and-4.4.0-via-bridge.pcap", "tls-client-via-proxy-and-plaintext-upstream.pcap",
      "kafka-clients-4.4.0-via-proxy-both-sides.pcap"})
  void everyExchangeDecodesAndReencodesByteIdentically(String name) {
    Captures read = Captures.read(resource(name));
    if (name.startsWith("kafka-clients-0.10.2.2")) { // against kwire-fake and through the bridge
      // the consumer closed with a Fetch in flight: the broker's answer never came
      assertEquals(List.of(CaptureIssue.Kind.UNANSWERED), read.issueKinds());
    } else {
      assertEquals(List.of(), read.issues());
    }
    assertFalse(read.exchanges().isEmpty());
    for (Exchange exchange : read.exchanges()) {
      assertEquals(List.of(), exchange.errors(), exchange.api());
      assertArrayEquals(exchange.requestFrame(), KafkaExchangesTest.reencodeRequest(exchange), exchange.api());
      if (exchange.answered()) {
        assertArrayEquals(exchange.responseFrame(), KafkaExchangesTest.reencodeResponse(exchange), exchange.api());
      } else {
        assertEquals(List.of("no response captured: the connection was closed"), exchange.notes());
      }
    }
  }

  @Test
  void theSameCaptureAsPcapngAndAsNanosecondPcapGivesTheSameExchangesAtTheSameTimes() {
    // converted by Wireshark's tools: tshark -F pcapng (a section header with options, an interface
    // description with options) and editcap -F nsecpcap
    Captures pcap = Captures.read(resource("kafka-clients-4.4.0-vs-kwire-fake.pcap"));
    for (String other : List.of("kafka-clients-4.4.0-vs-kwire-fake.pcapng",
        "kafka-clients-4.4.0-vs-kwire-fake.nanos.pcap")) {
      Captures read = Captures.read(resource(other));
      assertEquals(pcap.lines(), read.lines(), other);
      assertEquals(pcap.exchanges().stream().map(Exchange::requestTime).toList(),
          read.exchanges().stream().map(Exchange::requestTime).toList(), other);
      assertEquals(List.of(), read.issues(), other);
    }
  }

  @Test
  void summaryOfKafkaClients44AgainstKafka44() {
    CaptureSummary summary = new CaptureSummary();
    Captures.read(resource("kafka-clients-4.4.0-vs-kafka-4.4.0.pcap")).exchanges().forEach(summary::add);
    List<CaptureSummary.ClientSummary> clients = summary.clients();
    assertEquals(List.of("capture-kafka-admin", "capture-kafka-consumer", "capture-kafka-producer"),
        clients.stream().map(c -> c.client().clientId()).toList());
    for (CaptureSummary.ClientSummary c : clients) {
      assertEquals(new TreeSet<>(Set.of("apache-kafka-java 4.4.0")), c.software());
      assertEquals(new TreeSet<>(Set.of("orders")), c.topics());
    }
    CaptureSummary.ClientSummary consumer = clients.get(1);
    assertEquals(new TreeSet<>(Set.of("ApiVersions", "Fetch", "FindCoordinator", "JoinGroup", "LeaveGroup",
        "ListOffsets", "Metadata", "OffsetCommit", "OffsetFetch", "SyncGroup")), consumer.apis().keySet());
    assertEquals(new TreeSet<>(Set.of((short) 18)), consumer.apis().get("Fetch"));
    assertEquals(new TreeSet<>(Set.of("capture-kafka-group")), consumer.groups());
    assertEquals(18, consumer.requests());
    // COORDINATOR_LOAD_IN_PROGRESS and COORDINATOR_NOT_AVAILABLE while the group's coordinator starts, then
    // MEMBER_ID_REQUIRED on the first JoinGroup
    assertEquals(new TreeMap<>(Map.of((short) 14, 1L, (short) 15, 1L, (short) 79, 1L)), consumer.errors());
    CaptureSummary.ClientSummary producer = clients.get(2);
    assertEquals(7, producer.requests());
    assertEquals(700, producer.requestBytes());
    assertEquals(2145, producer.responseBytes());
    assertEquals(List.of(), summary.removedIn40());
  }

  @Test
  void kafkaClients0102UsedVersionsKafka40Removed() {
    CaptureSummary summary = new CaptureSummary();
    Captures.read(resource("kafka-clients-0.10.2.2-vs-kwire-fake.pcap")).exchanges().forEach(summary::add);
    assertEquals(List.of(
        new CaptureSummary.RemovedUse(new ClientKey("consumer-1", "127.0.0.1"), "", "Fetch", (short) 1, (short) 3,
            (short) 4, new TreeSet<>(Set.of("legacy")), Instant.parse("2026-12-06T10:21:01.137497Z"),
            Instant.parse("2026-12-06T10:21:01.154067Z"), 2),
        new CaptureSummary.RemovedUse(new ClientKey("producer-1", "127.0.0.1"), "", "Produce", (short) 0, (short) 2,
            (short) 3, new TreeSet<>(Set.of("legacy")), Instant.parse("2026-12-06T10:21:00.784788Z"),
            Instant.parse("2026-12-06T10:21:00.854432Z"), 3)), summary.removedIn40());
  }

  @Test
  void saslPlainIsDecodedAndItsPasswordNeverWritten() {
    byte[] capture = resource("sasl-plain-vs-kafka-4.4.0.pcap");
    String password = "alice-secret";
    // the capture itself holds the password (PLAIN sends it in clear): the check below can fail
    assertTrue(new String(capture, StandardCharsets.ISO_8859_1).contains(password));
    Captures read = Captures.read(capture);
    StringBuilder all = new StringBuilder();
    for (Exchange exchange : read.exchanges()) {
      all.append(ExchangeJson.line(exchange, ExchangeJson.SAFE)).append('\n');
    }
    assertFalse(all.toString().contains(password));
    assertFalse(all.toString().contains(Base64.getEncoder().encodeToString(("\0alice\0" + password)
        .getBytes(StandardCharsets.UTF_8))));
    List<String> sasl = all.toString().lines().filter(line -> line.contains("\"api\":\"SaslAuthenticate\"")).toList();
    assertEquals(2, sasl.size());
    assertTrue(sasl.get(0).contains("\"authBytes\":\"<redacted>\""), sasl.get(0));
    // without redaction the same line shows them: the redaction is what keeps them out
    Exchange first = read.exchanges().stream().filter(e -> e.api().equals("SaslAuthenticate")).findFirst()
        .orElseThrow();
    assertTrue(ExchangeJson.line(first, ExchangeJson.SAFE.withRedactedSecrets(false)).contains(
        Base64.getEncoder().encodeToString(("\0alice\0" + password).getBytes(StandardCharsets.UTF_8))));
  }
}
