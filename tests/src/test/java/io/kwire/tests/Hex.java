package io.kwire.tests;

import java.util.HexFormat;

/** Hex for golden bytes: spaces and line breaks in the text are ignored. */
public final class Hex {
  private Hex() {}

  public static byte[] bytes(String hex) {
    return HexFormat.of().parseHex(hex.replaceAll("\\s+", ""));
  }

  public static String of(byte[] bytes) {
    return HexFormat.ofDelimiter(" ").formatHex(bytes);
  }
}
