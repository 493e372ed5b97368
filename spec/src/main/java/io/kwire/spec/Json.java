package io.kwire.spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for Kafka's message specs. It also accepts {@code //} and {@code /* *\/}
 * comments, which the specs use for their license header and version notes.
 *
 * <p>Objects become {@link LinkedHashMap}s (key order kept), arrays {@link List}s, strings
 * {@link String}s, booleans {@link Boolean}s, null {@code null}, and numbers {@link Number}s that keep
 * their source text.
 */
public final class Json {
  /** A JSON number, kept as written (the specs only need its text). */
  public record Number(String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  private final String text;
  private final String source;
  private int pos;

  private Json(String text, String source) {
    this.text = text;
    this.source = source;
  }

  public static Object parse(String text, String source) {
    Json json = new Json(text, source);
    Object value = json.value();
    json.skipBlanks();
    if (json.pos != text.length()) {
      throw json.error("trailing content");
    }
    return value;
  }

  private Object value() {
    skipBlanks();
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
    pos++; // '{'
    skipBlanks();
    if (peek() == '}') {
      pos++;
      return map;
    }
    while (true) {
      skipBlanks();
      if (peek() != '"') {
        throw error("expected a key");
      }
      String key = string();
      skipBlanks();
      expect(':');
      // A repeated key keeps its last value, as Kafka's own (Jackson-based) generator does:
      // 3.9.1's DescribeTopicPartitionsRequest states "versions" twice for one field.
      map.put(key, value());
      skipBlanks();
      if (peek() == ',') {
        pos++;
        continue;
      }
      expect('}');
      return map;
    }
  }

  private List<Object> array() {
    List<Object> list = new ArrayList<>();
    pos++; // '['
    skipBlanks();
    if (peek() == ']') {
      pos++;
      return list;
    }
    while (true) {
      list.add(value());
      skipBlanks();
      if (peek() == ',') {
        pos++;
        continue;
      }
      expect(']');
      return list;
    }
  }

  private String string() {
    pos++; // opening quote
    StringBuilder out = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw error("unterminated string");
      }
      char c = text.charAt(pos++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = text.charAt(pos++);
      switch (e) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          pos += 4;
        }
        default -> out.append(e); // \" \\ \/
      }
    }
  }

  private Number number() {
    int start = pos;
    while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
    return new Number(text.substring(start, pos));
  }

  private void skipBlanks() {
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
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("expected '" + c + "'");
    }
    pos++;
  }

  private IllegalArgumentException error(String reason) {
    int line = 1;
    for (int i = 0; i < Math.min(pos, text.length()); i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return new IllegalArgumentException(source + ":" + line + ": " + reason);
  }
}
