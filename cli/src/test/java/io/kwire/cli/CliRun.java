package io.kwire.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One in-process run of the kwire command: exit code, stdout, stderr. */
record CliRun(int exitCode, String out, String err) {
  static CliRun of(String... args) {
    return withInput(new byte[0], args);
  }

  static CliRun withInput(String stdin, String... args) {
    return withInput(stdin.getBytes(StandardCharsets.UTF_8), args);
  }

  static CliRun withInput(byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Kwire.run(args, new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
