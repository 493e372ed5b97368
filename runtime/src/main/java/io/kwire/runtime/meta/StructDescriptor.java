package io.kwire.runtime.meta;

import java.util.List;

/** A struct: Kafka's name for it and its fields in wire order. */
public record StructDescriptor(String name, List<FieldDescriptor> fields) {
  public StructDescriptor {
    fields = List.copyOf(fields);
  }

  /** The factory generated code calls. */
  public static StructDescriptor of(String name, FieldDescriptor... fields) {
    return new StructDescriptor(name, List.of(fields));
  }
}
