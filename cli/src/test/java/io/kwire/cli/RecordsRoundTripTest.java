package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * records → spec → records is the identity on every message of kwire-messages: {@code kwire spec --all}
 * then {@code kwire records} gives back each source file of messages/, byte for byte but for the
 * class's one-line Javadoc, which no Kafka spec carries (kwire records writes "The X request (API key
 * N), from X.json.").
 */
class RecordsRoundTripTest {
  private static final Path MESSAGES = Path.of(System.getProperty("user.dir"))
      .resolveSibling("messages/src/main/java/io/kwire/messages");
  private static final Pattern CLASS_JAVADOC = Pattern.compile("(?m)^/\\*\\* .* \\*/$");

  @TempDir
  Path dir;

  @Test
  void everyMessageComesBackFromItsSpec() throws Exception {
    Path specs = dir.resolve("specs");
    assertEquals(0, CliRun.of("spec", "--all", "--out", specs.toString()).exitCode());
    List<String> args = new ArrayList<>(List.of("records", "--package", "io.kwire.messages", "--out",
        dir.resolve("src").toString()));
    // the headers' specs describe the runtime's hand-written codecs: no record to come back to
    SpecCommandTest.files(specs).stream().filter(f -> !Set.of("RequestHeader.json", "ResponseHeader.json").contains(f))
        .forEach(f -> args.add(specs.resolve(f).toString()));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run.err());
    Path written = dir.resolve("src/io/kwire/messages");
    // the records; the package io.kwire.messages.errors beside them is hand-written
    List<String> sources = SpecCommandTest.files(MESSAGES).stream().filter(f -> f.endsWith(".java")).toList();
    assertEquals(SpecCommandTest.kwireMessages(), sources.size());
    assertEquals(sources, SpecCommandTest.files(written));
    List<String> differing = new ArrayList<>();
    for (String file : sources) {
      if (!withoutClassJavadoc(MESSAGES.resolve(file)).equals(withoutClassJavadoc(written.resolve(file)))) {
        differing.add(file);
      }
    }
    assertEquals(List.of(), differing, "records that do not come back from their spec");
    String greeting = Files.readString(written.resolve("CreateTopicsRequest.java"));
    assertTrue(greeting.contains("\n/** The CreateTopicsRequest request (API key 19), from CreateTopicsRequest.json. */\n"),
        greeting);
  }

  @Test
  void aSpecWithCommentsBecomesARecord() throws Exception {
    Path spec = dir.resolve("GreetRequest.json");
    Files.writeString(spec, "// Licensed to you\n{\n  \"apiKey\": 10000, \"type\": \"request\", \"name\": \"GreetRequest\",\n"
        + "  // version 1 is flexible\n  \"validVersions\": \"0-1\", \"flexibleVersions\": \"1+\",\n  \"fields\": [\n"
        + "    { \"name\": \"Greeting\", \"type\": \"string\", \"versions\": \"0+\", \"about\": \"What to say.\" },\n"
        + "    { \"name\": \"Tone\", \"type\": \"int8\", \"versions\": \"1+\", \"taggedVersions\": \"1+\", \"tag\": 0 }\n"
        + "  ]\n}\n");
    CliRun run = CliRun.of("records", spec.toString(), "--package", "com.example.greet", "--out", dir.toString());
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("""
        package com.example.greet;

        import io.kwire.annotations.ApiKey;
        import io.kwire.annotations.Field;
        import io.kwire.annotations.MessageType;
        import io.kwire.runtime.wire.UnknownTaggedFields;

        /** The GreetRequest request (API key 10000), from GreetRequest.json. */
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+")
        public record GreetRequest(
            @Field(versions = "0+") String greeting,
            @Field(versions = "1+", tag = 0, taggedVersions = "1+") byte tone,
            UnknownTaggedFields unknownTaggedFields) {}
        """, Files.readString(dir.resolve("com/example/greet/GreetRequest.java")));
  }

  @Test
  void aBrokenSpecSaysWhereAndWhy() throws Exception {
    Path spec = dir.resolve("Broken.json");
    Files.writeString(spec, "{\n  \"name\": \"Broken\",\n  \"fields\": [ { \"name\": 3 ]\n}\n");
    CliRun run = CliRun.of("records", spec.toString(), "--package", "p", "--out", dir.toString());
    assertEquals(1, run.exitCode());
    assertEquals("kwire: " + spec + ":3: expected '}'\n", run.err());
    assertEquals("kwire: not a Java package name: 1p\n",
        CliRun.of("records", spec.toString(), "--package", "1p", "--out", dir.toString()).err());
  }

  private static String withoutClassJavadoc(Path file) throws Exception {
    return CLASS_JAVADOC.matcher(Files.readString(file)).replaceFirst("/** */");
  }
}
