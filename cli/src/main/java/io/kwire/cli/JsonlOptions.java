package io.kwire.cli;

import picocli.CommandLine.Option;

/** {@code --jsonl} and {@code --progress}: the batch mode of decode and encode. */
final class JsonlOptions {
  @Option(names = "--jsonl", description = "Batch mode: JSON lines in and out (see above).")
  boolean jsonl;

  @Option(names = "--progress", description = "With --jsonl: progress and a summary on stderr even when it is not a terminal.")
  boolean progress;
}
