package io.kwire.processor.model;

import com.palantir.javapoet.ClassName;

/** A field's wire type: a scalar kind, a struct (by record class), or an array of either. */
public sealed interface FieldType {
  /** Kafka's spelling: {@code int32}, {@code []int32}, {@code CreatableTopic}, {@code []CreatableTopic}. */
  String specName();

  /** A scalar of one wire kind. */
  record Scalar(Kind kind) implements FieldType {
    @Override
    public String specName() {
      return kind.specName();
    }
  }

  /** A struct held in a record. */
  record Struct(ClassName record) implements FieldType {
    @Override
    public String specName() {
      return record.simpleName();
    }
  }

  /** An array of scalars or structs (never of arrays, bytes or records). */
  record Array(FieldType element) implements FieldType {
    @Override
    public String specName() {
      return "[]" + element.specName();
    }
  }

  static FieldType scalar(Kind kind) {
    return new Scalar(kind);
  }

  /** The kind of a scalar, else null. */
  default Kind kindOrNull() {
    return this instanceof Scalar s ? s.kind() : null;
  }

  /** Whether the type is {@code kind}. */
  default boolean is(Kind kind) {
    return this instanceof Scalar s && s.kind() == kind;
  }

  /** A fixed-width scalar. */
  default boolean isFixedWidth() {
    return this instanceof Scalar s && s.kind().isFixedWidth();
  }

  /** Whether the wire can say null for this type. */
  default boolean canBeNull() {
    return !(this instanceof Scalar s) || s.kind().canBeNull();
  }

  /** The struct record of a struct or struct-array field, else null. */
  default ClassName structOrElementStruct() {
    if (this instanceof Struct s) {
      return s.record();
    }
    return this instanceof Array a && a.element() instanceof Struct s ? s.record() : null;
  }
}
