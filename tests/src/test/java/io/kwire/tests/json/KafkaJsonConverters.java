package io.kwire.tests.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;

/** Kafka 4.4.0's generated {@code <Message>DataJsonConverter} for one Kafka message class: the JSON oracle. */
final class KafkaJsonConverters {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Method write;
  private final Method read;

  private KafkaJsonConverters(Method write, Method read) {
    this.write = write;
    this.read = read;
  }

  static Optional<KafkaJsonConverters> forMessageClass(Class<?> messageClass) {
    try {
      Class<?> converter = Class.forName(messageClass.getName() + "JsonConverter", true, messageClass.getClassLoader());
      return Optional.of(new KafkaJsonConverters(converter.getMethod("write", messageClass, short.class),
          converter.getMethod("read", JsonNode.class, short.class)));
    } catch (ClassNotFoundException | NoSuchMethodException e) {
      return Optional.empty();
    }
  }

  /** Kafka's JSON text for a Kafka message object. */
  String write(Object kafkaMessage, short version) {
    return ((JsonNode) invoke(write, kafkaMessage, version)).toString();
  }

  /** Kafka's reading of JSON text: a Kafka message object. */
  Object read(String json, short version) {
    try {
      return invoke(read, MAPPER.readTree(json), version);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static Object invoke(Method m, Object... args) {
    try {
      return m.invoke(null, args);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    }
  }
}
