package io.kwire.tests.conformance;

import io.kwire.tests.conformance.SpecModel.MessageSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** Reads every message spec ({@code common/message/*.json}) out of a kafka-clients jar. */
final class SpecSource {
  private static final Pattern SPEC_ENTRY = Pattern.compile("common/message/[^/]+\\.json");

  private SpecSource() {}

  /**
   * One spec file; {@code error} is set instead of {@code spec} when it did not parse, so that one
   * bad file fails its own test rather than all of them.
   */
  record SpecFile(String file, MessageSpec spec, RuntimeException error) {
    /** The name to match and filter by: the message name, else the file name without .json. */
    String name() {
      return spec != null ? spec.name() : file.replaceFirst("\\.json$", "");
    }
  }

  /** The jar holding the kafka-clients classes on the test class path (the newest release). */
  static Path currentKafkaJar() {
    try {
      return Path.of(org.apache.kafka.common.message.ApiMessageType.class.getProtectionDomain()
          .getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The older release's jar, copied by maven-dependency-plugin; its path is a system property. */
  static Path legacyKafkaJar() {
    String path = System.getProperty("kwire.legacyKafkaJar");
    if (path == null || path.isBlank()) {
      throw new IllegalStateException("system property kwire.legacyKafkaJar is not set (run through Maven)");
    }
    return Path.of(path);
  }

  /** The Kafka release a kafka-clients jar belongs to, from the version file it carries. */
  static String releaseOf(Path jar) {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      ZipEntry entry = zip.getEntry("kafka/kafka-version.properties");
      if (entry == null) {
        return jar.getFileName().toString();
      }
      Properties properties = new Properties();
      try (InputStream in = zip.getInputStream(entry)) {
        properties.load(in);
      }
      return properties.getProperty("version", jar.getFileName().toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jar, e);
    }
  }

  static List<SpecFile> read(Path jar) {
    List<SpecFile> specs = new ArrayList<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        ZipEntry entry = entries.nextElement();
        if (!SPEC_ENTRY.matcher(entry.getName()).matches()) {
          continue;
        }
        String file = entry.getName().substring(entry.getName().lastIndexOf('/') + 1);
        try (InputStream in = zip.getInputStream(entry)) {
          String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
          specs.add(parse(file, json));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read specs from " + jar, e);
    }
    if (specs.isEmpty()) {
      throw new IllegalStateException("no common/message/*.json in " + jar);
    }
    specs.sort(Comparator.comparing(SpecFile::file));
    return specs;
  }

  private static SpecFile parse(String file, String json) {
    try {
      return new SpecFile(file, SpecModel.parse(json), null);
    } catch (RuntimeException e) {
      return new SpecFile(file, null, e);
    }
  }
}
