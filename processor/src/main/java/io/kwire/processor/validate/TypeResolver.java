package io.kwire.processor.validate;

import com.palantir.javapoet.ClassName;
import io.kwire.annotations.WireType;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.processor.scan.Names;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Maps a component's Java type (and any declared {@link WireType}) to its wire type. A field holds a
 * primitive, String, UUID, byte[]/ByteBuffer, Records, a record, or a List of those; boxed integers
 * appear only as the elements of integer arrays ({@code List<Integer>}), never as a field.
 */
final class TypeResolver {
  private TypeResolver() {}

  static ResolvedType resolve(TypeMirror type, WireType declared, boolean zeroCopy) {
    ResolvedType resolved = resolveField(type, Kind.of(declared));
    boolean isBuffer = isDeclared(type, Names.BYTE_BUFFER);
    if (resolved instanceof ResolvedType.Resolved && zeroCopy != isBuffer) {
      return ResolvedType.rejected(Diagnostic.ZERO_COPY_TYPE, "The component is " + type + ", with zeroCopy = " + zeroCopy + ".");
    }
    return resolved;
  }

  private static ResolvedType resolveField(TypeMirror type, Kind declared) {
    if (isDeclared(type, Names.LIST)) {
      List<? extends TypeMirror> args = ((DeclaredType) type).getTypeArguments();
      if (args.size() != 1) {
        return ResolvedType.rejected(Diagnostic.UNSUPPORTED_JAVA_TYPE, "A raw List has no element type.");
      }
      TypeMirror element = args.get(0);
      if (isDeclared(element, Names.LIST)) {
        return ResolvedType.rejected(Diagnostic.ARRAY_OF_ARRAYS, "The component is " + type + ".");
      }
      ResolvedType inner = boxedElement(element, declared).orElseGet(() -> resolveValue(element, declared));
      if (inner instanceof ResolvedType.Resolved r) {
        if (r.type().is(Kind.BYTES) || r.type().is(Kind.RECORDS)) {
          return ResolvedType.rejected(Diagnostic.UNSUPPORTED_JAVA_TYPE, "The component is " + type + ", an array of " + r.type().specName()
              + ", which Kafka's protocol does not have.");
        }
        return new ResolvedType.Resolved(new FieldType.Array(r.type()), r.struct());
      }
      return inner;
    }
    return resolveValue(type, declared);
  }

  /** Array elements are boxes: List<Integer> is []int32, List<Boolean> is []bool. */
  private static Optional<ResolvedType> boxedElement(TypeMirror element, Kind declared) {
    if (element.getKind() != TypeKind.DECLARED) {
      return Optional.empty();
    }
    Kind.JavaRepr repr = switch (((TypeElement) ((DeclaredType) element).asElement()).getQualifiedName().toString()) {
      case "java.lang.Boolean" -> Kind.JavaRepr.BOOLEAN;
      case "java.lang.Byte" -> Kind.JavaRepr.BYTE;
      case "java.lang.Short" -> Kind.JavaRepr.SHORT;
      case "java.lang.Integer" -> Kind.JavaRepr.INT;
      case "java.lang.Long" -> Kind.JavaRepr.LONG;
      case "java.lang.Double" -> Kind.JavaRepr.DOUBLE;
      default -> null;
    };
    return repr == null ? Optional.empty() : Optional.of(pick(repr, declared, element));
  }

  /** A scalar, string, bytes, records or struct type (anything but a list). */
  private static ResolvedType resolveValue(TypeMirror type, Kind declared) {
    Kind.JavaRepr repr = repr(type);
    if (repr != null) {
      return pick(repr, declared, type);
    }
    if (type.getKind() == TypeKind.DECLARED) {
      TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
      if (element.getKind() == ElementKind.RECORD && !element.getQualifiedName().contentEquals(Names.UNKNOWN_TAGGED_FIELDS)) {
        if (declared != null) {
          return mismatch(declared, type);
        }
        return new ResolvedType.Resolved(new FieldType.Struct(ClassName.get(element)), Optional.of(element));
      }
    }
    return ResolvedType.rejected(Diagnostic.UNSUPPORTED_JAVA_TYPE, "The component is " + type + ".");
  }

  /** The kind among those held in {@code repr}: the declared one, or the one the Java type selects alone. */
  private static ResolvedType pick(Kind.JavaRepr repr, Kind declared, TypeMirror type) {
    if (declared != null) {
      return declared.java() == repr ? ResolvedType.of(FieldType.scalar(declared)) : mismatch(declared, type);
    }
    for (Kind k : Kind.values()) {
      if (k.java() == repr && !k.isDeclaredOnly()) {
        return ResolvedType.of(FieldType.scalar(k));
      }
    }
    // Only RECORDS is declared-only with a representation of its own, and Records selects it.
    for (Kind k : Kind.values()) {
      if (k.java() == repr) {
        return ResolvedType.of(FieldType.scalar(k));
      }
    }
    throw new IllegalStateException("no kind is held in " + repr);
  }

  /** How a Java type holds a wire scalar, or null when it holds none. */
  private static Kind.JavaRepr repr(TypeMirror type) {
    switch (type.getKind()) {
      case BOOLEAN: return Kind.JavaRepr.BOOLEAN;
      case BYTE: return Kind.JavaRepr.BYTE;
      case SHORT: return Kind.JavaRepr.SHORT;
      case INT: return Kind.JavaRepr.INT;
      case LONG: return Kind.JavaRepr.LONG;
      case DOUBLE: return Kind.JavaRepr.DOUBLE;
      case ARRAY: return ((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE ? Kind.JavaRepr.BYTES : null;
      case DECLARED: break;
      default: return null;
    }
    String name = ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
    return switch (name) {
      case Names.STRING -> Kind.JavaRepr.STRING;
      case Names.UUID -> Kind.JavaRepr.UUID;
      case Names.BYTE_BUFFER -> Kind.JavaRepr.BYTES;
      case Names.RECORDS -> Kind.JavaRepr.RECORDS;
      default -> null;
    };
  }

  private static ResolvedType mismatch(Kind declared, TypeMirror type) {
    return ResolvedType.rejected(Diagnostic.WIRE_TYPE_MISMATCH, "The wire type " + declared + " cannot be held in " + type + ".");
  }

  static boolean isDeclared(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(qualifiedName);
  }
}
