package io.kwire.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Whether the process's stderr is a terminal (Java has no isatty for one stream). */
final class Terminal {
  private Terminal() {}

  static boolean stderrIsTerminal() {
    try {
      // Linux and the like: fd 2 links to a tty device.
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (Exception e) {
      // Elsewhere the best the JDK offers: a console means an interactive session.
      return System.console() != null;
    }
  }
}
