package io.kwire.cli;

import io.kwire.runtime.meta.FieldDescriptor;
import java.util.function.Predicate;

/**
 * Which fields {@code explain} hides unless {@code --show-secrets} is given. Secrecy is declared
 * once, on the records ({@code @Field(sensitive = true)}), and reaches the CLI through the field
 * descriptor.
 */
final class Secrets {
  private Secrets() {}

  static Predicate<FieldDescriptor> declared() {
    return FieldDescriptor::sensitive;
  }
}
