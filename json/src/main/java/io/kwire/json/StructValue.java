package io.kwire.json;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import java.util.Arrays;

/**
 * One struct as read from the wire: a value per field of its descriptor, in declaration order, or
 * {@link #ABSENT} where the field is not in the message (not in the version, or a tagged field
 * left at its default). Values are {@code Boolean}, {@code Byte} .. {@code Long}, {@code Double},
 * {@code String}, {@code byte[]}, {@code UUID}, {@code List} and {@code StructValue}, or null.
 */
final class StructValue {
  /** Marks a field that is not in the message. */
  static final Object ABSENT = new Object() {
    @Override
    public String toString() {
      return "ABSENT";
    }
  };

  private final StructDescriptor descriptor;
  private final StructPlan plan;
  private final Object[] values;

  StructValue(StructPlan plan) {
    this.descriptor = plan.descriptor;
    this.plan = plan;
    this.values = new Object[descriptor.fields().size()];
    if (plan.inline.length < values.length) {
      // Some fields may stay out; when all are inline, WireTreeReader sets every value itself.
      Arrays.fill(values, ABSENT);
    }
  }

  StructDescriptor descriptor() {
    return descriptor;
  }

  /** The struct's fields at the version it was read at. */
  StructPlan plan() {
    return plan;
  }

  FieldDescriptor field(int index) {
    return descriptor.fields().get(index);
  }

  int size() {
    return values.length;
  }

  Object get(int index) {
    return values[index];
  }

  void set(int index, Object value) {
    values[index] = value;
  }

  /** The value of the field Kafka names {@code name}, or {@link #ABSENT}. */
  Object get(String name) {
    for (int i = 0; i < values.length; i++) {
      if (descriptor.fields().get(i).name().equals(name)) {
        return values[i];
      }
    }
    return ABSENT;
  }
}
