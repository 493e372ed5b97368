package io.kwire.cli;

import io.kwire.spec.SpecMessage;
import io.kwire.spec.SpecReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code kwire spec}: the message specs, in Kafka's JSON format, that kwire's processor wrote into the
 * class output of every build ({@code META-INF/kwire/specs/}). Kafka's generator, kafka-protocol-rs or
 * franz-go's generator read them to make clients for the API.
 */
@Command(name = "spec",
    description = {"Writes message specs in Kafka's JSON format, as kwire's processor recorded them in the"
        + " build (META-INF/kwire/specs/): kwire's Kafka messages, or your own with --classpath.",
        "Name APIs by key or name (19, CreateTopics, CreateTopicsRequest), or give --all."})
final class SpecCommand implements Runnable {
  @ParentCommand
  Kwire kwire;

  @Spec
  CommandSpec spec;

  @Mixin
  HelpOption help;

  @Parameters(paramLabel = "API", arity = "0..*", description = "API keys or message names.")
  List<String> apis = new ArrayList<>();

  @Option(names = "--all", description = "Every spec on the class path.")
  boolean all;

  @Option(names = "--classpath", paramLabel = "PATH",
      description = "Jars and class directories to read the specs from (separated by the platform's path"
          + " separator); by default kwire's own messages.")
  String classpath;

  @Option(names = "--out", paramLabel = "DIR", description = "Write <Name>.json files into DIR (else to stdout: one spec).")
  Path out;

  @Override
  public void run() {
    if (all == !apis.isEmpty()) {
      throw new UsageException("name the APIs or messages to export, or give --all (not both)");
    }
    List<Path> entries = classpath == null ? ClassPathSpecs.kwireMessages() : UserCodecs.entries(List.of(classpath));
    Map<String, String> specs = ClassPathSpecs.collect(entries);
    if (specs.isEmpty()) {
      throw new UsageException("no message specs (META-INF/kwire/specs/*.json) in " + entries
          + "; were the jars built with kwire's processor?");
    }
    Map<String, String> chosen = all ? specs : choose(specs);
    if (out == null) {
      if (chosen.size() > 1) {
        throw new UsageException(String.join(" ", apis) + " names " + chosen.size() + " specs ("
            + String.join(", ", chosen.keySet()) + "): give --out DIR, or name one message");
      }
      spec.commandLine().getOut().print(chosen.values().iterator().next());
      return;
    }
    write(chosen);
  }

  private void write(Map<String, String> chosen) {
    PrintWriter report = spec.commandLine().getOut();
    try {
      Files.createDirectories(out);
      for (Map.Entry<String, String> e : chosen.entrySet()) {
        Files.writeString(out.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    report.println("wrote " + chosen.size() + " spec" + (chosen.size() == 1 ? "" : "s") + " to " + out);
  }

  /** The specs each argument names, in argument order; an argument naming none is an error. */
  private Map<String, String> choose(Map<String, String> specs) {
    Map<String, SpecMessage> parsed = new LinkedHashMap<>();
    specs.forEach((file, text) -> parsed.put(file, SpecReader.read(text, file)));
    Map<String, String> chosen = new LinkedHashMap<>();
    for (String api : apis) {
      int before = chosen.size();
      boolean found = false;
      for (Map.Entry<String, SpecMessage> e : parsed.entrySet()) {
        if (names(api.trim(), e.getValue())) {
          found = true;
          chosen.put(e.getKey(), specs.get(e.getKey()));
        }
      }
      if (!found && chosen.size() == before) {
        throw new UsageException("no spec for " + api + " (see: kwire spec --all --out DIR)");
      }
    }
    return chosen;
  }

  /** {@code 19}, {@code CreateTopics} and {@code createtopicsrequest} all name CreateTopicsRequest. */
  static boolean names(String api, SpecMessage spec) {
    if (!api.isEmpty() && api.chars().allMatch(Character::isDigit)) {
      return spec.isApi() && spec.apiKey() == Integer.parseInt(api);
    }
    String wanted = api.toLowerCase(Locale.ROOT);
    String name = spec.name().toLowerCase(Locale.ROOT);
    return name.equals(wanted) || (spec.isApi() && name.equals(wanted + spec.type()));
  }
}
