package io.kwire.json;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.kwire.runtime.meta.FieldDescriptor;

/**
 * One field as one version of its message has it, worked out once ({@link StructPlan}): the walkers
 * ask these per field of every message, and the descriptor answers them only through version ranges
 * and type strings.
 */
final class FieldPlan {
  /** Wire types, for an int switch in place of one on the type string. */
  static final int BOOL = 0;
  static final int INT8 = 1;
  static final int INT16 = 2;
  static final int UINT16 = 3;
  static final int INT32 = 4;
  static final int UINT32 = 5;
  static final int INT64 = 6;
  static final int FLOAT64 = 7;
  static final int UUID = 8;
  static final int STRING = 9;
  static final int BYTES = 10;
  static final int STRUCT = 11;
  /** A type the walkers cannot handle: they fail as before, when such a field is met. */
  static final int UNKNOWN = -1;

  final FieldDescriptor field;
  /** The field's position in its struct's descriptor (and in a {@link StructValue}). */
  final int index;
  final String jsonName;
  /** {@link #jsonName} quoted and encoded once, for the generator. */
  final SerializableString jsonKey;
  final boolean array;
  /** The element type of an array, else the field's type: one of the constants above. */
  final int kind;
  /** The spec's type string of {@link #kind}, for messages about it. */
  final String kindName;
  final boolean nullable;
  final boolean compact;
  /** Whether the field is {@code records} (Kafka's JSON writes such data as ""). */
  final boolean records;
  /** The struct of a struct or struct-array field at this version, else null. */
  final StructPlan struct;

  FieldPlan(FieldDescriptor field, int index, boolean nullable, boolean compact, StructPlan struct) {
    this.field = field;
    this.index = index;
    // Interned, as jackson-core interns the keys it parses: a JsonTree lookup then matches by identity.
    this.jsonName = TreeJsonWriter.jsonName(field).intern();
    this.jsonKey = new SerializedString(jsonName);
    this.array = field.isArray();
    this.kindName = array ? field.type().substring(2) : field.type();
    this.kind = struct != null ? STRUCT : kindOf(kindName);
    this.nullable = nullable;
    this.compact = compact;
    this.records = field.type().equals("records");
    this.struct = struct;
  }

  int tag() {
    return field.tag().getAsInt();
  }

  private static int kindOf(String type) {
    return switch (type) {
      case "bool" -> BOOL;
      case "int8" -> INT8;
      case "int16" -> INT16;
      case "uint16" -> UINT16;
      case "int32" -> INT32;
      case "uint32" -> UINT32;
      case "int64" -> INT64;
      case "float64" -> FLOAT64;
      case "uuid" -> UUID;
      case "string" -> STRING;
      case "bytes", "records" -> BYTES;
      default -> UNKNOWN;
    };
  }
}
