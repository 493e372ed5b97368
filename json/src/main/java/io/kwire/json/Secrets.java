package io.kwire.json;

import io.kwire.runtime.meta.FieldDescriptor;
import java.util.function.Function;

/**
 * Which values are secret, for every tool that shows messages to people (kwire-json's redaction,
 * {@code kwire explain}). Most secrets are known from the spec and are declared once, on the
 * records, with {@code @Field(sensitive = true)}; they reach here as {@link FieldDescriptor#sensitive()}.
 * A config value cannot be: it is a secret only when the broker says so, in the {@code IsSensitive}
 * field of the same struct (DescribeConfigs and CreateTopics responses). So one rule applies at
 * rendering time: a field named {@code Value} is secret when its struct's bool {@code IsSensitive}
 * is true. Config values in requests (AlterConfigs, IncrementalAlterConfigs) carry no such flag and
 * are shown; so are DescribeConfigs synonyms (the broker sends null for a sensitive one).
 */
public final class Secrets {
  private Secrets() {}

  /**
   * Whether {@code field}'s value is a secret.
   *
   * @param sibling the value of a field of the same struct by its Kafka name ({@code IsSensitive}),
   *     or anything else (null, say) when the struct has no such field or the version lacks it
   */
  public static boolean isSecret(FieldDescriptor field, Function<String, Object> sibling) {
    return field.sensitive() || (field.name().equals("Value") && Boolean.TRUE.equals(sibling.apply("IsSensitive")));
  }

  static boolean isSecret(StructValue struct, int index) {
    return isSecret(struct.field(index), struct::get);
  }
}
