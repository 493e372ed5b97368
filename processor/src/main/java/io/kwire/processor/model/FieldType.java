package io.kwire.processor.model;

import com.palantir.javapoet.ClassName;

/**
 * A field's wire type: a scalar, a struct (by record class), or an array of either.
 *
 * @param struct the struct record for STRUCT, else null
 * @param element the element type for ARRAY, else null
 */
public record FieldType(Kind kind, ClassName struct, FieldType element) {
  public static FieldType scalar(Kind kind) {
    return new FieldType(kind, null, null);
  }

  public static FieldType struct(ClassName record) {
    return new FieldType(Kind.STRUCT, record, null);
  }

  public static FieldType array(FieldType element) {
    return new FieldType(Kind.ARRAY, null, element);
  }

  public boolean isArray() {
    return kind == Kind.ARRAY;
  }

  public boolean isStruct() {
    return kind == Kind.STRUCT;
  }

  /** The struct record of a struct or struct-array field, else null. */
  public ClassName structOrElementStruct() {
    return isArray() ? element.struct : struct;
  }

  /** Kafka's spelling: {@code int32}, {@code []int32}, {@code CreatableTopic}, {@code []CreatableTopic}. */
  public String specName() {
    return switch (kind) {
      case ARRAY -> "[]" + element.specName();
      case STRUCT -> struct.simpleName();
      default -> kind.specName();
    };
  }
}
