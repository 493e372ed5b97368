package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands as a user meets them: inputs, the catalogue, and errors without stack traces. */
class CommandLineTest {
  @TempDir
  Path dir;

  private static String hex(String api, String... flags) {
    String[] args = new String[flags.length + 3];
    args[0] = "sample";
    args[1] = api;
    args[2] = "--hex-only";
    System.arraycopy(flags, 0, args, 3, flags.length);
    CliRun run = CliRun.of(args);
    assertEquals(0, run.exitCode(), run.err());
    return run.out().trim();
  }

  @Test
  void explainReadsHexOrRawFromFileOrStdin() throws Exception {
    String hex = hex("CreatePartitions", "--version", "3", "--request");
    String fromStdin = CliRun.withInput(hex, "explain").out();
    assertTrue(fromStdin.startsWith("CreatePartitionsRequest message v3 [0x0000, 35B]\n"), fromStdin);

    Path raw = dir.resolve("frame.bin");
    Files.write(raw, HexFormat.of().parseHex(hex));
    assertEquals(fromStdin, CliRun.of("explain", raw.toString()).out());
    Path spaced = dir.resolve("frame.hex");
    Files.writeString(spaced, hex.replaceAll("(..)", "$1 ") + "\n");
    assertEquals(fromStdin, CliRun.of("explain", "--format", "hex", spaced.toString()).out());
    assertTrue(fromStdin.contains("\n0020   00 00 00\n"), "bytes 16 per row:\n" + fromStdin);
  }

  @Test
  void explainTellsRequestsFromResponses() {
    String response = hex("CreatePartitions", "--version", "3", "--response");
    CliRun guessed = CliRun.withInput(response, "explain", "--api", "37", "--version", "3");
    assertEquals(0, guessed.exitCode(), guessed.err());
    assertTrue(guessed.out().startsWith("CreatePartitionsResponse message v3"));
    CliRun told = CliRun.withInput(response, "explain", "--response", "--api", "CreatePartitions", "--version", "3");
    assertEquals(guessed.out(), told.out());

    CliRun noApi = CliRun.withInput(response, "explain");
    assertEquals(1, noApi.exitCode());
    // its correlation id 0 reads as API key 0 (Produce) version 0: the error says why it is not that request
    assertEquals("kwire: the input is not a request frame: it does not decode as a Produce v0 request (malformed input"
        + " at offset 16 (ProduceRequest.acks): needs 6 byte(s), only 4 remain); a response frame does not say what it"
        + " answers: give --api NAME|KEY and --version N\n", noApi.err());
  }

  @Test
  void sampleDefaultsToTheLatestVersionAndBothDirections() {
    ApiMessageCodec<?> codec = KwireRegistry.standard().request(19);
    CliRun run = CliRun.of("sample", "createtopics");
    assertEquals(0, run.exitCode(), run.err());
    int latest = codec.descriptor().validVersions().highest();
    assertTrue(run.out().startsWith("CreateTopicsRequest v" + latest + ", request header v2"), run.out());
    assertTrue(run.out().contains("\nCreateTopicsResponse v" + latest + ", response header v1"), run.out());
  }

  @Test
  void apisListsTheCatalogue() {
    CliRun run = CliRun.of("apis");
    assertEquals(0, run.exitCode(), run.err());
    long requests = KwireRegistry.standard().apis().stream().filter(c -> c.type() == MessageType.REQUEST).count();
    assertEquals(requests + 1, run.out().lines().count(), "a header line and one line per API");
    assertTrue(run.out().lines().anyMatch(l -> l.matches("\\s*19\\s+CreateTopics\\s+0-7\\s+5\\+\\s+v1-2\\s+v0-1")),
        run.out());
    assertTrue(run.out().lines().anyMatch(l -> l.matches("\\s*18\\s+ApiVersions\\s+\\S+\\s+\\S+\\s+v1-2\\s+v0")),
        "ApiVersions responses always use header v0");
  }

  @Test
  void apisColumnsWidenForLongNamesAndFiveDigitKeys() {
    List<String> lines = ApisCommand.table(List.of(
        new String[] {"KEY", "NAME", "VERSIONS", "FLEXIBLE", "REQ HDR", "RESP HDR"},
        new String[] {"0", "Produce", "3-13", "9+", "v1-2", "v0-1"},
        new String[] {"10000", "AVeryLongUserDefinedApiNameThatIsLongerThanThirtySixCharacters", "0", "0+", "v2", "v1"}));
    assertEquals(List.of(
        "  KEY  NAME                                                            VERSIONS  FLEXIBLE  REQ HDR  RESP HDR",
        "    0  Produce                                                         3-13      9+        v1-2     v0-1",
        "10000  AVeryLongUserDefinedApiNameThatIsLongerThanThirtySixCharacters  0         0+        v2       v1"), lines);
  }

  @Test
  void badInputIsOneLineOnStderrWithANonZeroExit() {
    String hex = hex("CreatePartitions", "--version", "3", "--request");
    String[][] cases = {
        {hex.substring(0, hex.length() - 6), "explain", "--request"},
        {"0000000a7fff0000000000000000", "explain", "--request"},
        {"abc", "explain"},
        {"", "explain"},
        {"", "sample", "NoSuchApi"},
        {"", "sample", "CreateTopics", "--version", "99"},
        {hex, "explain", "--request", "--response"},
    };
    for (String[] c : cases) {
      CliRun run = CliRun.withInput(c[0], java.util.Arrays.copyOfRange(c, 1, c.length));
      String what = String.join(" ", c);
      assertEquals(1, run.exitCode(), what + "\n" + run.err());
      assertTrue(run.err().startsWith("kwire: "), what + ": " + run.err());
      assertEquals(1, run.err().lines().count(), what + ": " + run.err());
      assertFalse(run.err().contains("Exception"), what + ": " + run.err());
      assertEquals("", run.out(), what);
    }
    CliRun truncated = CliRun.withInput(hex.substring(0, hex.length() - 6), "explain", "--request");
    assertTrue(truncated.err().contains("malformed input at offset"), truncated.err());
    assertTrue(truncated.err().contains("Frame.size"), truncated.err());
  }

  @Test
  void everyCommandHasHelp() {
    for (String command : new String[] {"explain", "sample", "apis"}) {
      CliRun run = CliRun.of(command, "--help");
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().startsWith("Usage: kwire " + command), run.out());
    }
    assertTrue(CliRun.of("--help").out().contains("explain"));
  }

  @Test
  void unknownOptionsAreUsageErrors() {
    CliRun run = CliRun.of("explain", "--no-such-flag");
    assertEquals(2, run.exitCode());
    assertEquals("kwire: Unknown option: '--no-such-flag'\ntry kwire explain --help\n", run.err().replace("\r\n", "\n"));
    // --upstream may come from --config, so it is missed only once the file is read: one line, exit 1
    CliRun missing = CliRun.of("proxy", "--listen", "127.0.0.1:0");
    assertEquals(1, missing.exitCode());
    assertEquals("kwire: Missing required option: '--upstream=HOST:PORT[,HOST:PORT...]' (on the command line or in"
        + " --config)\n", missing.err().replace("\r\n", "\n")); // not the 18 lines of usage
    assertEquals(2, CliRun.of().exitCode());
  }
}
