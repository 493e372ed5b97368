package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** decode --jsonl and encode --jsonl: line for line, in order, errors confined to their line. */
class JsonLinesTest {
  private static final HexFormat HEX = HexFormat.of();

  private static String type(ApiMessageCodec<?> codec) {
    return codec.type().name().toLowerCase(java.util.Locale.ROOT);
  }

  @Test
  void everyApiAndVersionRoundTripsThroughBothModes() {
    List<String> bodies = new ArrayList<>();
    StringBuilder decodeIn = new StringBuilder();
    for (ApiMessageCodec<?> codec : KwireRegistry.standard().apis()) {
      var versions = codec.descriptor().validVersions();
      for (int v = versions.lowest(); v <= versions.highest(); v++) {
        String hex = HEX.formatHex(SampleWriter.body(codec.descriptor(), (short) v));
        bodies.add(hex);
        decodeIn.append("{\"api\":\"").append(Apis.baseName(codec)).append("\",\"type\":\"").append(type(codec))
            .append("\",\"version\":").append(v).append(",\"bodyHex\":\"").append(hex).append("\"}\n");
      }
    }
    CliRun decoded = CliRun.withInput(decodeIn.toString(), "decode", "--jsonl");
    assertEquals(0, decoded.exitCode(), decoded.err());
    assertEquals("", decoded.err(), "quiet when stderr is not a terminal");
    List<String> out = decoded.out().lines().toList();
    assertEquals(bodies.size(), out.size());
    assertTrue(bodies.size() > 700, "every version of every API (both ways): " + bodies.size());

    String[] in = decodeIn.toString().split("\n");
    StringBuilder encodeIn = new StringBuilder();
    for (int i = 0; i < out.size(); i++) {
      String line = out.get(i);
      String suffix = ",\"reencodedHex\":\"" + bodies.get(i) + "\"}";
      assertTrue(line.startsWith("{\"json\":{") && line.endsWith(suffix), in[i] + " gave " + line);
      String json = line.substring("{\"json\":".length(), line.length() - suffix.length());
      encodeIn.append(in[i], 0, in[i].indexOf(",\"bodyHex\"")).append(",\"json\":").append(json).append("}\n");
    }
    CliRun encoded = CliRun.withInput(encodeIn.toString(), "encode", "--jsonl");
    assertEquals(0, encoded.exitCode(), encoded.err());
    List<String> hexes = encoded.out().lines().toList();
    assertEquals(bodies.size(), hexes.size());
    for (int i = 0; i < hexes.size(); i++) {
      assertEquals("{\"bodyHex\":\"" + bodies.get(i) + "\"}", hexes.get(i), encodeIn.toString().split("\n")[i]);
    }
  }

  @Test
  void badLinesAreAnsweredAloneAndTheStreamGoesOn() {
    String good = "{\"api\":\"SaslAuthenticate\",\"type\":\"request\",\"version\":1,\"bodyHex\":\"00000003010203\","
        + "\"note\":{\"ignored\":[1,2]}}";
    String input = String.join("\n", good,
        "{\"api\":36,\"type\":\"request\",\"version\":1,\"bodyHex\":\"0000000301\"}",
        "not json",
        "",
        "{\"api\":\"NoSuchApi\",\"type\":\"request\",\"version\":1,\"bodyHex\":\"\"}",
        "{\"api\":\"36\",\"type\":\"sideways\",\"version\":1,\"bodyHex\":\"\"}",
        "{\"api\":\"36\",\"type\":\"request\",\"version\":99,\"bodyHex\":\"\"}",
        "{\"api\":\"36\",\"type\":\"request\",\"bodyHex\":\"\"}",
        "[1]",
        good) + "\n";
    CliRun run = CliRun.withInput(input, "decode", "--jsonl");
    assertEquals(0, run.exitCode(), run.err());
    List<String> out = run.out().lines().toList();
    String answer = "{\"json\":{\"authBytes\":\"AQID\"},\"reencodedHex\":\"00000003010203\"}";
    assertEquals(answer, out.get(0), "never redacted");
    assertTrue(out.get(1).startsWith("{\"error\":\"line 2: malformed input at offset"), out.get(1));
    assertTrue(out.get(2).startsWith("{\"error\":\"line 3: not valid JSON"), out.get(2));
    assertTrue(out.get(3).startsWith("{\"error\":\"line 5: no API is named NoSuchApi"), out.get(3));
    assertTrue(out.get(4).contains("\\\"type\\\" must be \\\"request\\\" or \\\"response\\\""), out.get(4));
    assertTrue(out.get(5).contains("not 99"), out.get(5));
    assertTrue(out.get(6).contains("a line needs"), out.get(6));
    assertTrue(out.get(7).contains("one JSON object"), out.get(7));
    assertEquals(answer, out.get(8));
    assertEquals(9, out.size());
  }

