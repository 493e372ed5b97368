package io.kwire.tools.specconverter;

import io.kwire.spec.RecordWriter;
import io.kwire.spec.SpecMessage;
import io.kwire.spec.SpecReader;
import io.kwire.spec.Versions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Converts Kafka's JSON message specs (kafka-clients 4.4.0 and 3.9.1, merged) into kwire's
 * annotated Java records, writes DIFFERENCES.md, then checks the written records against the specs.
 *
 * <p>Usage: {@code SpecConverter [--check] <specs-4.4.0-dir> <specs-3.9.1-dir> <output-dir> [differences-file]};
 * a specs dir is either {@code common/message} itself or a directory containing it. With
 * {@code --check} nothing is written: the records already in the output dir are checked.
 */
public final class SpecConverter {
  /** The runtime has hand-written codecs for the headers. */
  private static final Set<String> SKIPPED = Set.of("RequestHeader", "ResponseHeader");

  private SpecConverter() {}

  public static void main(String[] args) throws IOException {
    boolean checkOnly = args.length > 0 && args[0].equals("--check");
    List<String> rest = List.of(args).subList(checkOnly ? 1 : 0, args.length);
    if (rest.size() < 3 || rest.size() > 4) {
      System.err.println("usage: SpecConverter [--check] <specs-4.4.0-dir> <specs-3.9.1-dir> <output-dir>"
          + " [differences-file]");
      System.exit(2);
    }
    Map<String, SpecMessage> current = load(Path.of(rest.get(0)));
    Map<String, SpecMessage> old = load(Path.of(rest.get(1)));
    Path output = Path.of(rest.get(2));
    Path differences = Path.of(rest.size() == 4 ? rest.get(3) : "tools/spec-converter/DIFFERENCES.md");
    Files.createDirectories(output);

    DifferenceLog log = new DifferenceLog();
    // Keys 4-7 are still in 4.4.0 as empty specs with validVersions "none": the 3.9.1 spec holds them.
    for (var entry : List.copyOf(current.entrySet())) {
      if (Versions.parse(entry.getValue().validVersions()).isEmpty()) {
        current.remove(entry.getKey());
        SpecMessage legacy = old.get(entry.getKey());
        log.add(entry.getValue().name(), "(message)", "validVersions",
            legacy == null ? null : legacy.validVersions(), "none", legacy == null ? null : legacy.validVersions());
      }
    }

    // Process in order of the output name, so that the output and DIFFERENCES.md are stable.
    TreeMap<String, String> pairingKeys = new TreeMap<>();
    current.forEach((key, spec) -> pairingKeys.put(spec.name(), key));
    old.forEach((key, spec) -> {
      if (!current.containsKey(key)) {
        pairingKeys.put(spec.name(), key);
      }
    });

    int structs = 0;
    int fields = 0;
    List<String> problems = new ArrayList<>();
    for (var entry : pairingKeys.entrySet()) {
      SpecMessage oldSpec = old.get(entry.getValue());
      SpecMessage newSpec = current.get(entry.getValue());
      Path file = output.resolve(entry.getKey() + ".java");
      String source;
      if (checkOnly) {
        if (!Files.exists(file)) {
          problems.add(file + ": missing");
          continue;
        }
        source = Files.readString(file, StandardCharsets.UTF_8);
      } else {
        if (newSpec == null) {
          log.onlyInOld(oldSpec.name());
        } else if (oldSpec == null) {
          log.onlyInNew(newSpec.name());
        }
        SpecMessage merged = SpecMerger.merge(oldSpec, newSpec, log);
        RecordWriter.Result result = RecordWriter.write(merged, RecordWriter.KAFKA_PACKAGE,
            RecordWriter.kafkaJavadoc(merged, newSpec == null ? "3.9.1" : null));
        source = result.source();
        structs += result.structs();
        fields += result.fields();
        Files.writeString(file, source, StandardCharsets.UTF_8);
      }
      for (String problem : SelfCheck.check(source, oldSpec, newSpec)) {
        problems.add(entry.getKey() + ": " + problem);
      }
    }
    for (String stale : staleFiles(output, pairingKeys.keySet())) {
      problems.add(stale + ": not generated from any spec (stale? delete it)");
    }

    if (!checkOnly) {
      Files.writeString(differences, log.render(), StandardCharsets.UTF_8);
      System.out.printf("%d messages, %d nested structs, %d fields written to %s%n", pairingKeys.size(), structs,
          fields, output);
      System.out.printf("%d differences written to %s%n", log.entries().size(), differences);
    }
    if (!problems.isEmpty()) {
      problems.forEach(System.err::println);
      System.err.printf("self-check FAILED: %d problems%n", problems.size());
      System.exit(1);
    }
    System.out.printf("self-check passed: every version of all %d records matches its spec%n", pairingKeys.size());
  }

  /** Every message spec of one Kafka version, by pairing key. */
  private static Map<String, SpecMessage> load(Path dir) throws IOException {
    Path messages = Files.isDirectory(dir.resolve("common/message")) ? dir.resolve("common/message") : dir;
    Map<String, SpecMessage> specs = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> list = Files.list(messages)) {
      files = list.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    }
    if (files.isEmpty()) {
      throw new IOException("no *.json specs in " + messages);
    }
    for (Path file : files) {
      SpecMessage spec = SpecReader.read(file);
      if (!SKIPPED.contains(spec.name()) && specs.put(spec.pairingKey(), spec) != null) {
        throw new IOException("two specs for " + spec.pairingKey() + " in " + messages);
      }
    }
    return specs;
  }

  private static Set<String> staleFiles(Path output, Set<String> generated) throws IOException {
    Set<String> stale = new TreeSet<>();
    try (Stream<Path> list = Files.list(output)) {
      list.map(p -> p.getFileName().toString())
          .filter(name -> name.endsWith(".java"))
          .filter(name -> !generated.contains(name.substring(0, name.length() - 5)))
          .forEach(name -> stale.add(output.resolve(name).toString()));
    }
    return stale;
  }
}
