package io.kwire.processor.baseline;

import io.kwire.spec.SpecFiles;
import io.kwire.spec.SpecMessage;
import io.kwire.spec.SpecReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The specs of an earlier build, which this build's messages are checked against: a jar built with
 * kwire's processor ({@code META-INF/kwire/specs/*.json}), a kafka-clients jar
 * ({@code common/message/*.json}), or a directory holding either layout or the spec files themselves.
 */
public final class Baseline {
  /** The processor option naming the baseline. */
  public static final String OPTION = "kwire.baseline";

  private static final List<String> LAYOUTS = List.of(SpecFiles.KWIRE_LAYOUT, "common/message/");

  private final Map<String, SpecMessage> byName = new HashMap<>();
  private final Map<String, SpecMessage> byApi = new HashMap<>();

  private Baseline() {}

  /** Reads every spec at {@code path}; an unreadable file or one that is not a spec is an error. */
  public static Baseline load(Path path) throws IOException {
    if (!Files.exists(path)) {
      throw new IOException("no such file or directory");
    }
    Baseline baseline = new Baseline();
    for (Map.Entry<String, String> file : SpecFiles.read(path, LAYOUTS).entrySet()) {
      baseline.add(file.getValue(), path + ": " + file.getKey());
    }
    if (baseline.byName.isEmpty()) {
      throw new IOException("no message specs in it");
    }
    return baseline;
  }

  public Optional<SpecMessage> named(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The request or response of an API key, whatever its name. */
  public Optional<SpecMessage> api(int apiKey, String type) {
    return Optional.ofNullable(byApi.get(apiKey + "/" + type));
  }

  private void add(String text, String source) {
    SpecMessage spec = SpecReader.read(text, source);
    byName.putIfAbsent(spec.name(), spec);
    if (spec.isApi()) {
      byApi.putIfAbsent(spec.apiKey() + "/" + spec.type().toLowerCase(Locale.ROOT), spec);
    }
  }
}
