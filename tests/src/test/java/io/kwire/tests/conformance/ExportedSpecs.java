package io.kwire.tests.conformance;

import io.kwire.tests.conformance.SpecSource.SpecFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The specs kwire's processor wrote into kwire-messages ({@code META-INF/kwire/specs/*.json}), and the
 * two the runtime carries for its hand-written header codecs.
 */
final class ExportedSpecs {
  static final String DIRECTORY = "META-INF/kwire/specs/";

  private ExportedSpecs() {}

  /** The class outputs (a directory in the reactor, else a jar) of kwire-messages and kwire-runtime. */
  static List<Path> kwireOutputs() {
    return List.of(outputOf(io.kwire.messages.CreateTopicsRequest.class),
        outputOf(io.kwire.runtime.RequestHeaderCodec.class));
  }

  private static Path outputOf(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Every exported spec of these outputs, parsed, in file order. */
  static List<SpecFile> read(List<Path> outputs) {
    List<SpecFile> all = new ArrayList<>();
    for (Path output : outputs) {
      all.addAll(read(output));
    }
    all.sort(Comparator.comparing(SpecFile::file));
    return all;
  }

  /** Every exported spec, parsed, in file order. */
  static List<SpecFile> read(Path output) {
    List<String[]> texts = new ArrayList<>();
    try {
      if (Files.isDirectory(output)) {
        try (Stream<Path> files = Files.list(output.resolve(DIRECTORY))) {
          for (Path p : files.filter(p -> p.toString().endsWith(".json")).toList()) {
            texts.add(new String[] {p.getFileName().toString(), Files.readString(p, StandardCharsets.UTF_8)});
          }
        }
      } else {
        try (ZipFile zip = new ZipFile(output.toFile())) {
          for (ZipEntry e : zip.stream().filter(e -> e.getName().startsWith(DIRECTORY)
              && e.getName().endsWith(".json")).toList()) {
            try (InputStream in = zip.getInputStream(e)) {
              texts.add(new String[] {e.getName().substring(DIRECTORY.length()),
                  new String(in.readAllBytes(), StandardCharsets.UTF_8)});
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the exported specs of " + output, e);
    }
    List<SpecFile> specs = new ArrayList<>();
    for (String[] t : texts) {
      specs.add(new SpecFile(t[0], SpecModel.parse(t[1]), null));
    }
    specs.sort(Comparator.comparing(SpecFile::file));
    return specs;
  }
}
