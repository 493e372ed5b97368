package io.kwire.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/** What decode --jsonl and encode --jsonl share: input, buffered output, progress. */
final class JsonlRun {
  private JsonlRun() {}

  interface Mode {
    Progress.Summary run(JsonLines lines, InputStream in, OutputStream out, Progress progress) throws IOException;
  }

  static int run(CommonOptions common, Path file, boolean forceProgress, Mode mode) throws IOException {
    Kwire kwire = common.kwire();
    boolean stdin = file == null || file.toString().equals("-");
    Progress progress = new Progress(common.err(), forceProgress || kwire.stderrIsTerminal(), System::nanoTime);
    JsonLines lines = new JsonLines(common.registry());
    // picocli's writer may hold text written before: it goes first.
    common.out().flush();
    OutputStream out = new BufferedOutputStream(kwire.stdout(), 1 << 16);
    try (InputStream in = stdin ? kwire.stdin() : FrameInput.open(file)) {
      mode.run(lines, in, out, progress);
    } finally {
      out.flush();
    }
    return 0;
  }
}
