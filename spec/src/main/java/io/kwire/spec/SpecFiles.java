package io.kwire.spec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The spec files of a jar or a directory: {@code *.json} directly under one of the given layouts
 * (e.g. {@code META-INF/kwire/specs/}, where kwire's processor writes them, or kafka-clients'
 * {@code common/message/}), the first layout that has any; a directory without any layout is read
 * as a directory of spec files itself.
 */
public final class SpecFiles {
  /** Where kwire's processor writes a build's specs. */
  public static final String KWIRE_LAYOUT = "META-INF/kwire/specs/";

  private SpecFiles() {}

  /** Spec texts by file name ({@code CreateTopicsRequest.json}), in name order. */
  public static Map<String, String> read(Path jarOrDirectory, List<String> layouts) throws IOException {
    return Files.isDirectory(jarOrDirectory) ? fromDirectory(jarOrDirectory, layouts) : fromJar(jarOrDirectory, layouts);
  }

  private static Map<String, String> fromDirectory(Path dir, List<String> layouts) throws IOException {
    Path specs = dir;
    for (String layout : layouts) {
      if (Files.isDirectory(dir.resolve(layout))) {
        specs = dir.resolve(layout);
        break;
      }
    }
    Map<String, String> texts = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(specs)) {
      for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
        texts.put(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
      }
    }
    return texts;
  }

  private static Map<String, String> fromJar(Path jar, List<String> layouts) throws IOException {
    Map<String, String> texts = new LinkedHashMap<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (String layout : layouts) {
        List<? extends ZipEntry> entries = zip.stream()
            .filter(e -> e.getName().startsWith(layout) && e.getName().endsWith(".json")
                && e.getName().indexOf('/', layout.length()) < 0)
            .sorted(Comparator.comparing(ZipEntry::getName))
            .toList();
        for (ZipEntry e : entries) {
          try (InputStream in = zip.getInputStream(e)) {
            texts.put(e.getName().substring(layout.length()), new String(in.readAllBytes(), StandardCharsets.UTF_8));
          }
        }
        if (!texts.isEmpty()) {
          break;
        }
      }
    }
    return texts;
  }
}
