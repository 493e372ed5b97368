package io.kwire.tests.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.DataMessage;
import io.kwire.annotations.Field;
import io.kwire.processor.KwireProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import org.junit.jupiter.api.Test;

/**
 * The processor jar declares itself to Gradle's incremental compilation as <em>aggregating</em>:
 * it writes one {@code META-INF/services} file from all annotated types and checks rules across
 * types (one codec per api key), which an isolating processor may not do.
 */
class GradleIncrementalEntryTest {
  private static final String GRADLE_ENTRY = "META-INF/gradle/incremental.annotation.processors";
  private static final String SERVICES_ENTRY = "META-INF/services/" + Processor.class.getName();

  @Test
  void processorJarDeclaresTheProcessorAsAggregating() throws IOException {
    List<String> gradle = linesInProcessorJar(GRADLE_ENTRY);
    List<String> services = linesInProcessorJar(SERVICES_ENTRY);

    assertEquals(List.of(KwireProcessor.class.getName()), services);
    assertEquals(List.of(services.get(0) + ",aggregating"), gradle);
  }

  /** Gradle lets an aggregating processor read only annotations kept in class files. */
  @Test
  void theAnnotationsTheProcessorReadsAreKeptInClassFiles() {
    for (Class<?> annotation : List.of(ApiKey.class, DataMessage.class, Field.class)) {
      Retention retention = annotation.getAnnotation(Retention.class);
      assertNotNull(retention, annotation.getName());
      assertNotEquals(RetentionPolicy.SOURCE, retention.value(), annotation.getName());
    }
  }

  /** The entry's lines, read from the processor's own jar (or classes directory) only. */
  private static List<String> linesInProcessorJar(String entry) throws IOException {
    URL location = KwireProcessor.class.getProtectionDomain().getCodeSource().getLocation();
    try (URLClassLoader jarOnly = new URLClassLoader(new URL[] {location}, null)) {
      URL resource = jarOnly.getResource(entry);
      assertNotNull(resource, entry + " is missing from " + location);
      try (InputStream in = resource.openStream()) {
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        List<String> lines = Stream.of(text.split("\n")).map(String::strip)
            .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertTrue(!lines.isEmpty(), entry + " is empty");
        return lines;
      }
    }
  }
}
