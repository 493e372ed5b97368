package io.kwire.tests.json;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Kafka's generated {@code <Message>DataJsonConverter} for one Kafka message class: the JSON oracle.
 * Everything is reached through the message class's own loader, so that kafka-clients 3.9.1 (in its
 * own class loader, with its own Jackson classes) serves as well as 4.4.0.
 */
final class KafkaJsonConverters {
  private final Method write;
  private final Method read;
  private final Object mapper;
  private final Method readTree;

  private KafkaJsonConverters(Method write, Method read, Object mapper, Method readTree) {
    this.write = write;
    this.read = read;
    this.mapper = mapper;
    this.readTree = readTree;
  }

  /** One per Kafka message class: an ObjectMapper is costly to build. */
  private static final Map<Class<?>, Optional<KafkaJsonConverters>> CACHE = new ConcurrentHashMap<>();

  static Optional<KafkaJsonConverters> forMessageClass(Class<?> messageClass) {
    return CACHE.computeIfAbsent(messageClass, KafkaJsonConverters::find);
  }

  private static Optional<KafkaJsonConverters> find(Class<?> messageClass) {
    ClassLoader loader = messageClass.getClassLoader();
    try {
      Class<?> converter = Class.forName(messageClass.getName() + "JsonConverter", true, loader);
      Class<?> jsonNode = Class.forName("com.fasterxml.jackson.databind.JsonNode", true, loader);
      Class<?> objectMapper = Class.forName("com.fasterxml.jackson.databind.ObjectMapper", true, loader);
      return Optional.of(new KafkaJsonConverters(converter.getMethod("write", messageClass, short.class),
          converter.getMethod("read", jsonNode, short.class), objectMapper.getConstructor().newInstance(),
          objectMapper.getMethod("readTree", String.class)));
    } catch (ReflectiveOperationException e) {
      return Optional.empty();
    }
  }

  /** Kafka's JSON text for a Kafka message object (a JsonNode's compact text). */
  String write(Object kafkaMessage, short version) {
    return invoke(write, null, kafkaMessage, version).toString();
  }

  /** Kafka's reading of JSON text: a Kafka message object. */
  Object read(String json, short version) {
    return invoke(read, null, invoke(readTree, mapper, json), version);
  }

  private static Object invoke(Method m, Object target, Object... args) {
    try {
      return m.invoke(target, args);
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
