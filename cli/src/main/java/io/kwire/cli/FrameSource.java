package io.kwire.cli;

import java.io.InputStream;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code [FILE]} and {@code --format}: where a frame or body comes from, and whether it is hex or raw. */
final class FrameSource {
  @Parameters(arity = "0..1", paramLabel = "FILE", description = "The input; stdin when absent or -.")
  Path file;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "AUTO",
      description = "hex, raw or auto (default: hex if the input is printable text starting with a hex digit).")
  FrameInput.Format format;

  byte[] read(InputStream stdin) {
    return FrameInput.read(file, stdin, format);
  }
}
