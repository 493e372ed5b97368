package io.kwire.runtime.meta;

import java.util.List;

/** A struct: Kafka's name for it and its fields in wire order. */
public record StructDescriptor(String name, List<FieldDescriptor> fields) {
  public StructDescriptor {
    fields = List.copyOf(fields);
  }

  /** The field with Kafka name {@code name}, or {@code null}. */
  public FieldDescriptor field(String name) {
    for (FieldDescriptor f : fields) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    return null;
  }
}
