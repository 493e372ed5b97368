package io.kwire.tests.differential;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.tests.oracle.RecordShape;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * A field's default value as Kafka's generator derives it from the spec: the declared default in
 * spec syntax, or the type's implicit one (false, 0, "", zero uuid, empty bytes, null records,
 * an all-default struct, an empty array; {@code "null"} where declared).
 */
public final class FieldDefaults {
  private FieldDefaults() {}

  public static Object of(FieldDescriptor field, Type javaType) {
    String declared = field.defaultValue() == null ? "" : field.defaultValue().trim();
    boolean isNull = declared.equals("null");
    if (field.isArray()) {
      return isNull ? null : List.of();
    }
    Class<?> javaClass = RecordShape.rawClass(javaType);
    String type = field.type();
    if (Numbers.isInteger(type)) {
      return Numbers.box(declared.isEmpty() ? 0 : parseInteger(declared), javaClass);
    }
    return switch (type) {
      case "bool" -> !declared.isEmpty() && Boolean.parseBoolean(declared);
      case "float64" -> declared.isEmpty() ? 0.0 : Double.parseDouble(declared);
      case "string" -> isNull ? null : declared;
      case "uuid" -> declared.isEmpty() ? new UUID(0, 0) : parseUuid(declared);
      case "bytes" -> isNull ? null : emptyBytes(javaClass);
      case "records" -> null;
      default -> isNull ? null : struct(javaClass, field.struct());
    };
  }

  /** A struct record whose every field holds its default. */
  static Object struct(Class<?> recordClass, StructDescriptor struct) {
    RecordShape shape = RecordShape.of(recordClass, struct);
    List<RecordShape.Slot> slots = shape.slots();
    Object[] values = new Object[slots.size()];
    for (int i = 0; i < values.length; i++) {
      RecordShape.Slot slot = slots.get(i);
      values[i] = slot.isUnknownTaggedFields() ? UnknownTaggedFields.EMPTY : of(slot.field(), slot.javaType());
    }
    return shape.construct(values);
  }

  static Object emptyBytes(Class<?> javaClass) {
    return javaClass == ByteBuffer.class ? ByteBuffer.allocate(0) : new byte[0];
  }

  /** Decimal, or hexadecimal after {@code 0x}, as Kafka's generator validates defaults. */
  private static long parseInteger(String text) {
    if (text.startsWith("0x") || text.startsWith("0X")) {
      return Long.parseLong(text.substring(2), 16);
    }
    return Long.parseLong(text);
  }

  /** Kafka writes uuids as URL-safe base64 of their 16 bytes. */
  private static UUID parseUuid(String text) {
    ByteBuffer bytes = ByteBuffer.wrap(Base64.getUrlDecoder().decode(text.getBytes(StandardCharsets.US_ASCII)));
    return new UUID(bytes.getLong(), bytes.getLong());
  }
}
