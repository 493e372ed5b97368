package io.kwire.processor.model;

/**
 * A field's default, parsed and typed. Code for it is written only by the writers; here it is a
 * value. {@link Empty} is the non-null default of bytes, arrays and structs.
 */
public sealed interface DefaultValue {
  record Null() implements DefaultValue {}

  record Empty() implements DefaultValue {}

  record Bool(boolean value) implements DefaultValue {}

  /** An integer default, already checked against its kind's range. */
  record Int(long value) implements DefaultValue {}

  record Float64(double value) implements DefaultValue {}

  record Text(String value) implements DefaultValue {}

  record Uuid(long mostSignificantBits, long leastSignificantBits) implements DefaultValue {}

  DefaultValue NULL = new Null();
  DefaultValue EMPTY = new Empty();

  default boolean isNull() {
    return this instanceof Null;
  }
}
