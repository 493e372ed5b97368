package io.kwire.cli;

import io.kwire.spec.RecordWriter;
import io.kwire.spec.SpecMessage;
import io.kwire.spec.SpecReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kwire records}: annotated records from Kafka-format JSON message specs (a Kafka fork's, another
 * project's custom APIs, or what {@code kwire spec} wrote), one source file per spec, for kwire's
 * processor to generate codecs from.
 */
@Command(name = "records",
    description = "Writes kwire's annotated Java records from message specs in Kafka's JSON format"
        + " (// comments allowed), one <Name>.java per spec.")
final class RecordsCommand implements Runnable {
  private static final Pattern PACKAGE = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*");

  @Spec
  CommandSpec spec;

  @Mixin
  HelpOption help;

  @Parameters(paramLabel = "SPEC.json", arity = "1..*", description = "Message spec files.")
  List<Path> specs = new ArrayList<>();

  @Option(names = "--package", paramLabel = "P", required = true, description = "The records' Java package.")
  String packageName;

  @Option(names = "--out", paramLabel = "DIR", required = true,
      description = "Source root: files go to DIR/<package as directories>/<Name>.java.")
  Path out;

  @Override
  public void run() {
    if (!PACKAGE.matcher(packageName).matches()) {
      throw new UsageException("not a Java package name: " + packageName);
    }
    Path dir = out.resolve(packageName.replace('.', '/'));
    try {
      Files.createDirectories(dir);
      for (Path file : specs) {
        SpecMessage message = read(file);
        Files.writeString(dir.resolve(message.name() + ".java"), source(message, file), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    spec.commandLine().getOut().println("wrote " + specs.size() + " record" + (specs.size() == 1 ? "" : "s")
        + " to " + dir);
  }

  private String source(SpecMessage message, Path file) {
    try {
      return RecordWriter.write(message, packageName, RecordWriter.specJavadoc(message, file.getFileName().toString()))
          .source();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(file + ": cannot write a record: " + e.getMessage(), e);
    }
  }

  private static SpecMessage read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new UsageException("no such spec file: " + file);
    }
    return SpecReader.read(Files.readString(file, StandardCharsets.UTF_8), file.toString());
  }
}
