package io.kwire.tools.specconverter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A deliberately simple reader of the generated sources, so that the self-check looks at what was
 * written rather than at the converter's own model. It only understands the converter's output shape.
 */
final class GeneratedRecords {
  /** One record component: its Java type and name, and its {@code @Field} attributes (unquoted). */
  record Component(String javaType, String javaName, Map<String, String> attributes) {}

  private static final Pattern RECORD = Pattern.compile("record (\\w+)\\(");
  private static final Pattern MESSAGE_ANNOTATION = Pattern.compile("@(?:[\\w.]+\\.)?(ApiKey|DataMessage)\\(");
  private static final Pattern FIELD_ANNOTATION = Pattern.compile("^@(?:[\\w.]+\\.)?Field\\(");

  final String messageName;
  final Map<String, String> messageAttributes;
  final Map<String, List<Component>> records = new LinkedHashMap<>();

  GeneratedRecords(String source) {
    Matcher annotation = MESSAGE_ANNOTATION.matcher(source);
    if (!annotation.find()) {
      throw new IllegalArgumentException("no @ApiKey or @DataMessage");
    }
    int open = annotation.end() - 1;
    messageAttributes = attributes(source.substring(open + 1, closing(source, open)));
    Matcher record = RECORD.matcher(source);
    String first = null;
    while (record.find()) {
      int start = record.end() - 1;
      String inside = source.substring(start + 1, closing(source, start));
      List<Component> components = new ArrayList<>();
      for (String part : splitTopLevel(inside)) {
        if (!part.isBlank()) {
          components.add(component(part.strip()));
        }
      }
      records.put(record.group(1), components);
      if (first == null) {
        first = record.group(1);
      }
    }
    messageName = first;
  }

  private static Component component(String text) {
    Map<String, String> attributes = new LinkedHashMap<>();
    Matcher field = FIELD_ANNOTATION.matcher(text);
    String rest = text;
    if (field.find()) {
      int open = field.end() - 1;
      int close = closing(text, open);
      attributes = attributes(text.substring(open + 1, close));
      rest = text.substring(close + 1).strip();
    }
    String[] words = rest.split("\\s+");
    return new Component(words[0], words[1], attributes);
  }

  private static Map<String, String> attributes(String text) {
    Map<String, String> map = new LinkedHashMap<>();
    for (String part : splitTopLevel(text)) {
      int eq = part.indexOf('=');
      String value = part.substring(eq + 1).strip();
      if (value.startsWith("\"")) {
        value = value.substring(1, value.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
      }
      map.put(part.substring(0, eq).strip(), value);
    }
    return map;
  }

  /** Index of the bracket closing the one at {@code open}, skipping string literals. */
  private static int closing(String text, int open) {
    int depth = 0;
    boolean quoted = false;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          quoted = false;
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == '(' || c == '{' || c == '<') {
        depth++;
      } else if (c == ')' || c == '}' || c == '>') {
        depth--;
        if (depth == 0) {
          return i;
        }
      }
    }
    throw new IllegalArgumentException("unbalanced brackets");
  }

  private static List<String> splitTopLevel(String text) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    boolean quoted = false;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          quoted = false;
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == '(' || c == '{' || c == '<') {
        depth++;
      } else if (c == ')' || c == '}' || c == '>') {
        depth--;
      } else if (c == ',' && depth == 0) {
        parts.add(text.substring(start, i));
        start = i + 1;
      }
    }
    if (start < text.length()) {
      parts.add(text.substring(start));
    }
    return parts;
  }
}
