package io.kwire.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JSON value read with the streaming parser into plain Java: {@code Map} (keys in order, the
 * last of a repeated key wins, as in Kafka's reading), {@code List}, {@code String},
 * {@code Boolean}, {@link #NULL}, and numbers as the parser typed them ({@code Integer},
 * {@code Long}, {@code BigInteger} for integers; {@code Double} for the rest). Kafka's converters
 * look fields up by name, so a struct must be seen whole before it is written in wire order.
 * Nesting depth is bounded by jackson-core's stream constraints.
 */
final class JsonTree {
  /** JSON's null (a missing key is Java's null). */
  static final Object NULL = new Object() {
    @Override
    public String toString() {
      return "null";
    }
  };

  private JsonTree() {}

  /** The value at the parser's next token; the parser must hold nothing after it. */
  static Object readWhole(JsonParser parser) {
    try {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new KwireJsonException("", "no JSON value in the input");
      }
      Object value = value(parser, first);
      JsonToken after = parser.nextToken();
      if (after != null) {
        throw new KwireJsonException("", "text after the JSON value" + where(parser.currentTokenLocation()));
      }
      return value;
    } catch (StreamReadException e) {
      throw new KwireJsonException("", "not valid JSON" + where(e.getLocation()) + ": " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The value whose first token is the parser's current one (or its next token, if it has no current
   * token yet), leaving the parser at the value's last token; what follows is the caller's.
   */
  static Object readValue(JsonParser parser) {
    try {
      JsonToken first = parser.hasCurrentToken() ? parser.currentToken() : parser.nextToken();
      if (first == null) {
        throw new KwireJsonException("", "no JSON value in the input");
      }
      return value(parser, first);
    } catch (StreamReadException e) {
      throw new KwireJsonException("", "not valid JSON" + where(e.getLocation()) + ": " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String where(JsonLocation at) {
    return at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
  }

  private static Object value(JsonParser p, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT: {
        Map<String, Object> object = new LinkedHashMap<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
          String key = p.currentName();
          object.put(key, value(p, p.nextToken()));
        }
        return object;
      }
      case START_ARRAY: {
        List<Object> array = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
          array.add(value(p, t));
        }
        return array;
      }
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        return p.getNumberValue();
      case VALUE_NUMBER_FLOAT:
        return p.getDoubleValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return NULL;
      default:
        throw new KwireJsonException("", "unexpected JSON token " + token + where(p.currentTokenLocation()));
    }
  }

  /** How Kafka's messages name a JSON value's type. */
  static String typeName(Object value) {
    if (value instanceof Map) {
      return "OBJECT";
    } else if (value instanceof List) {
      return "ARRAY";
    } else if (value instanceof String) {
      return "STRING";
    } else if (value instanceof Boolean) {
      return "BOOLEAN";
    } else if (value instanceof Number) {
      return "NUMBER";
    }
    return "NULL";
  }
}
