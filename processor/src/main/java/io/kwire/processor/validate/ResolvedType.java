package io.kwire.processor.validate;

import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.model.FieldType;
import javax.lang.model.element.TypeElement;

/**
 * The outcome of resolving a component's Java type: the wire type, or the diagnostic that explains
 * why there is none.
 *
 * @param struct the struct record (of a struct or struct-array field), else null
 */
record ResolvedType(FieldType type, TypeElement struct, Diagnostic error, String detail) {
  static ResolvedType of(FieldType type, TypeElement struct) {
    return new ResolvedType(type, struct, null, null);
  }

  static ResolvedType error(Diagnostic error, String detail) {
    return new ResolvedType(null, null, error, detail);
  }

  boolean ok() {
    return error == null;
  }
}
