package io.kwire.cli;

import io.kwire.runtime.meta.FieldDescriptor;
import java.util.function.Predicate;

/**
 * Which fields {@code explain} hides unless {@code --show-secrets} is given. Secrecy is declared
 * once, on the records, and reaches the CLI through the field descriptor: the JSON work (issue 9)
 * adds {@code FieldDescriptor.sensitive()}; when it is merged this returns {@code FieldDescriptor::sensitive}.
 * Until then no field is declared secret, so nothing is hidden.
 */
final class Secrets {
  private Secrets() {}

  static Predicate<FieldDescriptor> declared() {
    return field -> false;
  }
}
