package io.kwire.cli;

import io.kwire.spec.SpecFiles;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The message specs kwire's processor wrote into class outputs ({@code META-INF/kwire/specs/*.json}),
 * collected from the entries of a class path: directories and jars.
 */
final class ClassPathSpecs {
  private static final String LAYOUT = SpecFiles.KWIRE_LAYOUT;

  private ClassPathSpecs() {}

  /**
   * kwire's own messages: the jar (or, in development, the directories) holding kwire-messages, and
   * kwire-runtime with the specs of its hand-written headers.
   */
  static List<Path> kwireMessages() {
    return Stream.of(io.kwire.messages.CreateTopicsRequest.class, io.kwire.runtime.RequestHeaderCodec.class)
        .map(ClassPathSpecs::outputOf).distinct().toList();
  }

  private static Path outputOf(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | RuntimeException e) {
      throw new IllegalStateException("cannot locate " + type.getName() + "'s jar: " + e, e);
    }
  }

  /** Spec texts by file name ({@code CreateTopicsRequest.json}); of a name on two entries, the first. */
  static Map<String, String> collect(List<Path> entries) {
    Map<String, String> specs = new TreeMap<>();
    for (Path entry : entries) {
      try {
        // a class directory without specs holds none (it is not a directory of spec files)
        if (!Files.isDirectory(entry) || Files.isDirectory(entry.resolve(LAYOUT))) {
          SpecFiles.read(entry, List.of(LAYOUT)).forEach(specs::putIfAbsent);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(entry + ": " + e.getMessage(), e);
      }
    }
    return specs;
  }
}
