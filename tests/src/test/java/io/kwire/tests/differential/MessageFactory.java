package io.kwire.tests.differential;

import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.tests.oracle.RecordShape;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Fills kwire records for one version of a message, following the spec in the codec's descriptor:
 * fields absent at the version hold their defaults (Kafka and kwire both refuse to drop a
 * non-default value), tagged fields are set or left at their default, nulls only where the version
 * allows them, unknown tagged fields only in flexible versions and above every known tag.
 */
public final class MessageFactory {
  private final ValuePolicy policy;
  private final short version;
  private final boolean flexible;

  private MessageFactory(ValuePolicy policy, MessageDescriptor descriptor, short version) {
    this.policy = policy;
    this.version = version;
    this.flexible = descriptor.isFlexible(version);
  }

  /** A random message for {@code version}; the same seed gives the same message. */
  public static <T> T random(MessageCodec<T> codec, short version, long seed) {
    return random(codec.messageType(), codec.descriptor(), version, seed);
  }

  public static <T> T random(Class<T> type, MessageDescriptor descriptor, short version, long seed) {
    return build(type, descriptor, version, new RandomPolicy(new Random(seed)));
  }

  /** The smallest complete message for {@code version} (see {@link MinimalPolicy}). */
  public static <T> T minimal(MessageCodec<T> codec, short version) {
    return minimal(codec.messageType(), codec.descriptor(), version);
  }

  public static <T> T minimal(Class<T> type, MessageDescriptor descriptor, short version) {
    return build(type, descriptor, version, new MinimalPolicy());
  }

  private static <T> T build(Class<T> type, MessageDescriptor descriptor, short version, ValuePolicy policy) {
    MessageFactory factory = new MessageFactory(policy, descriptor, version);
    return type.cast(factory.struct(type, descriptor.body(), 0));
  }

  private Object struct(Class<?> recordClass, StructDescriptor struct, int depth) {
    RecordShape shape = RecordShape.of(recordClass, struct);
    List<RecordShape.Slot> slots = shape.slots();
    Object[] values = new Object[slots.size()];
    for (int i = 0; i < values.length; i++) {
      RecordShape.Slot slot = slots.get(i);
      values[i] = slot.isUnknownTaggedFields()
          ? (flexible ? policy.unknownTaggedFields(highestTag(struct)) : UnknownTaggedFields.EMPTY)
          : field(slot.field(), slot.javaType(), depth);
    }
    return shape.construct(values);
  }

  private Object field(FieldDescriptor field, Type javaType, int depth) {
    if (!field.versions().contains(version)
        || (field.taggedVersions().contains(version) && !policy.setTaggedField())) {
      return FieldDefaults.of(field, javaType);
    }
    if (field.nullableVersions().contains(version) && policy.chooseNull()) {
      return null;
    }
    if (!field.isArray()) {
      return element(field, field.type(), javaType, depth);
    }
    String elementType = field.type().substring(2);
    Type elementJavaType = RecordShape.elementTypeOrSelf(javaType);
    int length = policy.arrayLength(depth);
    List<Object> list = new ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      list.add(element(field, elementType, elementJavaType, depth));
    }
    return list;
  }

  private Object element(FieldDescriptor field, String kafkaType, Type javaType, int depth) {
    if (field.struct() != null) {
      return struct(RecordShape.rawClass(javaType), field.struct(), depth + 1);
    }
    return policy.scalar(kafkaType, RecordShape.rawClass(javaType), field);
  }

  /** The highest tag any field of the struct uses in any version, or -1. */
  private static int highestTag(StructDescriptor struct) {
    int highest = -1;
    for (FieldDescriptor f : struct.fields()) {
      highest = Math.max(highest, f.tag().orElse(-1));
    }
    return highest;
  }
}
