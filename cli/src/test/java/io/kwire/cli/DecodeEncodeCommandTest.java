package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** decode and encode of one message or one frame, as a user runs them. */
class DecodeEncodeCommandTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();
  private static final HexFormat HEX = HexFormat.of();

  private static CliRun ok(CliRun run) {
    assertEquals(0, run.exitCode(), run.err());
    return run;
  }

  @Test
  void bodiesRoundTripForSeveralApisAndVersions() {
    int checked = 0;
    for (String api : List.of("Produce", "Fetch", "CreateTopics", "Metadata", "SaslAuthenticate", "DescribeConfigs")) {
      for (MessageType type : new MessageType[] {MessageType.REQUEST, MessageType.RESPONSE}) {
        ApiMessageCodec<?> codec = Apis.find(REGISTRY, api, type);
        var versions = codec.descriptor().validVersions();
        for (int v : new int[] {versions.lowest(), (versions.lowest() + versions.highest()) / 2, versions.highest()}) {
          String direction = type == MessageType.REQUEST ? "--request" : "--response";
          String hex = HEX.formatHex(SampleWriter.body(codec.descriptor(), (short) v));
          String json = ok(CliRun.withInput(hex, "decode", "--api", api, "--version", "" + v, direction,
              "--show-secrets")).out();
          assertTrue(json.startsWith("{\n"), "indented by default: " + json);
          String back = ok(CliRun.withInput(json, "encode", "--api", "" + codec.apiKey(), "--version", "" + v,
              direction)).out();
          assertEquals(hex + "\n", back, api + " " + type + " v" + v);
          checked++;
        }
      }
    }
    assertEquals(36, checked);
  }

  @Test
  void framesRoundTripWithTheirHeaders() {
    for (String api : List.of("CreateTopics", "Produce", "ApiVersions", "ControlledShutdown")) {
      ApiMessageCodec<?> request = Apis.find(REGISTRY, api, MessageType.REQUEST);
      for (short v : new short[] {request.descriptor().validVersions().lowest(), request.descriptor().validVersions().highest()}) {
        String hex = HEX.formatHex(SampleWriter.requestFrame(request, v));
        String json = ok(CliRun.withInput(hex, "decode", "--frame", "--compact")).out();
        assertTrue(json.startsWith("{\"header\":{\"requestApiKey\":" + request.apiKey() + ",\"requestApiVersion\":" + v),
            json);
        assertTrue(json.contains("},\"body\":{"), json);
        assertEquals(hex + "\n", ok(CliRun.withInput(json, "encode", "--frame")).out(), api + " request v" + v);

        ApiMessageCodec<?> response = Apis.find(REGISTRY, api, MessageType.RESPONSE);
        String responseHex = HEX.formatHex(SampleWriter.responseFrame(response, v));
        String responseJson = ok(CliRun.withInput(responseHex, "decode", "--frame", "--response", "--api", api,
            "--version", "" + v, "--compact")).out();
        assertTrue(responseJson.startsWith("{\"header\":{\"correlationId\":0"), responseJson);
        assertEquals(responseHex + "\n", ok(CliRun.withInput(responseJson, "encode", "--frame", "--response",
            "--api", api, "--version", "" + v)).out(), api + " response v" + v);
      }
    }
  }

  @Test
  void secretsAreRedactedUnlessAsked() {
    String json = "{\"authBytes\":\"AQID\"}";
    String hex = ok(CliRun.withInput(json, "encode", "--api", "SaslAuthenticate", "--version", "1")).out().trim();
    assertEquals("00000003010203", hex);
    String hidden = ok(CliRun.withInput(hex, "decode", "--api", "SaslAuthenticate", "--version", "1", "--compact")).out();
    assertEquals("{\"authBytes\":\"<redacted>\"}\n", hidden);
    String shown = ok(CliRun.withInput(hex, "decode", "--api", "SaslAuthenticate", "--version", "1", "--compact",
        "--show-secrets")).out();
    assertEquals(json + "\n", shown);
  }

  @Test
  void recordDataIsShownUnlessKafkasLogFormatIsAsked() {
    ApiMessageCodec<?> produce = Apis.find(REGISTRY, "Produce", MessageType.REQUEST);
    String hex = HEX.formatHex(SampleWriter.body(produce.descriptor(), (short) 9));
    String full = ok(CliRun.withInput(hex, "decode", "--api", "Produce", "--version", "9", "--compact")).out();
    String kafkas = ok(CliRun.withInput(hex, "decode", "--api", "Produce", "--version", "9", "--compact",
        "--no-record-data")).out();
    assertTrue(kafkas.contains("\"records\":\"\""), kafkas);
    assertFalse(full.contains("\"records\":\"\""), full);
    assertEquals(full.length() - kafkas.length(), 84, "61 bytes of batch are 84 base64 characters: " + full);
  }

  @Test
  void encodeWritesRawBytesWhenAsked() {
    CliRun run = ok(CliRun.withInput("{\"authBytes\":\"AQID\"}", "encode", "--api", "36", "--version", "0", "--raw"));
    assertArrayEquals(new byte[] {0, 0, 0, 3, 1, 2, 3}, run.out().getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void badInputIsOneLineOnStderr() {
    CliRun shortBody = CliRun.withInput("0000", "decode", "--api", "CreateTopics", "--version", "7");
    assertEquals(1, shortBody.exitCode());
    assertEquals("", shortBody.out());
    assertTrue(shortBody.err().startsWith("kwire: malformed input at offset"), shortBody.err());

    CliRun badField = CliRun.withInput("{\"topics\":[],\"timeoutMs\":\"5\",\"validateOnly\":false}", "encode",
        "--api", "CreateTopics", "--version", "7");
    assertEquals(1, badField.exitCode());
    assertTrue(badField.err().contains("CreateTopicsRequest.timeoutMs"), badField.err());

    CliRun noApi = CliRun.withInput("00", "decode");
    assertEquals(1, noApi.exitCode());
    assertTrue(noApi.err().contains("--api"), noApi.err());

    for (CliRun run : List.of(shortBody, badField, noApi)) {
      assertEquals(1, run.err().lines().count(), run.err());
      assertFalse(run.err().contains("\tat "), run.err());
    }
  }
}
