package io.kwire.tests.oracle;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.RawTaggedField;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/** Builds Kafka message objects from kwire records, driven by Kafka's setter signatures. */
final class ToKafka {
  private final KafkaRuntime kafka;

  ToKafka(KafkaRuntime kafka) {
    this.kafka = kafka;
  }

  /** A new instance of {@code kafkaClass} holding the values of kwire record {@code record}. */
  Object struct(Object record, StructDescriptor struct, Class<?> kafkaClass) {
    Object target = KafkaRuntime.construct(noArgConstructor(kafkaClass));
    RecordShape shape = RecordShape.of(record.getClass(), struct);
    for (RecordShape.Slot slot : shape.slots()) {
      Object value = shape.get(record, slot);
      if (slot.isUnknownTaggedFields()) {
        addUnknownTaggedFields(target, (UnknownTaggedFields) value);
        continue;
      }
      Method setter = setter(kafkaClass, slot.field());
      if (setter == null) {
        // A field this Kafka release lacks (kwire merges 3.9.1 and 4.4.0) is absent at the versions it
        // serializes, so it holds its default; were it present, the bytes would differ and the test fail.
        continue;
      }
      Object converted = value(value, setter.getGenericParameterTypes()[0], slot.field(), path(struct, slot));
      KafkaRuntime.invoke(setter, target, converted);
    }
    return target;
  }

  private static String path(StructDescriptor struct, RecordShape.Slot slot) {
    return struct.name() + "." + slot.field().name();
  }

  private void addUnknownTaggedFields(Object target, UnknownTaggedFields unknown) {
    if (unknown == null || unknown.isEmpty()) {
      return;
    }
    List<Object> list = kafka.unknownTaggedFields(target);
    for (RawTaggedField f : unknown.fields()) {
      list.add(kafka.rawTaggedField(f.tag(), f.data().clone()));
    }
  }

  private Object value(Object value, Type kafkaType, FieldDescriptor field, String path) {
    if (value == null) {
      return null;
    }
    Class<?> raw = RecordShape.rawClass(kafkaType);
    if (raw.isPrimitive() || raw == String.class) {
      return value;
    }
    if (KafkaTypes.isBoxed(raw)) {
      // Elements of List<Integer> etc.: erasure would let a wrong box through to Kafka's writer.
      if (!raw.isInstance(value)) {
        throw new OracleException(path + ": Kafka wants " + raw.getSimpleName() + " but kwire has "
            + value.getClass().getSimpleName());
      }
      return value;
    }
    if (raw == byte[].class) {
      return ((byte[]) value).clone();
    }
    if (raw == ByteBuffer.class) {
      return ((ByteBuffer) value).duplicate();
    }
    if (value instanceof UUID u && kafka.isUuid(raw)) {
      return kafka.uuid(u);
    }
    if (value instanceof Records r && kafka.isRecords(raw)) {
      return kafka.memoryRecords(r.toByteArray());
    }
    if (value instanceof List<?> list) {
      return list(list, kafkaType, raw, field, path);
    }
    if (value instanceof Record record && kafka.isMessage(raw)) {
      return struct(record, field.struct(), raw);
    }
    throw new OracleException(path + ": cannot map " + value.getClass().getName() + " onto Kafka's " + kafkaType);
  }

  /** A List field becomes an ArrayList; a mapKey array becomes Kafka's XxxCollection. */
  private Object list(List<?> list, Type kafkaType, Class<?> raw, FieldDescriptor field, String path) {
    Type elementType;
    Collection<Object> target;
    if (raw == List.class) {
      elementType = ((ParameterizedType) kafkaType).getActualTypeArguments()[0];
      target = new ArrayList<>(list.size());
    } else if (kafka.isImplicitCollection(raw)) {
      elementType = collectionElementType(raw);
      target = newCollection(raw);
    } else {
      throw new OracleException(path + ": Kafka's " + kafkaType + " is not a list");
    }
    int i = 0;
    for (Object element : list) {
      target.add(value(element, elementType, field, path + "[" + i++ + "]"));
    }
    return target;
  }

  /** {@code E} of {@code XCollection extends ImplicitLinkedHashMultiCollection<E>}. */
  private static Type collectionElementType(Class<?> collectionClass) {
    Type superType = collectionClass.getGenericSuperclass();
    if (superType instanceof ParameterizedType p) {
      return p.getActualTypeArguments()[0];
    }
    throw new OracleException("cannot tell the element type of " + collectionClass.getName());
  }

  @SuppressWarnings("unchecked")
  private static Collection<Object> newCollection(Class<?> collectionClass) {
    return (Collection<Object>) KafkaRuntime.construct(noArgConstructor(collectionClass));
  }

  private static java.lang.reflect.Constructor<?> noArgConstructor(Class<?> c) {
    try {
      return c.getConstructor();
    } catch (NoSuchMethodException e) {
      throw new OracleException(c.getName() + " has no public no-arg constructor", e);
    }
  }

  private static Method setter(Class<?> kafkaClass, FieldDescriptor field) {
    String name = KafkaNames.setter(field.name());
    Method found = null;
    for (Method m : kafkaClass.getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == 1 && !m.isBridge()) {
        if (found != null) {
          throw new OracleException(kafkaClass.getName() + " has two setters " + name);
        }
        found = m;
      }
    }
    return found;
  }
}
