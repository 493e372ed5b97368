package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kwire spec}: the specs the processor recorded, by key or name, from kwire's messages or a
 * given class path. That they describe Kafka's layout is the tests module's ExportedSpecTest.
 */
class SpecCommandTest {
  @TempDir
  Path dir;

  @Test
  void oneMessageGoesToStdoutByNameOrKey() {
    CliRun byName = CliRun.of("spec", "CreateTopicsRequest");
    assertEquals(0, byName.exitCode(), byName.err());
    assertTrue(byName.out().startsWith("{\n  \"apiKey\": 19,\n  \"type\": \"request\",\n"), byName.out());
    assertTrue(byName.out().contains(
        "\n    { \"name\": \"timeoutMs\", \"type\": \"int32\", \"versions\": \"0+\", \"default\": \"60000\" },\n"),
        byName.out());
    assertEquals(byName.out(), CliRun.of("spec", "createtopicsrequest").out());
  }

  @Test
  void anApiNamesItsRequestAndResponse() throws Exception {
    CliRun toStdout = CliRun.of("spec", "19");
    assertEquals(1, toStdout.exitCode());
    assertEquals("kwire: 19 names 2 specs (CreateTopicsRequest.json, CreateTopicsResponse.json): give --out DIR,"
        + " or name one message\n", toStdout.err());
    CliRun written = CliRun.of("spec", "CreateTopics", "--out", dir.toString());
    assertEquals(0, written.exitCode(), written.err());
    assertEquals("wrote 2 specs to " + dir + "\n", written.out());
    assertEquals(List.of("CreateTopicsRequest.json", "CreateTopicsResponse.json"), files(dir));
  }

  @Test
  void allWritesEveryMessageOfKwire() throws Exception {
    CliRun run = CliRun.of("spec", "--all", "--out", dir.toString());
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(kwireMessages() + 2, files(dir).size(), "kwire-messages' and the two headers'");
    assertTrue(files(dir).contains("RequestHeader.json"));
  }

  @Test
  void aUsersJarCarriesItsOwnSpecs() throws Exception {
    String greet = "{\n  \"apiKey\": 10000,\n  \"type\": \"request\",\n  \"name\": \"GreetRequest\",\n"
        + "  \"validVersions\": \"0-1\",\n  \"flexibleVersions\": \"1+\",\n  \"fields\": [\n"
        + "    { \"name\": \"Greeting\", \"type\": \"string\", \"versions\": \"0+\" }\n  ]\n}\n";
    Path jar = dir.resolve("greet.jar");
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
      zip.putNextEntry(new ZipEntry("META-INF/kwire/specs/GreetRequest.json"));
      zip.write(greet.getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    }
    CliRun run = CliRun.of("spec", "10000", "--classpath", jar.toString());
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(greet, run.out());
    CliRun kafkas = CliRun.of("spec", "CreateTopicsRequest", "--classpath", jar.toString());
    assertEquals("kwire: no spec for CreateTopicsRequest (see: kwire spec --all --out DIR)\n", kafkas.err());
  }

  @Test
  void badRequestsAreUsageErrors() {
    assertEquals("kwire: name the APIs or messages to export, or give --all (not both)\n", CliRun.of("spec").err());
    assertEquals("kwire: no spec for NoSuchApi (see: kwire spec --all --out DIR)\n",
        CliRun.of("spec", "NoSuchApi").err());
    CliRun empty = CliRun.of("spec", "--all", "--classpath", dir.toString());
    assertEquals(1, empty.exitCode());
    assertTrue(empty.err().startsWith("kwire: no message specs (META-INF/kwire/specs/*.json) in ["), empty.err());
  }

  static List<String> files(Path dir) throws Exception {
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** The codecs of kwire-messages (the registry may hold test codecs too). */
  static long kwireMessages() {
    return io.kwire.runtime.KwireRegistry.standard().codecs().stream()
        .filter(c -> c.getClass().getPackageName().equals("io.kwire.messages")).count();
  }
}
