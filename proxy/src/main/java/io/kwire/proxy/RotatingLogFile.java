package io.kwire.proxy;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The message log in a file of at most {@code maxBytes}: a line that would make it larger first
 * moves the file to {@code FILE.1} ({@code FILE.1} to {@code FILE.2}, and so on), keeping
 * {@code files} files in all, the oldest deleted. A single line longer than {@code maxBytes} gets a
 * file of its own. {@code maxBytes} 0 never rotates.
 */
final class RotatingLogFile implements LogSink {
  private final Path file;
  private final long maxBytes;
  private final int files;
  private OutputStream out;
  private long size;

  RotatingLogFile(Path file, long maxBytes, int files) throws IOException {
    this.file = file;
    this.maxBytes = maxBytes;
    this.files = files;
    open(StandardOpenOption.TRUNCATE_EXISTING);
  }

  private void open(StandardOpenOption mode) throws IOException {
    out = new BufferedOutputStream(Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, mode),
        1 << 16);
    size = 0;
  }

  @Override
  public void write(String line) throws IOException {
    byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
    if (maxBytes > 0 && size > 0 && size + bytes.length > maxBytes) {
      rotate();
    }
    out.write(bytes);
    size += bytes.length;
  }

  private void rotate() throws IOException {
    out.close();
    if (files > 1) {
      for (int i = files - 2; i >= 1; i--) {
        if (Files.exists(numbered(i))) {
          Files.move(numbered(i), numbered(i + 1), StandardCopyOption.REPLACE_EXISTING);
        }
      }
      Files.move(file, numbered(1), StandardCopyOption.REPLACE_EXISTING);
    }
    open(StandardOpenOption.TRUNCATE_EXISTING); // one file kept: it starts afresh
  }

  private Path numbered(int i) {
    return file.resolveSibling(file.getFileName() + "." + i);
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
