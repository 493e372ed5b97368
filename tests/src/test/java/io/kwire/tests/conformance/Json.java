package io.kwire.tests.conformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for Kafka's message specs, which carry {@code //} comments (Kafka parses them
 * with comments allowed). Objects become insertion-ordered maps, arrays lists, strings strings,
 * {@code true}/{@code false} booleans, {@code null} null, and numbers their literal text, because
 * Kafka binds every scalar spec attribute to a string anyway.
 */
final class Json {
  private final String text;
  private int pos;

  private Json(String text) {
    this.text = text;
  }

  static Object parse(String text) {
    Json json = new Json(text);
    Object value = json.value();
    json.skipBlank();
    if (json.pos != text.length()) {
      throw json.error("trailing content");
    }
    return value;
  }

  private Object value() {
    skipBlank();
    if (pos >= text.length()) {
      throw error("unexpected end of input");
    }
    char c = text.charAt(pos);
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        if (text.startsWith("true", pos)) {
          pos += 4;
          return Boolean.TRUE;
        }
        if (text.startsWith("false", pos)) {
          pos += 5;
          return Boolean.FALSE;
        }
        if (text.startsWith("null", pos)) {
          pos += 4;
          return null;
        }
        throw error("unexpected character '" + c + "'");
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> map = new LinkedHashMap<>();
    expect('{');
    skipBlank();
    if (peek() == '}') {
      pos++;
      return map;
    }
    while (true) {
      skipBlank();
      String key = string();
      skipBlank();
      expect(':');
      // A repeated key keeps the last value, as Kafka's reader does (3.9.1's
      // DescribeTopicPartitionsRequest states a field's "versions" twice).
      map.put(key, value());
      skipBlank();
      if (peek() == ',') {
        pos++;
      } else {
        expect('}');
        return map;
      }
    }
  }

  private List<Object> array() {
    List<Object> list = new ArrayList<>();
    expect('[');
    skipBlank();
    if (peek() == ']') {
      pos++;
      return list;
    }
    while (true) {
      list.add(value());
      skipBlank();
      if (peek() == ',') {
        pos++;
      } else {
        expect(']');
        return list;
      }
    }
  }

  private String string() {
    expect('"');
    StringBuilder sb = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw error("unterminated string");
      }
      char c = text.charAt(pos++);
      if (c == '"') {
        return sb.toString();
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      if (pos >= text.length()) {
        throw error("unterminated escape");
      }
      char e = text.charAt(pos++);
      switch (e) {
        case '"', '\\', '/' -> sb.append(e);
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> {
          if (pos + 4 > text.length()) {
            throw error("short \\u escape");
          }
          sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          pos += 4;
        }
        default -> throw error("bad escape \\" + e);
      }
    }
  }

  private String number() {
    int start = pos;
    while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
    return text.substring(start, pos);
  }

  /** Skips whitespace and {@code //} or {@code /* *}{@code /} comments. */
  private void skipBlank() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isWhitespace(c)) {
        pos++;
      } else if (text.startsWith("//", pos)) {
        int end = text.indexOf('\n', pos);
        pos = end < 0 ? text.length() : end + 1;
      } else if (text.startsWith("/*", pos)) {
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw error("unterminated comment");
        }
        pos = end + 2;
      } else {
        return;
      }
    }
  }

  private char peek() {
    if (pos >= text.length()) {
      throw error("unexpected end of input");
    }
    return text.charAt(pos);
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("expected '" + c + "' but found '" + text.charAt(pos) + "'");
    }
    pos++;
  }

  private IllegalArgumentException error(String reason) {
    return new IllegalArgumentException("JSON at offset " + pos + ": " + reason);
  }
}
