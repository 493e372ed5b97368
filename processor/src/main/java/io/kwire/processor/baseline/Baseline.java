package io.kwire.processor.baseline;

import io.kwire.spec.SpecMessage;
import io.kwire.spec.SpecReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The specs of an earlier build, which this build's messages are checked against: a jar built with
 * kwire's processor ({@code META-INF/kwire/specs/*.json}), a kafka-clients jar
 * ({@code common/message/*.json}), or a directory holding either layout or the spec files themselves.
 */
public final class Baseline {
  /** The processor option naming the baseline. */
  public static final String OPTION = "kwire.baseline";

  private static final List<String> SPEC_DIRECTORIES = List.of("META-INF/kwire/specs/", "common/message/");

  private final Path path;
  private final Map<String, SpecMessage> byName = new HashMap<>();
  private final Map<String, SpecMessage> byApi = new HashMap<>();

  private Baseline(Path path) {
    this.path = path;
  }

  /** Reads every spec at {@code path}; an unreadable file or one that is not a spec is an error. */
  public static Baseline load(Path path) throws IOException {
    Baseline baseline = new Baseline(path);
    if (Files.isDirectory(path)) {
      baseline.readDirectory(path);
    } else if (Files.isRegularFile(path)) {
      baseline.readJar(path);
    } else {
      throw new IOException("no such file or directory");
    }
    if (baseline.byName.isEmpty()) {
      throw new IOException("no message specs in it");
    }
    return baseline;
  }

  public Path path() {
    return path;
  }

  public Optional<SpecMessage> named(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The request or response of an API key, whatever its name. */
  public Optional<SpecMessage> api(int apiKey, String type) {
    return Optional.ofNullable(byApi.get(apiKey + "/" + type));
  }

  private void readDirectory(Path dir) throws IOException {
    Path specs = dir;
    for (String layout : SPEC_DIRECTORIES) {
      if (Files.isDirectory(dir.resolve(layout))) {
        specs = dir.resolve(layout);
        break;
      }
    }
    try (Stream<Path> files = Files.list(specs)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
        add(Files.readString(file, StandardCharsets.UTF_8), file.toString());
      }
    }
  }

  private void readJar(Path jar) throws IOException {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (String layout : SPEC_DIRECTORIES) {
        List<? extends ZipEntry> entries = zip.stream()
            .filter(e -> e.getName().startsWith(layout) && e.getName().endsWith(".json")
                && e.getName().indexOf('/', layout.length()) < 0)
            .sorted(java.util.Comparator.comparing(ZipEntry::getName))
            .toList();
        for (ZipEntry e : entries) {
          try (InputStream in = zip.getInputStream(e)) {
            add(new String(in.readAllBytes(), StandardCharsets.UTF_8), jar + "!/" + e.getName());
          }
        }
        if (!byName.isEmpty()) {
          return;
        }
      }
    }
  }

  private void add(String text, String source) {
    SpecMessage spec = SpecReader.read(text, source);
    byName.putIfAbsent(spec.name(), spec);
    if (spec.isApi()) {
      byApi.putIfAbsent(spec.apiKey() + "/" + spec.type().toLowerCase(Locale.ROOT), spec);
    }
  }
}
