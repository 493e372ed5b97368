package io.kwire.tests.conformance;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Locale;
import java.util.UUID;

/**
 * Puts a field's default in one canonical spelling, so an absent default and an explicit one equal
 * to the type's implicit default compare equal, and so {@code 0x7fffffff} equals {@code 2147483647}.
 * Text that does not parse is kept, marked, so it shows up as a difference rather than an error.
 */
final class Defaults {
  private Defaults() {}

  /**
   * @param type Kafka's type string
   * @param declared the default as the spec (or kwire's descriptor) states it; {@code null} or empty
   *     for the type's implicit default
   */
  static String normalize(String type, String declared) {
    String text = declared == null ? "" : declared.trim();
    if (type.equals("records")) {
      return "null"; // Kafka ignores any declared default for records
    }
    if (type.startsWith("[]") || isStruct(type) || type.equals("bytes")) {
      return text.isEmpty() ? "empty" : text; // only empty or null are legal
    }
    switch (type) {
      case "bool":
        return text.isEmpty() ? "false" : text.toLowerCase(Locale.ROOT);
      case "int8", "int16", "uint16", "int32", "uint32", "int64":
        return text.isEmpty() ? "0" : integer(text);
      case "float64":
        return text.isEmpty() ? "0.0" : float64(text);
      case "uuid":
        return text.isEmpty() ? new UUID(0, 0).toString() : uuid(text);
      case "string":
        return text.equals("null") ? "null" : "\"" + (declared == null ? "" : declared) + "\"";
      default:
        return "?" + text;
    }
  }

  private static boolean isStruct(String type) {
    return !type.isEmpty() && Character.isUpperCase(type.charAt(0));
  }

  private static String integer(String text) {
    try {
      boolean hex = text.startsWith("0x") || text.startsWith("0X");
      return hex ? new BigInteger(text.substring(2), 16).toString() : new BigInteger(text).toString();
    } catch (NumberFormatException e) {
      return "unparsable:" + text;
    }
  }

  private static String float64(String text) {
    try {
      return Double.toString(Double.parseDouble(text));
    } catch (NumberFormatException e) {
      return "unparsable:" + text;
    }
  }

  /** Kafka writes UUID defaults as base64url of the 16 bytes. */
  private static String uuid(String text) {
    try {
      ByteBuffer bytes = ByteBuffer.wrap(Base64.getUrlDecoder().decode(text));
      return new UUID(bytes.getLong(), bytes.getLong()).toString();
    } catch (RuntimeException e) {
      return "unparsable:" + text;
    }
  }
}
