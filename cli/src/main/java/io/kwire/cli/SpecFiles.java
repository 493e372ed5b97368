package io.kwire.cli;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The message specs kwire's processor wrote into class outputs ({@code META-INF/kwire/specs/*.json}),
 * collected from the entries of a class path: directories and jars.
 */
final class SpecFiles {
  static final String DIRECTORY = "META-INF/kwire/specs/";

  private SpecFiles() {}

  /**
   * kwire's own messages: the jar (or, in development, the directories) holding kwire-messages, and
   * kwire-runtime with the specs of its hand-written headers.
   */
  static List<Path> kwireMessages() {
    return Stream.of(io.kwire.messages.CreateTopicsRequest.class, io.kwire.runtime.RequestHeaderCodec.class)
        .map(SpecFiles::outputOf).distinct().toList();
  }

  private static Path outputOf(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | RuntimeException e) {
      throw new IllegalStateException("cannot locate " + type.getName() + "'s jar: " + e, e);
    }
  }

  /** A class path as the JVM spells it ({@code a.jar:classes}). */
  static List<Path> parse(String classpath) {
    List<Path> entries = new ArrayList<>();
    for (String entry : classpath.split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        Path path = Path.of(entry.trim());
        if (!Files.exists(path)) {
          throw new Kwire.UsageException("no such class path entry: " + entry);
        }
        entries.add(path);
      }
    }
    return entries;
  }

  /** Spec texts by file name ({@code CreateTopicsRequest.json}); of a name on two entries, the first. */
  static Map<String, String> collect(List<Path> entries) {
    Map<String, String> specs = new TreeMap<>();
    for (Path entry : entries) {
      try {
        if (Files.isDirectory(entry)) {
          fromDirectory(entry.resolve(DIRECTORY), specs);
        } else {
          fromJar(entry, specs);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(entry + ": " + e.getMessage(), e);
      }
    }
    return specs;
  }

  private static void fromDirectory(Path dir, Map<String, String> specs) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
        specs.putIfAbsent(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
      }
    }
  }

  private static void fromJar(Path jar, Map<String, String> specs) throws IOException {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      List<? extends ZipEntry> entries = zip.stream()
          .filter(e -> e.getName().startsWith(DIRECTORY) && e.getName().endsWith(".json")
              && e.getName().indexOf('/', DIRECTORY.length()) < 0)
          .toList();
      for (ZipEntry e : entries) {
        try (InputStream in = zip.getInputStream(e)) {
          specs.putIfAbsent(e.getName().substring(DIRECTORY.length()),
              new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
      }
    }
  }
}
