package io.kwire.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;

/** What decode --jsonl and encode --jsonl share: input, buffered output, progress. */
final class JsonlRun {
  private JsonlRun() {}

  interface Mode {
    Progress.Summary run(JsonLines lines, InputStream in, OutputStream out, Progress progress) throws IOException;
  }

  static int run(Kwire kwire, CommandSpec spec, Path file, boolean forceProgress, Mode mode) throws IOException {
    boolean stdin = file == null || file.toString().equals("-");
    Progress progress = new Progress(spec.commandLine().getErr(), forceProgress || kwire.stderrIsTerminal(),
        System::nanoTime);
    // picocli's writer may hold text written before: it goes first.
    spec.commandLine().getOut().flush();
    OutputStream out = new BufferedOutputStream(kwire.stdout(), 1 << 16);
    try (InputStream in = stdin ? kwire.stdin() : Files.newInputStream(file)) {
      mode.run(new JsonLines(kwire.registry()), in, out, progress);
    } finally {
      out.flush();
    }
    return 0;
  }
}
