package io.kwire.tests.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.kwire.processor.KwireProcessor;
import io.kwire.spec.RecordWriter;
import io.kwire.spec.SpecMessage;
import io.kwire.spec.SpecReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The baseline check on Kafka's own evolution: 4.4.0's message specs, written as records
 * ({@code kwire records}' writer), compiled with kafka-clients 3.9.1's jar as the baseline. What it
 * finds is listed in {@code kafka-3.9.1-to-4.4.0.txt} (one line per diagnostic: kind, id, message and
 * where) and explained in docs/evolving.md: the versions KIP-896 removed (dropped oldest versions,
 * which 4.4.0's specs cannot declare), renames (notes), and anything else.
 */
class KafkaEvolutionTest {
  /** The runtime's hand-written headers; and 4.4.0's placeholders for removed APIs ("none"). */
  private static final Set<String> SKIPPED = Set.of("RequestHeader", "ResponseHeader");
  private static final String PACKAGE = "kafka440";

  @Test
  void kafka440AgainstKafka391() throws Exception {
    List<JavaFileObject> sources = new ArrayList<>();
    for (SpecMessage spec : specs(currentKafkaJar())) {
      String source = RecordWriter.write(spec, PACKAGE, "Kafka 4.4.0's " + spec.name() + ".").source();
      sources.add(JavaFileObjects.forSourceString(PACKAGE + "." + spec.name(), source));
    }
    Compilation compilation = javac().withProcessors(new KwireProcessor())
        .withOptions("-Akwire.baseline=" + legacyKafkaJar(), "-proc:only")
        .compile(sources);
    List<String> found = new ArrayList<>();
    for (javax.tools.Diagnostic<? extends JavaFileObject> d : compilation.diagnostics()) {
      String message = d.getMessage(Locale.ROOT);
      if (message.startsWith("[kwire/")) {
        String file = d.getSource() == null ? "-" : Path.of(d.getSource().toUri().getPath()).getFileName().toString();
        found.add(d.getKind() + " " + file + ":" + d.getLineNumber() + ":" + d.getColumnNumber() + " "
            + withoutRuleAndHint(message));
      }
    }
    List<String> expected = expected();
    if (!found.equals(expected)) {
      System.out.println(String.join("\n", found));
    }
    assertEquals(String.join("\n", expected), String.join("\n", found));
  }

  /** {@code [kwire/Id] detail}: what was found; the rule and hint that follow it are the catalogue's. */
  private static String withoutRuleAndHint(String message) {
    for (io.kwire.processor.diag.Diagnostic d : io.kwire.processor.diag.Diagnostic.values()) {
      String prefix = "[kwire/" + d.id() + "] ";
      String suffix = " " + d.rule() + " Hint: " + d.hint();
      if (message.startsWith(prefix) && message.endsWith(suffix)) {
        return prefix + message.substring(prefix.length(), message.length() - suffix.length());
      }
    }
    return message;
  }

  private static List<String> expected() throws IOException {
    try (InputStream in = KafkaEvolutionTest.class.getResourceAsStream("kafka-3.9.1-to-4.4.0.txt")) {
      if (in == null) {
        return List.of();
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("#")).toList();
    }
  }

  private static List<SpecMessage> specs(Path jar) throws IOException {
    List<SpecMessage> specs = new ArrayList<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry e : zip.stream().filter(e -> e.getName().matches("common/message/[^/]+\\.json"))
          .sorted(java.util.Comparator.comparing(ZipEntry::getName)).toList()) {
        try (InputStream in = zip.getInputStream(e)) {
          SpecMessage spec = SpecReader.read(new String(in.readAllBytes(), StandardCharsets.UTF_8), e.getName());
          if (!SKIPPED.contains(spec.name()) && !spec.validVersions().equals("none")) {
            specs.add(spec);
          }
        }
      }
    }
    return specs;
  }

  private static Path currentKafkaJar() throws URISyntaxException {
    return Path.of(org.apache.kafka.common.message.ApiMessageType.class.getProtectionDomain().getCodeSource()
        .getLocation().toURI());
  }

  private static Path legacyKafkaJar() {
    Path jar = Path.of(System.getProperty("kwire.legacyKafkaJar"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("no " + jar + " (run through Maven)");
    }
    return jar;
  }
}
