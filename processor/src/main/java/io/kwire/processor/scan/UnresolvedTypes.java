package io.kwire.processor.scan;

import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Finds the types javac could not resolve, in a type or its type arguments. */
final class UnresolvedTypes {
  private UnresolvedTypes() {}

  static boolean in(TypeMirror type) {
    if (type.getKind() == TypeKind.ERROR) {
      return true;
    }
    if (type instanceof ArrayType array) {
      return in(array.getComponentType());
    }
    if (type instanceof DeclaredType declared) {
      return declared.getTypeArguments().stream().anyMatch(UnresolvedTypes::in);
    }
    return false;
  }
}
