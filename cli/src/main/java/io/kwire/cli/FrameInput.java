package io.kwire.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/** Reads one frame from a file or stdin, as hex text or raw bytes. */
final class FrameInput {
  enum Format { AUTO, HEX, RAW }

  private FrameInput() {}

  static byte[] read(Path file, InputStream stdin, Format format) {
    byte[] bytes = readAll(file, stdin);
    if (bytes.length == 0) {
      throw new UsageException("no input: give a file, or pipe a frame (hex or raw bytes) to stdin");
    }
    boolean hex = switch (format) {
      case HEX -> true;
      case RAW -> false;
      // A raw frame starts with its int32 size, whose first byte is below 0x20: never printable text.
      case AUTO -> looksLikeHex(bytes);
    };
    return hex ? parseHex(bytes) : bytes;
  }

  /** The whole input: the file, or stdin when there is none or it is {@code -}. */
  static byte[] readAll(Path file, InputStream stdin) {
    if (file == null || file.toString().equals("-")) {
      try {
        return stdin.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read standard input: " + e.getMessage(), e);
      }
    }
    try (InputStream in = open(file)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw cannot("read", file, e);
    }
  }

  /** A file the user named, opened; a directory or a missing file is a one-line error that names it. */
  static InputStream open(Path file) {
    if (Files.isDirectory(file)) {
      throw new UsageException("cannot read " + file + ": it is a directory");
    }
    try {
      return Files.newInputStream(file);
    } catch (IOException e) {
      throw cannot("read", file, e);
    }
  }

  /** An I/O failure on a file the user named, as a one-line error that names it. */
  static UsageException cannot(String what, Path file, IOException e) {
    String why = e instanceof NoSuchFileException ? "no such file"
        : e instanceof AccessDeniedException ? "permission denied"
        : e.getMessage();
    return new UsageException("cannot " + what + " " + file + ": " + why);
  }

  /**
   * Printable text (and line breaks) that starts with a hex digit: meant as hex, so a typo in it is
   * an error rather than a reason to read it as raw bytes.
   */
  private static boolean looksLikeHex(byte[] bytes) {
    int first = -1;
    for (byte b : bytes) {
      int c = b & 0xFF;
      boolean space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
      if (!space && (c < 0x20 || c > 0x7E)) {
        return false;
      }
      if (first < 0 && !space) {
        first = c;
      }
    }
    return first >= 0 && Character.digit(first, 16) >= 0;
  }

  /** Hex digits; whitespace, colons and {@code 0x} prefixes are ignored. */
  static byte[] parseHex(byte[] text) {
    byte[] out = new byte[text.length / 2];
    int n = 0;
    int high = -1;
    int line = 1;
    int column = 0;
    for (int i = 0; i < text.length; i++) {
      char c = (char) (text[i] & 0xFF);
      column++;
      if (c == '\n') {
        line++;
        column = 0;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == ':') {
        continue;
      }
      boolean prefix = c == '0' && high < 0 && i + 1 < text.length && (text[i + 1] | 0x20) == 'x'
          && (i == 0 || !isHexDigit(text[i - 1]));
      if (prefix) {
        i++;
        column++;
        continue;
      }
      int digit = Character.digit(c, 16);
      if (digit < 0) {
        throw new UsageException("hex input: " + describe(c) + " at " + position(i, line, column)
            + " is not a hex digit (give --format raw if the input is raw bytes)");
      }
      if (high < 0) {
        high = digit;
      } else {
        out[n++] = (byte) (high << 4 | digit);
        high = -1;
      }
    }
    if (high >= 0) {
      throw new UsageException("hex input has an odd number of digits (" + (2 * n + 1) + ")");
    }
    return Arrays.copyOf(out, n);
  }

  private static boolean isHexDigit(byte b) {
    return Character.digit((char) (b & 0xFF), 16) >= 0;
  }

  private static String describe(char c) {
    return c >= 0x20 && c < 0x7F ? "'" + c + "'" : String.format("byte 0x%02x", (int) c);
  }

  private static String position(int offset, int line, int column) {
    return line == 1 ? "character " + (offset + 1) : "line " + line + ", column " + column;
  }
}
