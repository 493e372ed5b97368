package io.kwire.bench.fake;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A process started by the harness, timed from {@link ProcessBuilder#start} to the first line of
 * its stdout that the caller waits for. The rest of its output is passed on (stderr straight through).
 */
final class ChildJvm {
  final double millisToLine;
  final String line;

  private ChildJvm(double millisToLine, String line) {
    this.millisToLine = millisToLine;
    this.line = line;
  }

  /** This JVM's java launcher and class path, with {@code jvmOptions}, running {@code mainAndArgs}. */
  static List<String> java(List<String> jvmOptions, String... mainAndArgs) {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.addAll(List.of(mainAndArgs));
    return command;
  }

  /**
   * Starts {@code command}, waits for the line {@code wanted} accepts, then (if {@code terminate})
   * sends it SIGTERM, and waits for it to end in any case.
   */
  static ChildJvm run(List<String> command, Predicate<String> wanted, boolean terminate, long timeoutSeconds)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    double millis = Double.NaN;
    String found = null;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (found == null && wanted.test(line)) {
          millis = (System.nanoTime() - start) / 1e6;
          found = line;
          if (terminate) {
            break; // destroy() closes the streams: it comes after the reading
          }
        } else if (!line.isBlank()) {
          System.out.println("    | " + line);
        }
      }
    } finally {
      if (terminate) {
        process.destroy();
      }
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    }
    if (found == null) {
      throw new IllegalStateException("no expected line from " + command.get(command.size() - 1) + " (exit "
          + process.exitValue() + ")");
    }
    return new ChildJvm(millis, found);
  }

  /** Milliseconds from starting {@code command} (output discarded) to its exit. */
  static double millisToExit(List<String> command) throws IOException, InterruptedException {
    long start = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      throw new IllegalStateException(command + " did not end in 60 s");
    }
    return (System.nanoTime() - start) / 1e6;
  }

  /** The value of {@code key=value} in a RESULT line. */
  static String field(String line, String key) {
    for (String part : line.split(" ")) {
      if (part.startsWith(key + "=")) {
        return part.substring(key.length() + 1);
      }
    }
    throw new IllegalArgumentException("no " + key + " in " + line);
  }
}
