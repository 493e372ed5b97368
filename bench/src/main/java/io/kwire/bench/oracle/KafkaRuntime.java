package io.kwire.bench.oracle;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * Kafka's helper classes (serialization, Uuid, MemoryRecords, RawTaggedField) as seen through one
 * class loader, reached by reflection because 3.9.1 and 4.4.0 cannot share the test class path and
 * 4.4.0 moved the record classes to an internal package.
 */
final class KafkaRuntime {
  private final ClassLoader loader;
  private final Class<?> messageInterface;
  private final Class<?> readableInterface;
  private final Constructor<?> byteBufferAccessor;
  private final Constructor<?> serializationCache;
  private final Method messageSize;
  private final Method messageWrite;
  private final Method unknownTaggedFields;
  private final Constructor<?> uuid;
  private final Method uuidMsb;
  private final Method uuidLsb;
  private final Class<?> baseRecords;
  private final Method readableRecords;
  private final Method recordsBuffer;
  private final Constructor<?> rawTaggedField;
  private final Method rawTag;
  private final Method rawData;
  private final Class<?> implicitCollection;

  KafkaRuntime(ClassLoader loader) {
    this.loader = loader;
    try {
      messageInterface = load("org.apache.kafka.common.protocol.Message");
      readableInterface = load("org.apache.kafka.common.protocol.Readable");
      Class<?> writable = load("org.apache.kafka.common.protocol.Writable");
      Class<?> cache = load("org.apache.kafka.common.protocol.ObjectSerializationCache");
      byteBufferAccessor = load("org.apache.kafka.common.protocol.ByteBufferAccessor").getConstructor(ByteBuffer.class);
      serializationCache = cache.getConstructor();
      messageSize = messageInterface.getMethod("size", cache, short.class);
      messageWrite = messageInterface.getMethod("write", writable, cache, short.class);
      unknownTaggedFields = messageInterface.getMethod("unknownTaggedFields");
      Class<?> uuidClass = load("org.apache.kafka.common.Uuid");
      uuid = uuidClass.getConstructor(long.class, long.class);
      uuidMsb = uuidClass.getMethod("getMostSignificantBits");
      uuidLsb = uuidClass.getMethod("getLeastSignificantBits");
      String recordPackage = firstPackageWith("MemoryRecords",
          "org.apache.kafka.common.record.internal.", "org.apache.kafka.common.record.");
      baseRecords = load(recordPackage + "BaseRecords");
      Class<?> memoryRecords = load(recordPackage + "MemoryRecords");
      readableRecords = memoryRecords.getMethod("readableRecords", ByteBuffer.class);
      recordsBuffer = memoryRecords.getMethod("buffer");
      Class<?> raw = load("org.apache.kafka.common.protocol.types.RawTaggedField");
      rawTaggedField = raw.getConstructor(int.class, byte[].class);
      rawTag = raw.getMethod("tag");
      rawData = raw.getMethod("data");
      String utilsPackage = firstPackageWith("ImplicitLinkedHashMultiCollection",
          "org.apache.kafka.common.utils.internals.", "org.apache.kafka.common.utils.");
      implicitCollection = load(utilsPackage + "ImplicitLinkedHashMultiCollection");
    } catch (ReflectiveOperationException e) {
      throw new OracleException("kafka-clients classes not found through " + loader, e);
    }
  }

  private Class<?> load(String name) throws ClassNotFoundException {
    return Class.forName(name, false, loader);
  }

  private String firstPackageWith(String simpleName, String... packages) throws ClassNotFoundException {
    for (String p : packages) {
      try {
        load(p + simpleName);
        return p;
      } catch (ClassNotFoundException e) {
        // try the next package
      }
    }
    throw new ClassNotFoundException(simpleName + " in none of " + String.join(", ", packages));
  }

  /** The Kafka class {@code name}, or {@code null} when this kafka-clients has none. */
  Class<?> findClass(String name) {
    try {
      Class<?> c = Class.forName(name, true, loader);
      return messageInterface.isAssignableFrom(c) ? c : null;
    } catch (ClassNotFoundException e) {
      return null;
    }
  }

  /** Any Kafka class by name; an {@link OracleException} if this kafka-clients lacks it. */
  Class<?> requireClass(String name) {
    try {
      return Class.forName(name, true, loader);
    } catch (ClassNotFoundException e) {
      throw new OracleException("kafka-clients has no class " + name, e);
    }
  }

  Class<?> readableInterface() {
    return readableInterface;
  }

  Object accessor(ByteBuffer buffer) {
    return construct(byteBufferAccessor, buffer);
  }

  boolean isUuid(Class<?> c) {
    return c == uuid.getDeclaringClass();
  }

  boolean isRecords(Class<?> c) {
    return baseRecords.isAssignableFrom(c);
  }

  boolean isMessage(Class<?> c) {
    return messageInterface.isAssignableFrom(c);
  }

  boolean isImplicitCollection(Class<?> c) {
    return implicitCollection.isAssignableFrom(c);
  }

  /** Kafka's own size-then-write sequence. */
  byte[] serialize(Object message, short version) {
    Object cache = construct(serializationCache);
    int size = (Integer) invoke(messageSize, message, cache, version);
    ByteBuffer buffer = ByteBuffer.allocate(size);
    invoke(messageWrite, message, accessor(buffer), cache, version);
    if (buffer.hasRemaining()) {
      throw new OracleException("Kafka sized " + size + " bytes but wrote " + buffer.position());
    }
    return buffer.array();
  }

  Object uuid(UUID value) {
    return construct(uuid, value.getMostSignificantBits(), value.getLeastSignificantBits());
  }

  UUID fromUuid(Object kafkaUuid) {
    return new UUID((Long) invoke(uuidMsb, kafkaUuid), (Long) invoke(uuidLsb, kafkaUuid));
  }

  Object memoryRecords(byte[] bytes) {
    return invoke(readableRecords, null, ByteBuffer.wrap(bytes));
  }

  /** The bytes of a MemoryRecords, copied. */
  byte[] recordsBytes(Object kafkaRecords) {
    ByteBuffer buffer = ((ByteBuffer) invoke(recordsBuffer, kafkaRecords)).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  @SuppressWarnings("unchecked")
  java.util.List<Object> unknownTaggedFields(Object message) {
    return (java.util.List<Object>) invoke(unknownTaggedFields, message);
  }

  Object rawTaggedField(int tag, byte[] data) {
    return construct(rawTaggedField, tag, data);
  }

  int rawTag(Object raw) {
    return (Integer) invoke(rawTag, raw);
  }

  byte[] rawData(Object raw) {
    return (byte[]) invoke(rawData, raw);
  }

  static Object invoke(Method method, Object target, Object... args) {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw new OracleException("Kafka's " + method.getDeclaringClass().getSimpleName() + "." + method.getName()
          + " threw " + e.getCause(), e.getCause());
    } catch (IllegalAccessException | IllegalArgumentException e) {
      throw new OracleException("cannot call " + method + ": " + e, e);
    }
  }

  static Object construct(Constructor<?> constructor, Object... args) {
    try {
      return constructor.newInstance(args);
    } catch (InvocationTargetException e) {
      throw new OracleException("Kafka's " + constructor.getDeclaringClass().getSimpleName()
          + " constructor threw " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException | IllegalArgumentException e) {
      throw new OracleException("cannot call " + constructor + ": " + e, e);
    }
  }
}
