package io.kwire.e2e.differential;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JSON text read into plain Java (ordered {@code Map}, {@code List}, {@code String}, numbers as
 * {@code Long}/{@code Double}, {@code Boolean}, {@link #NULL}): the trees the differential compares.
 */
final class JsonValues {
  /** JSON's null, told apart from a missing field. */
  static final String NULL = "null";

  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private JsonValues() {}

  static Object parse(String json) {
    try (JsonParser parser = FACTORY.createParser(json)) {
      return value(parser, parser.nextToken());
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON: " + json, e);
    }
  }

  private static Object value(JsonParser parser, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT: {
        Map<String, Object> object = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String name = parser.currentName();
          object.put(name, value(parser, parser.nextToken()));
        }
        return object;
      }
      case START_ARRAY: {
        List<Object> array = new ArrayList<>();
        for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
          array.add(value(parser, next));
        }
        return array;
      }
      case VALUE_STRING:
        return parser.getText();
      case VALUE_NUMBER_INT:
        return parser.getLongValue();
      case VALUE_NUMBER_FLOAT:
        return parser.getDoubleValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return NULL;
      default:
        throw new IOException("unexpected " + token + " at " + parser.currentLocation());
    }
  }
}