  @Test
  void encodeErrorsNameTheField() {
    String input = "{\"api\":\"CreateTopics\",\"type\":\"request\",\"version\":7,\"json\":{\"topics\":[]}}\n"
        + "{\"json\":{\"authBytes\":\"AQID\"},\"version\":1,\"type\":\"request\",\"api\":\"SaslAuthenticate\"}\n";
    CliRun run = CliRun.withInput(input, "encode", "--jsonl");
    assertEquals(List.of("{\"error\":\"line 1: CreateTopicsRequest.timeoutMs: is missing; the field is mandatory in"
        + " version 7\"}", "{\"bodyHex\":\"00000003010203\"}"), run.out().lines().toList());
  }

  @Test
  void encodeReadsJsonInPlaceOrAfterItsHeaderAndRefusesAHeaderChangedAfterIt() {
    String header = "\"api\":\"SaslAuthenticate\",\"type\":\"request\",\"version\":1";
    String input = "{" + header + ",\"json\":{\"authBytes\":\"AQID\"},\"note\":1}\n"
        + "{\"json\":{\"authBytes\":\"AQID\"}," + header + "}\n"
        + "{" + header + ",\"json\":{\"authBytes\":\"AQID\"},\"version\":0}\n"
        + "{" + header + ",\"json\":{\"authBytes\":[1}}\n";
    List<String> out = CliRun.withInput(input, "encode", "--jsonl").out().lines().toList();
    assertEquals("{\"bodyHex\":\"00000003010203\"}", out.get(0));
    assertEquals(out.get(0), out.get(1));
    assertEquals("{\"error\":\"line 3: \\\"version\\\" given again after \\\"json\\\"\"}", out.get(2));
    assertTrue(out.get(3).startsWith("{\"error\":\"line 4: not valid JSON"), out.get(3));
    assertEquals(4, out.size());
  }

  @Test
  void charactersBeyondTheBmpAreWrittenAsKafkaWritesThem() {
    String json = "{\"groups\":[\"g\uD83D\uDE00\"]}";
    String hex = CliRun.withInput(json, "encode", "--api", "DescribeGroups", "--version", "0").out().trim();
    CliRun run = CliRun.withInput("{\"api\":15,\"type\":\"request\",\"version\":0,\"bodyHex\":\"" + hex + "\"}\n",
        "decode", "--jsonl");
    // UTF-8 of U+1F600, not the escaped surrogate pair Jackson writes by default.
    assertEquals("{\"json\":" + json + ",\"reencodedHex\":\"" + hex + "\"}\n", run.out());
  }

  @Test
  void progressAsksForASummary() {
    String line = "{\"api\":\"36\",\"type\":\"request\",\"version\":1,\"bodyHex\":\"00000000\"}\n";
    CliRun run = CliRun.withInput(line + "{}\n" + line, "decode", "--jsonl", "--progress");
    assertEquals(3, run.out().lines().count());
    assertTrue(run.err().matches("\\rkwire: 3 lines, 1 errors, [0-9.]+ s \\([0-9]+ lines/s\\) *\n"), run.err());
  }
}
