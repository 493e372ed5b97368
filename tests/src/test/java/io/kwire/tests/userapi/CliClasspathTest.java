package io.kwire.tests.userapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.cli.Kwire;
import io.kwire.messages.ApiVersionsRequestCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kwire command with a user's own codecs, compiled here by the real processor into class
 * directories and given with {@code --classpath}: found through the registry's ServiceLoader
 * beside Kafka's, and a codec that claims one of Kafka's keys is a one-line error (or, with
 * {@code --replace}, used instead of Kafka's).
 */
class CliClasspathTest {
  private static final String PING_FRAME = "00000015" + "03e8" + "0000" + "00000007" + "ffff" + "0005" + "68656c6c6f"
      + "00000003";

  @TempDir static Path ping;
  @TempDir static Path vendor;

  private record Run(int exitCode, String out, String err) {}

  private static Run kwire(String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Kwire.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @BeforeAll
  static void compileTheUsersRecords() throws Exception {
    CompiledUserApi.compileInto(ping, "acme.PingRequest", """
        package acme;
        import io.kwire.annotations.*;
        /** A user's own API, key 1000. */
        @ApiKey(value = 1000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
        public record PingRequest(@Field(versions = "0+") String text, @Field(versions = "0+") int count) {}
        """);
    CompiledUserApi.compileInto(vendor, "vendor.VendorApiVersionsRequest", """
        package vendor;
        import io.kwire.annotations.*;
        /** Claims ApiVersions' key, 18. */
        @ApiKey(value = 18, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
        public record VendorApiVersionsRequest(@Field(versions = "0+") String vendorFeature) {}
        """);
  }

  @Test
  void withoutClasspathTheUsersFrameIsUnknownAndTheErrorSaysWhatToGive() {
    Run run = kwire(PING_FRAME, "explain");
    assertEquals(1, run.exitCode());
    assertTrue(run.err().contains("API key 1000, which kwire does not know (kwire apis lists the known ones;"
        + " --classpath adds your own)"), run.err());
  }

  @Test
  void classpathLoadsTheUsersCodecsBesideKafkas() {
    Run explained = kwire(PING_FRAME, "explain", "--classpath", ping.toString());
    assertEquals(0, explained.exitCode(), explained.err());
    assertTrue(explained.out().startsWith("PingRequest message v0 [0x0000, 25B]\n"), explained.out());
    assertTrue(explained.out().contains("Text string = \"hello\""), explained.out());

    Run decoded = kwire("000568656c6c6f00000003", "decode", "--classpath", ping.toString(), "--api", "Ping",
        "--compact");
    assertEquals(0, decoded.exitCode(), decoded.err());
    assertEquals("{\"text\":\"hello\",\"count\":3}\n", decoded.out());

    // several entries, with the platform's separator; Kafka's APIs are still there
    Run apis = kwire("", "apis", "--classpath", ping + File.pathSeparator + vendor, "--replace");
    assertEquals(0, apis.exitCode(), apis.err());
    assertTrue(apis.out().contains("\n 1000  Ping "), apis.out()); // keys right-aligned to the widest (10000)
    assertTrue(apis.out().contains("  CreateTopics "), apis.out());
  }

  @Test
  void aUserCodecClaimingKafkasKeyIsOneLineSayingWhatClashesWithWhat() {
    Run run = kwire("", "apis", "--classpath", vendor.toString());
    assertEquals(1, run.exitCode(), run.err());
    assertEquals("kwire: --classpath: vendor.VendorApiVersionsRequestCodec claims API key 18 REQUEST, which kwire's "
        + ApiVersionsRequestCodec.class.getName() + " already has; give your API another key, or add --replace to use"
        + " yours instead\n", run.err());
  }

  @Test
  void replaceUsesTheUsersCodecInsteadOfKafkas() {
    Run encoded = kwire("{\"vendorFeature\":\"x\"}", "encode", "--classpath", vendor.toString(), "--replace", "--api",
        "18", "--version", "0");
    assertEquals(0, encoded.exitCode(), encoded.err());
    assertEquals("000178\n", encoded.out());
  }

  @Test
  void aMissingClasspathEntryIsNamed() {
    Path missing = ping.resolve("nothing-here.jar");
    Run run = kwire("", "apis", "--classpath", missing.toString());
    assertEquals(1, run.exitCode());
    assertEquals("kwire: --classpath: " + missing + " does not exist\n", run.err());
  }
}
