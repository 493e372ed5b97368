package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** kwire capture on real captures (tcpdump of kafka-clients against Kafka 4.4.0 and against kwire-fake). */
class CaptureCommandTest {
  private static final String KAFKA = "kafka-clients-4.4.0-vs-kafka-4.4.0.pcap";
  private static final String OLD = "kafka-clients-0.10.2.2-vs-kwire-fake.pcap";
  /** kafka-clients 0.10.2.2 and 4.4.0 on the client side of kwire bridge, to Kafka 4.4.0. */
  private static final String BRIDGED = "kafka-clients-0.10.2.2-and-4.4.0-via-bridge.pcap";

  static Path path(String name) {
    try {
      return Path.of(CaptureCommandTest.class.getResource("/captures/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] bytes(String name) {
    try (InputStream in = CaptureCommandTest.class.getResourceAsStream("/captures/" + name)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void oneJsonLinePerExchange() throws IOException {
    CliRun run = CliRun.of("capture", path(KAFKA).toString());
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("", run.err());
    List<String> lines = run.out().lines().toList();
    assertEquals(29, lines.size());
    Map<String, String> first = topLevel(lines.get(0));
    assertEquals("\"ApiVersions\"", first.get("api"));
    assertEquals("5", first.get("version"));
    assertEquals("0", first.get("correlationId"));
    assertEquals("\"capture-kafka-admin\"", first.get("clientId"));
    assertEquals("{\"name\":\"apache-kafka-java\",\"version\":\"4.4.0\"}", first.get("clientSoftware"));
    assertEquals("{\"clientSoftwareName\":\"apache-kafka-java\",\"clientSoftwareVersion\":\"4.4.0\",\"clusterId\":null,"
        + "\"nodeId\":-1}",
        first.get("request"));
    assertTrue(first.get("client").startsWith("\"127.0.0.1:"), first.get("client"));
    for (String key : List.of("time", "broker", "apiKey", "requestBytes", "responseBytes", "latencyMs", "response")) {
      assertTrue(first.containsKey(key), key + " in " + lines.get(0));
    }
    // record data is left out as Kafka's request log leaves it out
    String produce = lines.stream().filter(line -> line.contains("\"api\":\"Produce\"")).findFirst().orElseThrow();
    assertTrue(produce.contains("\"records\":\"\""), produce);
  }

  @Test
  void stdinGzippedGivesTheSameLines() throws IOException {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(bytes(KAFKA));
    }
    CliRun fromFile = CliRun.of("capture", path(KAFKA).toString());
    CliRun fromStdin = CliRun.withInput(gz.toByteArray(), "capture", "-");
    assertEquals(0, fromStdin.exitCode(), fromStdin.err());
    assertEquals(fromFile.out(), fromStdin.out());
  }

  @Test
  void portsChooseTheConnections() {
    assertEquals("", CliRun.of("capture", "--port", "1,2", path(KAFKA).toString()).out());
  }

  @Test
  void summaryPerClient() {
    CliRun run = CliRun.of("capture", "--summary", path(OLD).toString());
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("""
        consumer-1@127.0.0.1  (software not named)
          requests:  13 (1 without a captured response), 885 bytes out, 1257 bytes in
          latency:   p50 9.080 ms, p99 51.300 ms
          apis:      ApiVersions v0, Fetch v3, FindCoordinator v0, JoinGroup v1, LeaveGroup v0, ListOffsets v1, \
        Metadata v2, OffsetCommit v2, OffsetFetch v2, SyncGroup v0
          topics:    legacy
          groups:    legacy-group
          errors:    none
        producer-1@127.0.0.1  (software not named)
          requests:  6, 360 bytes out, 656 bytes in
          latency:   p50 3.150 ms, p99 65.300 ms
          apis:      ApiVersions v0, Metadata v2, Produce v2
          topics:    legacy
          groups:    -
          errors:    none
        """, run.out());
    // the Fetch the consumer left in flight when it closed
    assertTrue(run.err().contains("unanswered: 1 request(s) without a captured response"), run.err());
  }

  @Test
  void removedIn40() {
    CliRun run = CliRun.of("capture", "--removed-in", "4.0", path(OLD).toString());
    assertEquals("""
        Request versions Kafka 4.0 removed (KIP-896), by client:
        consumer-1@127.0.0.1  (software not named)
          Fetch v3 (4.0 accepts v4+): 2 request(s), 2026-12-06T10:21:01.137497Z .. 2026-12-06T10:21:01.154067Z, \
        topics: legacy
        producer-1@127.0.0.1  (software not named)
          Produce v2 (4.0 accepts v3+): 3 request(s), 2026-12-06T10:21:00.784788Z .. 2026-12-06T10:21:00.854432Z, \
        topics: legacy
        """, run.out());
    assertEquals("No client used a request version Kafka 4.0 removed (KIP-896).\n",
        CliRun.of("capture", "--removed-in", "4.0", path(KAFKA).toString()).out());
  }

  @Test
  void removedIn40OnTheClientSideOfTheBridgeNamesOnlyTheOldClient() {
    CliRun run = CliRun.of("capture", "--removed-in", "4.0", path(BRIDGED).toString());
    assertEquals(0, run.exitCode(), run.err());
    // capture-bridge-producer (kafka-clients 4.4.0) used the bridge too, with versions 4.0 accepts
    assertEquals("""
        Request versions Kafka 4.0 removed (KIP-896), by client:
        consumer-1@127.0.0.1  (software not named)
          Fetch v3 (4.0 accepts v4+): 2 request(s), 2026-12-06T11:53:31.300486Z .. 2026-12-06T11:53:31.346814Z, \
        topics: bridged
        producer-1@127.0.0.1  (software not named)
          Produce v2 (4.0 accepts v3+): 3 request(s), 2026-12-06T11:53:30.898200Z .. 2026-12-06T11:53:30.916681Z, \
        topics: bridged
        """, run.out());
  }

  @Test
  void badInputAndUsage() {
    CliRun notACapture = CliRun.withInput("hello, world", "capture", "-");
    assertEquals(1, notACapture.exitCode());
    assertEquals("kwire: offset 0: corrupt_block: not a pcap or pcapng capture (it starts with 68656c6c; tcpdump -w "
        + "writes pcap)\n", notACapture.err());
    CliRun release = CliRun.of("capture", "--removed-in", "3.0", path(OLD).toString());
    assertEquals(1, release.exitCode());
    assertEquals("kwire: --removed-in knows 4.0 only (KIP-896), not 3.0\n", release.err());
  }

  @Test
  void htmlPageWithOneEntryPerExchange(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path page = dir.resolve("capture.html");
    CliRun run = CliRun.of("capture", "--html", page.toString(), path(KAFKA).toString());
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("", run.out());
    String html = java.nio.file.Files.readString(page);
    // well-formed XML, so that it can be checked as a document
    org.w3c.dom.Document document = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(page.toFile());
    assertEquals(29, document.getElementsByTagName("details").getLength());
    assertTrue(html.contains("<span class=\"api\">ApiVersions v5</span>"), html.substring(0, 2000));
    assertTrue(html.contains("&quot;clientSoftwareName&quot; : &quot;apache-kafka-java&quot;"));
    assertTrue(html.contains("<p>29 exchange(s).</p>"));
  }

  /** Each top-level member of a JSON object as its JSON text. */
  private static Map<String, String> topLevel(String json) throws IOException {
    JsonFactory factory = JsonFactory.builder().build();
    Map<String, String> members = new HashMap<>();
    try (JsonParser p = factory.createParser(json)) {
      assertEquals(JsonToken.START_OBJECT, p.nextToken());
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String name = p.currentName();
        p.nextToken();
        java.io.StringWriter text = new java.io.StringWriter();
        try (com.fasterxml.jackson.core.JsonGenerator g = factory.createGenerator(text)) {
          g.copyCurrentStructure(p);
        }
        members.put(name, text.toString());
      }
    }
    return members;
  }
}
