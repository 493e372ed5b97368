package io.kwire.json;

import io.kwire.runtime.meta.FieldDescriptor;

/**
 * Which values are secret. Most secrets are known from the spec and are declared once, on the
 * records, with {@code @Field(sensitive = true)}; they reach here as {@link FieldDescriptor#sensitive()}.
 * A config value cannot be: it is a secret only when the broker says so, in the {@code IsSensitive}
 * field of the same struct (DescribeConfigs and CreateTopics responses). So one rule applies at
 * rendering time: a field named {@code Value} is secret when its struct's bool {@code IsSensitive}
 * is true. Config values in requests (AlterConfigs, IncrementalAlterConfigs) carry no such flag and
 * are shown.
 */
final class Secrets {
  private Secrets() {}

  /** Whether the value of {@code struct}'s field {@code index} is a secret. */
  static boolean isSecret(StructValue struct, int index) {
    FieldDescriptor field = struct.field(index);
    return field.sensitive() || (field.name().equals("Value") && Boolean.TRUE.equals(struct.get("IsSensitive")));
  }
}
