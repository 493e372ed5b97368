package io.kwire.bench.oracle;

import io.kwire.runtime.meta.MessageDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Apache Kafka's own message classes from one kafka-clients version (copied from the tests' oracle),
 * used here only at set-up time to give Kafka the same content as kwire. Converts kwire records to Kafka objects and back, and serializes
 * and parses with Kafka's generated code.
 */
public final class KafkaOracle {
  private final String label;
  private final KafkaRuntime kafka;
  private final ToKafka toKafka;
  private final Map<String, Optional<Class<?>>> classes = new ConcurrentHashMap<>();

  private static final KafkaOracle CURRENT = new KafkaOracle("4.4.0", KafkaOracle.class.getClassLoader());

  /** kafka-clients from the bench class path (4.4.0). */
  public static KafkaOracle current() {
    return CURRENT;
  }

  KafkaOracle(String label, ClassLoader loader) {
    this.label = label;
    this.kafka = new KafkaRuntime(loader);
    this.toKafka = new ToKafka(kafka);
  }

  /** The kafka-clients version, e.g. {@code 4.4.0}. */
  public String label() {
    return label;
  }

  /** Kafka's class for the message, if this kafka-clients has one. */
  public Optional<Class<?>> messageClass(MessageDescriptor descriptor) {
    return classes.computeIfAbsent(descriptor.name(), name -> {
      for (String candidate : KafkaNames.messageClassCandidates(descriptor)) {
        Class<?> c = kafka.findClass(candidate);
        if (c != null) {
          return Optional.of(c);
        }
      }
      return Optional.empty();
    });
  }

  /** Whether Kafka's class exists and states {@code version} among its supported versions. */
  public boolean supports(MessageDescriptor descriptor, short version) {
    Optional<Class<?>> c = messageClass(descriptor);
    if (c.isEmpty()) {
      return false;
    }
    Object prototype = newMessage(c.get());
    short lowest = (Short) KafkaRuntime.invoke(method(c.get(), "lowestSupportedVersion"), prototype);
    short highest = (Short) KafkaRuntime.invoke(method(c.get(), "highestSupportedVersion"), prototype);
    return version >= lowest && version <= highest;
  }

  /** The header version Kafka pairs with {@code version} of an API's request or response. */
  public short headerVersion(short apiKey, boolean request, short version) {
    Class<?> types = kafka.requireClass("org.apache.kafka.common.message.ApiMessageType");
    Object type = KafkaRuntime.invoke(methodWith(types, "fromApiKey", short.class), null, apiKey);
    String name = request ? "requestHeaderVersion" : "responseHeaderVersion";
    return (Short) KafkaRuntime.invoke(methodWith(types, name, short.class), type, version);
  }

  private static Method methodWith(Class<?> c, String name, Class<?>... parameters) {
    try {
      return c.getMethod(name, parameters);
    } catch (NoSuchMethodException e) {
      throw new OracleException(c.getName() + " has no method " + name, e);
    }
  }

  /** A Kafka object holding the same content as kwire record {@code record}. */
  public Object toKafka(Object record, MessageDescriptor descriptor) {
    return toKafka.struct(record, descriptor.body(), requireClass(descriptor));
  }

  /** Kafka's bytes for a Kafka message object at {@code version}. */
  public byte[] serialize(Object kafkaMessage, short version) {
    return kafka.serialize(kafkaMessage, version);
  }

  /** Kafka's bytes for the content of kwire record {@code record} at {@code version}. */
  public byte[] encode(Object record, MessageDescriptor descriptor, short version) {
    return serialize(toKafka(record, descriptor), version);
  }

  /** Kafka's reading of {@code bytes} at {@code version}: a Kafka message object. */
  public Object parse(MessageDescriptor descriptor, byte[] bytes, short version) {
    Class<?> c = requireClass(descriptor);
    try {
      Constructor<?> reading = c.getConstructor(kafka.readableInterface(), short.class);
      return KafkaRuntime.construct(reading, kafka.accessor(ByteBuffer.wrap(bytes)), version);
    } catch (NoSuchMethodException e) {
      throw new OracleException(c.getName() + " has no (Readable, short) constructor", e);
    }
  }

  private Class<?> requireClass(MessageDescriptor descriptor) {
    return messageClass(descriptor).orElseThrow(() -> new OracleException(
        "kafka-clients " + label + " has no class for " + descriptor.name()));
  }

  private static Object newMessage(Class<?> c) {
    try {
      return KafkaRuntime.construct(c.getConstructor());
    } catch (NoSuchMethodException e) {
      throw new OracleException(c.getName() + " has no no-arg constructor", e);
    }
  }

  private static Method method(Class<?> c, String name) {
    try {
      return c.getMethod(name);
    } catch (NoSuchMethodException e) {
      throw new OracleException(c.getName() + " has no " + name + "()", e);
    }
  }

  @Override
  public String toString() {
    return "kafka-clients " + label;
  }
}
