package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.KwireRegistry;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What a new user meets first: each error says what is wrong with the input given, and names its subject. */
class NewUserErrorsTest {
  @TempDir
  Path dir;

  private static String sample(String... args) {
    String[] full = new String[args.length + 2];
    full[0] = "sample";
    full[args.length + 1] = "--hex-only";
    System.arraycopy(args, 0, full, 1, args.length);
    CliRun run = CliRun.of(full);
    assertEquals(0, run.exitCode(), run.err());
    return run.out().trim();
  }

  private static void assertError(String expected, CliRun run) {
    assertEquals(1, run.exitCode(), run.err());
    assertEquals("kwire: " + expected + "\n", run.err());
  }

  @Test
  void aTypoInHexIsNamedWithItsPositionInsteadOfReadingTheTextAsRawBytes() {
    assertError("hex input: 'g' at character 14 is not a hex digit (give --format raw if the input is raw bytes)",
        CliRun.withInput("010000ea60000g\n", "decode", "--api", "19", "--version", "7"));
    assertError("hex input: 'z' at line 2, column 3 is not a hex digit (give --format raw if the input is raw bytes)",
        CliRun.withInput("0000 0004\n00zz 0000\n", "explain"));
    // 0x prefixes and colons are still allowed
    CliRun prefixed = CliRun.withInput("0x01 0x00 0x00 0xea 0x60 0x00 0x00", "decode", "--api", "19", "--version", "7",
        "--compact");
    assertEquals(0, prefixed.exitCode(), prefixed.err());
    assertEquals("{\"topics\":[],\"timeoutMs\":60000,\"validateOnly\":false}\n", prefixed.out());
  }

  @Test
  void textThatIsNotAFrameSaysWhyItIsNotARequest() {
    assertError("the input is not a request frame: its size prefix (0x7a7a7a7a) says 2054847098 bytes follow, but"
        + " the input has 1 after it; a response frame does not say what it answers: give --api NAME|KEY and"
        + " --version N", CliRun.withInput("zzzz\n", "explain"));
    assertError("the input is not a request frame: it has 3 byte(s), too short to be a frame (a frame starts with a"
        + " 4-byte size); a response frame does not say what it answers: give --api NAME|KEY and --version N",
        CliRun.withInput("zz\n", "explain"));
  }

  @Test
  void anUnknownApiKeyPointsAtTheCatalogueAndAtClasspath() {
    // a frame of API key 1000, version 0, correlation id 7, client id null: kwire has no such API
    assertError("the input is not a request frame: its header would name API key 1000, which kwire does not know"
        + " (kwire apis lists the known ones; --classpath adds your own); a response frame does not say what it"
        + " answers: give --api NAME|KEY and --version N", CliRun.withInput("0000000a03e8000000000007ffff", "explain"));
  }

  @Test
  void aResponseWithoutVersionSaysTheVersionIsMissing() {
    String response = sample("Metadata", "--version", "12", "--response");
    String versions = KwireRegistry.standard().response(3).descriptor().validVersions().toString();
    assertError("missing --version: a response frame does not say its version (Metadata has versions " + versions + ")",
        CliRun.withInput(response, "explain", "--api", "Metadata", "--response"));
    assertError("a response frame does not say what it answers: give --api NAME|KEY and --version N",
        CliRun.withInput(response, "explain", "--response"));
  }

  @Test
  void decodeFrameOfAResponseSaysItIsNotARequestAndWhatAResponseNeeds() {
    String response = sample("CreatePartitions", "--version", "3", "--response");
    CliRun run = CliRun.withInput(response, "decode", "--frame");
    assertEquals(1, run.exitCode(), run.err());
    assertTrue(run.err().startsWith("kwire: the input is not a request frame: it does not decode as a Produce v0"
        + " request (malformed input at offset "), run.err());
    assertTrue(run.err().endsWith("; a response frame does not say what it answers: give --api NAME|KEY and"
        + " --version N\n"), run.err());
    CliRun given = CliRun.withInput(response, "decode", "--frame", "--api", "CreatePartitions", "--version", "3");
    assertEquals(0, given.exitCode(), given.err());
  }

  @Test
  void fileErrorsNameTheFile() {
    assertError("cannot read " + dir + ": it is a directory", CliRun.of("explain", dir.toString()));
    Path missing = dir.resolve("missing.hex");
    assertError("cannot read " + missing + ": no such file", CliRun.of("decode", "--api", "19", missing.toString()));
    assertError("cannot read " + missing + ": no such file", CliRun.of("encode", "--jsonl", missing.toString()));
    Path page = dir.resolve("no-such-dir").resolve("page.html");
    assertError("cannot write " + page + ": no such file",
        CliRun.withInput(sample("ApiVersions", "--request"), "explain", "--html", page.toString()));
  }

  @Test
  void aListenAddressInUseIsNamed() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      String address = "127.0.0.1:" + taken.getLocalPort();
      CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(20),
          () -> CliRun.of("bridge", "--listen", address, "--upstream", "127.0.0.1:9"));
      assertError("cannot listen on " + address + ": Address already in use", run);
    }
  }

  @Test
  void replaceWithoutClasspathSaysWhatItNeeds() {
    assertError("--replace needs --classpath: the codecs it lets replace Kafka's", CliRun.of("apis", "--replace"));
  }

  @Test
  void noCommandNamesEveryCommand() {
    CliRun run = CliRun.of();
    assertEquals(2, run.exitCode());
    List<String> names = new ArrayList<>(commands().keySet());
    assertTrue(names.contains("bridge"), names.toString());
    assertTrue(run.err().startsWith("kwire: name a command: " + String.join(", ", names) + " "), run.err());
  }

  /** Each command's summary in {@code kwire --help} is its whole first sentence, never cut off. */
  @Test
  void helpListsEveryCommandWithItsWholeSummary() {
    CliRun run = CliRun.of("--help");
    assertEquals(0, run.exitCode(), run.err());
    String listing = run.out().substring(run.out().indexOf("Commands:") + "Commands:".length());
    Map<String, CommandLine> commands = commands();
    for (Map.Entry<String, CommandLine> command : commands.entrySet()) {
      String summary = command.getValue().getCommandSpec().usageMessage().description()[0];
      assertTrue(summary.endsWith("."), command.getKey() + ": its first description line is not a whole sentence: "
          + summary);
      String entry = entry(listing, command.getKey());
      assertEquals(summary, entry, command.getKey() + " in\n" + run.out());
    }
  }

  /** The text of one command's entry in the listing, its wrapped lines joined. */
  private static String entry(String listing, String name) {
    StringBuilder text = new StringBuilder();
    boolean in = false;
    for (String line : listing.split("\n")) {
      if (line.startsWith("  " + name + " ")) {
        in = true;
        text.append(line.substring(name.length() + 2).trim());
      } else if (in && line.startsWith("   ") && !line.isBlank()) { // a wrapped line, indented under the text
        text.append(' ').append(line.trim());
      } else if (in) {
        break;
      }
    }
    return text.toString();
  }

  private static Map<String, CommandLine> commands() {
    PrintStream nowhere = new PrintStream(PrintStream.nullOutputStream());
    return new CommandLine(new Kwire(new ByteArrayInputStream(new byte[0]), nowhere, false)).getSubcommands();
  }
}
