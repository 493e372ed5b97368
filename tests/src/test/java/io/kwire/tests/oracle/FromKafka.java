package io.kwire.tests.oracle;

import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.RawTaggedField;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.tests.differential.FieldDefaults;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/** Builds kwire records from Kafka message objects, driven by the record components' types. */
final class FromKafka {
  private final KafkaRuntime kafka;

  FromKafka(KafkaRuntime kafka) {
    this.kafka = kafka;
  }

  /** A new {@code recordClass} record holding the values of Kafka object {@code source}. */
  Object struct(Object source, Class<?> recordClass, StructDescriptor struct) {
    RecordShape shape = RecordShape.of(recordClass, struct);
    List<RecordShape.Slot> slots = shape.slots();
    Object[] values = new Object[slots.size()];
    for (int i = 0; i < values.length; i++) {
      RecordShape.Slot slot = slots.get(i);
      if (slot.isUnknownTaggedFields()) {
        values[i] = unknownTaggedFields(source);
        continue;
      }
      String path = struct.name() + "." + slot.field().name();
      Method getter = getter(source.getClass(), slot.field().name());
      if (getter == null) {
        // kwire merges 3.9.1 and 4.4.0: a field this Kafka release lacks is absent here, so it holds its default.
        values[i] = FieldDefaults.of(slot.field(), slot.javaType());
        continue;
      }
      Object value = KafkaRuntime.invoke(getter, source);
      values[i] = value(value, slot.javaType(), slot.field().struct(), path);
    }
    return shape.construct(values);
  }

  private UnknownTaggedFields unknownTaggedFields(Object source) {
    List<RawTaggedField> fields = new ArrayList<>();
    for (Object raw : kafka.unknownTaggedFields(source)) {
      fields.add(new RawTaggedField(kafka.rawTag(raw), kafka.rawData(raw)));
    }
    return UnknownTaggedFields.of(fields);
  }

  private Object value(Object value, Type kwireType, StructDescriptor struct, String path) {
    if (value == null) {
      return null;
    }
    Class<?> raw = RecordShape.rawClass(kwireType);
    if (raw.isPrimitive() || KafkaTypes.isBoxed(raw) || raw == String.class || raw == byte[].class) {
      return value;
    }
    if (raw == ByteBuffer.class) {
      return ((ByteBuffer) value).duplicate();
    }
    if (raw == UUID.class) {
      return kafka.fromUuid(value);
    }
    if (raw == Records.class) {
      return Records.wrap(kafka.recordsBytes(value));
    }
    if (raw == List.class && value instanceof Collection<?> elements) {
      Type elementType = RecordShape.elementTypeOrSelf(kwireType);
      List<Object> list = new ArrayList<>(elements.size());
      int i = 0;
      for (Object element : elements) {
        list.add(value(element, elementType, struct, path + "[" + i++ + "]"));
      }
      return list;
    }
    if (raw.isRecord() && struct != null) {
      return struct(value, raw, struct);
    }
    throw new OracleException(path + ": cannot map Kafka's " + value.getClass().getName() + " onto " + kwireType);
  }

  private static Method getter(Class<?> kafkaClass, String kafkaFieldName) {
    try {
      return kafkaClass.getMethod(KafkaNames.getter(kafkaFieldName));
    } catch (NoSuchMethodException e) {
      return null;
    }
  }
}
