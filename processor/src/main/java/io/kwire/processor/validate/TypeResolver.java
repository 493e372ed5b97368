package io.kwire.processor.validate;

import com.palantir.javapoet.ClassName;
import io.kwire.annotations.WireType;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.processor.scan.Names;
import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Maps a component's Java type (and any declared {@link WireType}) to its wire type. */
final class TypeResolver {
  private TypeResolver() {}

  static ResolvedType resolve(TypeMirror type, WireType declared, boolean zeroCopy) {
    ResolvedType resolved = resolveTop(type, declared);
    if (!resolved.ok()) {
      return resolved;
    }
    boolean isBuffer = isDeclared(type, Names.BYTE_BUFFER);
    if (zeroCopy != isBuffer) {
      return ResolvedType.error(Diagnostic.ZERO_COPY_TYPE, "The component is " + type + " with zeroCopy = " + zeroCopy + ".");
    }
    return resolved;
  }

  private static ResolvedType resolveTop(TypeMirror type, WireType declared) {
    if (type.getKind() == TypeKind.ARRAY && ((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE) {
      return check(Kind.BYTES, declared, type, null);
    }
    if (isDeclared(type, Names.LIST)) {
      List<? extends TypeMirror> args = ((DeclaredType) type).getTypeArguments();
      if (args.size() != 1) {
        return ResolvedType.error(Diagnostic.UNSUPPORTED_JAVA_TYPE, "A raw List has no element type.");
      }
      TypeMirror element = args.get(0);
      if (isDeclared(element, Names.LIST)) {
        return ResolvedType.error(Diagnostic.ARRAY_OF_ARRAYS, "The component is " + type + ".");
      }
      ResolvedType inner = resolveElement(element, declared);
      if (inner.ok() && (inner.type().kind() == Kind.BYTES || inner.type().kind() == Kind.RECORDS)) {
        return ResolvedType.error(Diagnostic.UNSUPPORTED_JAVA_TYPE, "Arrays of " + inner.type().specName() + " are not supported.");
      }
      return inner.ok() ? ResolvedType.of(FieldType.array(inner.type()), inner.struct()) : inner;
    }
    return resolveElement(type, declared);
  }

  /** A scalar, string, bytes, records or struct type (anything but a list); primitives or boxes. */
  private static ResolvedType resolveElement(TypeMirror type, WireType declared) {
    switch (type.getKind()) {
      case BOOLEAN: return check(Kind.BOOL, declared, type, null);
      case BYTE: return check(Kind.INT8, declared, type, null);
      case SHORT: return check(Kind.INT16, declared, type, null);
      case INT: return checkWidened(Kind.INT32, Kind.UINT16, declared, type);
      case LONG: return checkWidened(Kind.INT64, Kind.UINT32, declared, type);
      case DOUBLE: return check(Kind.FLOAT64, declared, type, null);
      case DECLARED: break;
      default: return unsupported(type);
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    String name = element.getQualifiedName().toString();
    switch (name) {
      case "java.lang.Boolean": return check(Kind.BOOL, declared, type, null);
      case "java.lang.Byte": return check(Kind.INT8, declared, type, null);
      case "java.lang.Short": return check(Kind.INT16, declared, type, null);
      case "java.lang.Integer": return checkWidened(Kind.INT32, Kind.UINT16, declared, type);
      case "java.lang.Long": return checkWidened(Kind.INT64, Kind.UINT32, declared, type);
      case "java.lang.Double": return check(Kind.FLOAT64, declared, type, null);
      case Names.STRING: return check(Kind.STRING, declared, type, null);
      case Names.UUID: return check(Kind.UUID, declared, type, null);
      case Names.BYTE_BUFFER: return check(Kind.BYTES, declared, type, null);
      case Names.RECORDS: return check(Kind.RECORDS, declared, type, null);
      default: break;
    }
    if (element.getKind() == ElementKind.RECORD && !name.equals(Names.UNKNOWN_TAGGED_FIELDS)) {
      if (declared != WireType.AUTO) {
        return mismatch(declared, type);
      }
      return ResolvedType.of(FieldType.struct(ClassName.get(element)), element);
    }
    return unsupported(type);
  }

  private static ResolvedType checkWidened(Kind natural, Kind widened, WireType declared, TypeMirror type) {
    if (declared.name().equals(widened.name())) {
      return ResolvedType.of(FieldType.scalar(widened), null);
    }
    return check(natural, declared, type, null);
  }

  private static ResolvedType check(Kind kind, WireType declared, TypeMirror type, TypeElement struct) {
    if (declared != WireType.AUTO && !declared.name().equals(kind.name())) {
      return mismatch(declared, type);
    }
    return ResolvedType.of(FieldType.scalar(kind), struct);
  }

  private static ResolvedType mismatch(WireType declared, TypeMirror type) {
    return ResolvedType.error(Diagnostic.WIRE_TYPE_MISMATCH, "The wire type " + declared + " cannot be held in " + type + ".");
  }

  private static ResolvedType unsupported(TypeMirror type) {
    return ResolvedType.error(Diagnostic.UNSUPPORTED_JAVA_TYPE, "The component is " + type + ".");
  }

  static boolean isDeclared(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(qualifiedName);
  }
}
