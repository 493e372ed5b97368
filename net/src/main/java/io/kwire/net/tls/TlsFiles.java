package io.kwire.net.tls;

import java.nio.file.Path;

/** Turns whatever reading a key store or PEM file throws into one {@link TlsConfigException} naming the file. */
final class TlsFiles {
  interface Reading<T> {
    T read() throws Exception;
  }

  private TlsFiles() {}

  static <T> T parsing(Path file, Reading<T> reading) {
    try {
      return reading.read();
    } catch (Exception e) {
      throw new TlsConfigException("cannot use " + file + ": " + e.getMessage(), e);
    }
  }
}
