package io.kwire.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/** Reads one frame from a file or stdin, as hex text or raw bytes. */
final class FrameInput {
  enum Format { AUTO, HEX, RAW }

  private FrameInput() {}

  static byte[] read(Path file, InputStream stdin, Format format) throws IOException {
    byte[] bytes = readAll(file, stdin);
    boolean hex = switch (format) {
      case HEX -> true;
      case RAW -> false;
      // A raw frame starts with its int32 size, whose first byte is below 0x20: never hex text.
      case AUTO -> bytes.length > 0 && looksLikeHex(bytes);
    };
    if (bytes.length == 0) {
      throw new Kwire.UsageException("no input: give a file, or pipe a frame (hex or raw bytes) to stdin");
    }
    return hex ? parseHex(new String(bytes, StandardCharsets.US_ASCII)) : bytes;
  }

  /** The whole input: the file, or stdin when there is none or it is {@code -}. */
  static byte[] readAll(Path file, InputStream stdin) throws IOException {
    return file == null || file.toString().equals("-") ? stdin.readAllBytes() : Files.readAllBytes(file);
  }

  private static boolean looksLikeHex(byte[] bytes) {
    for (byte b : bytes) {
      char c = (char) (b & 0xFF);
      if (!(Character.digit(c, 16) >= 0 || Character.isWhitespace(c) || c == 'x' || c == ':')) {
        return false;
      }
    }
    return true;
  }

  /** Hex digits; whitespace, colons and {@code 0x} prefixes are ignored. */
  static byte[] parseHex(String text) {
    String digits = text.replaceAll("0x", "").replaceAll("[\\s:]", "");
    if (digits.length() % 2 != 0) {
      throw new Kwire.UsageException("hex input has an odd number of digits (" + digits.length() + ")");
    }
    try {
      return HexFormat.of().parseHex(digits);
    } catch (IllegalArgumentException e) {
      throw new Kwire.UsageException("input is not hex: " + e.getMessage());
    }
  }
}
