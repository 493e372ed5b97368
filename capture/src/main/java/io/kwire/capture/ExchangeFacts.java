package io.kwire.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.kwire.json.KwireJson;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.runtime.ApiMessageCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a summary takes from an exchange, read off its Kafka JSON (so that it holds for every API,
 * including a user's own): topics (a {@code topic}/{@code topicName} string, a {@code name} in an
 * array whose name says topic, a string in such an array), groups ({@code groupId}, strings of a
 * {@code groups}/{@code groupIds} array, FindCoordinator's group keys) and error codes (every
 * non-zero {@code errorCode} of the response). Topics named only by id (Fetch 13+) are not named.
 */
final class ExchangeFacts {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();
  private static final Set<String> TOPIC_FIELDS = Set.of("topic", "topicName");
  private static final Set<String> GROUP_ARRAYS = Set.of("groups", "groupIds");

  private ExchangeFacts() {}

  static void topicsAndGroups(Exchange exchange, Consumer<String> topics, Consumer<String> groups) {
    if (exchange.request() == null) {
      return;
    }
    if (exchange.request() instanceof FindCoordinatorRequest find && find.keyType() == 0) {
      if (find.key() != null && !find.key().isEmpty()) {
        groups.accept(find.key());
      }
      if (find.coordinatorKeys() != null) {
        find.coordinatorKeys().forEach(groups);
      }
      return;
    }
    walk(json(exchange.requestCodec(), exchange.request(), exchange.version()), (field, array, parser) -> {
      if (parser.currentToken() != JsonToken.VALUE_STRING) {
        return;
      }
      String value = parser.getText();
      boolean inTopicArray = array != null && array.toLowerCase(Locale.ROOT).contains("topic");
      if (TOPIC_FIELDS.contains(field) || (field == null && inTopicArray) || ("name".equals(field) && inTopicArray)) {
        topics.accept(value);
      } else if ("groupId".equals(field) || (field == null && array != null && GROUP_ARRAYS.contains(array))) {
        groups.accept(value);
      }
    });
  }

  static void errorCodes(Exchange exchange, Consumer<Short> codes) {
    if (exchange.response() == null) {
      return;
    }
    walk(json(exchange.responseCodec(), exchange.response(), exchange.responseVersion()), (field, array, parser) -> {
      if ("errorCode".equals(field) && parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
        short code = parser.getShortValue();
        if (code != 0) {
          codes.accept(code);
        }
      }
    });
  }

  private interface Visitor {
    /** A scalar: its field name (null inside an array), and the name of the nearest array holding it. */
    void scalar(String field, String array, JsonParser parser) throws IOException;
  }

  @SuppressWarnings("unchecked")
  private static <T> String json(ApiMessageCodec<T> codec, Object body, short version) {
    return KwireJson.write(codec, (T) body, version, ExchangeJson.SAFE);
  }

  /** Walks the JSON, keeping for each open container the field it is the value of. */
  private static void walk(String json, Visitor visitor) {
    try (JsonParser parser = FACTORY.createParser(json)) {
      Deque<String> arrays = new ArrayDeque<>();
      Deque<Boolean> isArray = new ArrayDeque<>();
      String field = null;
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        switch (token) {
          case FIELD_NAME -> field = parser.currentName();
          case START_ARRAY -> {
            arrays.push(field == null ? (arrays.isEmpty() ? "" : arrays.peek()) : field);
            isArray.push(true);
            field = null;
          }
          case START_OBJECT -> {
            isArray.push(false);
            field = null;
          }
          case END_ARRAY -> {
            arrays.pop();
            isArray.pop();
            field = null;
          }
          case END_OBJECT -> {
            isArray.pop();
            field = null;
          }
          default -> {
            boolean directlyInArray = !isArray.isEmpty() && isArray.peek();
            visitor.scalar(directlyInArray ? null : field, arrays.isEmpty() ? null : arrays.peek(), parser);
            field = null;
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
