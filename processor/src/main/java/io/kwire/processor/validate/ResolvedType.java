package io.kwire.processor.validate;

import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.model.FieldType;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/** The outcome of resolving a component's Java type: the wire type, or the diagnostic that explains why there is none. */
sealed interface ResolvedType {
  /** A wire type, with the struct record of a struct or struct-array field. */
  record Resolved(FieldType type, Optional<TypeElement> struct) implements ResolvedType {}

  record Rejected(Diagnostic error, String detail) implements ResolvedType {}

  static ResolvedType of(FieldType type) {
    return new Resolved(type, Optional.empty());
  }

  static ResolvedType rejected(Diagnostic error, String detail) {
    return new Rejected(error, detail);
  }
}
