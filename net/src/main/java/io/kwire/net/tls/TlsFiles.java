package io.kwire.net.tls;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Turns whatever reading a key store or PEM file throws into one {@link TlsConfigException} naming the
 * file; a file that is missing or unreadable is said so before any parser sees it (their own words are
 * often only the path).
 */
final class TlsFiles {
  interface Reading<T> {
    T read() throws Exception;
  }

  private TlsFiles() {}

  /** Reads {@code files[0]} (and the files beside it, such as a PEM key) with {@code reading}. */
  static <T> T parsing(Path file, Reading<T> reading, Path... alsoRead) {
    usable(file);
    for (Path other : alsoRead) {
      usable(other);
    }
    try {
      return reading.read();
    } catch (Exception e) {
      String message = e.getMessage();
      throw new TlsConfigException("cannot use " + file + ": "
          + (message == null || message.equals(file.toString()) ? e.getClass().getSimpleName() : message), e);
    }
  }

  private static void usable(Path file) {
    if (!Files.exists(file)) {
      throw new TlsConfigException("cannot use " + file + ": it does not exist", null);
    }
    if (Files.isDirectory(file)) {
      throw new TlsConfigException("cannot use " + file + ": it is a directory", null);
    }
    if (!Files.isReadable(file)) {
      throw new TlsConfigException("cannot use " + file + ": it is not readable (permissions)", null);
    }
  }
}
