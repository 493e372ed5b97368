package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.ENCODE_EXCEPTION;
import static io.kwire.processor.write.RuntimeNames.WIRE_DEFAULTS;
import static io.kwire.processor.write.RuntimeNames.WIRE_LISTS;
import static io.kwire.processor.write.RuntimeNames.WIRE_SIZES;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import java.util.List;

/**
 * Code for one value of a field: how to size it, write it and read it, given whether the version
 * uses the compact encoding and whether it may be null. Shared by inline fields, tagged fields and
 * array elements.
 */
final class ValueCode {
  private final Naming naming;

  ValueCode(Naming naming) {
    this.naming = naming;
  }

  /** Writer method suffix and reader method for fixed-width kinds. */
  static String fixedSuffix(Kind kind) {
    return switch (kind) {
      case BOOL -> "Bool";
      case INT8 -> "Int8";
      case INT16 -> "Int16";
      case UINT16 -> "Uint16";
      case INT32 -> "Int32";
      case UINT32 -> "Uint32";
      case INT64 -> "Int64";
      case FLOAT64 -> "Float64";
      case UUID -> "Uuid";
      default -> throw new IllegalArgumentException(kind.toString());
    };
  }

  /** Writer and size method suffix of the variable-length kinds (the ByteBuffer overloads share Bytes). */
  private static String variableSuffix(Kind kind) {
    return switch (kind) {
      case STRING -> "String";
      case BYTES -> "Bytes";
      case RECORDS -> "Records";
      default -> throw new IllegalArgumentException(kind.toString());
    };
  }

  static CodeBlock pick(Cond cond, CodeBlock whenTrue, CodeBlock whenFalse) {
    if (cond.always()) {
      return whenTrue;
    }
    if (cond.never()) {
      return whenFalse;
    }
    return CodeBlock.of("$L ? $L : $L", cond.grouped(), whenTrue, whenFalse);
  }

  /** A statement chosen by {@code cond}: one of them when constant, else an if/else. */
  static void statement(CodeBlock.Builder b, Cond cond, CodeBlock whenTrue, CodeBlock whenFalse) {
    if (cond.always()) {
      b.addStatement("$L", whenTrue);
    } else if (cond.never()) {
      b.addStatement("$L", whenFalse);
    } else {
      b.beginControlFlow("if ($L)", cond.expr());
      b.addStatement("$L", whenTrue);
      b.nextControlFlow("else");
      b.addStatement("$L", whenFalse);
      b.endControlFlow();
    }
  }

  void nullCheck(CodeBlock.Builder b, String v, Cond nullable, String label) {
    if (nullable.always()) {
      return;
    }
    if (nullable.never()) {
      b.beginControlFlow("if ($L == null)", v);
    } else {
      b.beginControlFlow("if ($L == null && $L)", v, nullable.negatedGrouped());
    }
    b.addStatement("throw $T.nullNotAllowed($S, version)", ENCODE_EXCEPTION, label);
    b.endControlFlow();
  }

  // ---------------------------------------------------------------- write

  void write(CodeBlock.Builder b, FieldModel f, FieldType t, String v, Cond compact, Cond nullable, String label, boolean tagged) {
    Kind kind = t.kind();
    switch (kind) {
      case STRING, BYTES, RECORDS -> {
        nullCheck(b, v, nullable, label);
        String s = variableSuffix(kind);
        statement(b, compact, CodeBlock.of("out.writeCompact$L($L)", s, v), CodeBlock.of("out.write$L($L)", s, v));
      }
      case STRUCT -> writeStruct(b, t, v, nullable, label, tagged);
      case ARRAY -> writeArray(b, f, t, v, compact, nullable, label);
      case UUID -> {
        nullCheck(b, v, Cond.NEVER, label);
        b.addStatement("out.writeUuid($L)", v);
      }
      default -> b.addStatement("out.write$L($L)", fixedSuffix(kind), v);
    }
  }

  private void writeStruct(CodeBlock.Builder b, FieldType t, String v, Cond nullable, String label, boolean tagged) {
    nullCheck(b, v, nullable, label);
    String method = naming.writeMethod(t.struct());
    if (nullable.never()) {
      b.addStatement("$L($L, version, out)", method, v);
      return;
    }
    if (!nullable.always()) {
      b.beginControlFlow("if ($L)", nullable.expr());
    }
    b.beginControlFlow("if ($L == null)", v);
    b.addStatement(tagged ? "out.writeUnsignedVarint(0)" : "out.writeInt8((byte) -1)");
    b.nextControlFlow("else");
    b.addStatement(tagged ? "out.writeUnsignedVarint(1)" : "out.writeInt8((byte) 1)");
    b.addStatement("$L($L, version, out)", method, v);
    b.endControlFlow();
    if (!nullable.always()) {
      b.nextControlFlow("else");
      b.addStatement("$L($L, version, out)", method, v);
      b.endControlFlow();
    }
  }

  private void writeArray(CodeBlock.Builder b, FieldModel f, FieldType t, String v, Cond compact, Cond nullable, String label) {
    nullCheck(b, v, nullable, label);
    if (!nullable.never()) {
      b.beginControlFlow("if ($L == null)", v);
      statement(b, compact, CodeBlock.of("out.writeUnsignedVarint(0)"), CodeBlock.of("out.writeInt32(-1)"));
      b.nextControlFlow("else");
    }
    statement(b, compact, CodeBlock.of("out.writeUnsignedVarint($L.size() + 1)", v), CodeBlock.of("out.writeInt32($L.size())", v));
    FieldType e = t.element();
    switch (e.kind()) {
      case INT8, INT16, INT32, INT64 -> b.addStatement("out.put$Ls($L)", fixedSuffix(e.kind()), v);
      default -> {
        beginElementLoop(b, f, v, label);
        if (e.kind() == Kind.STRUCT) {
          b.addStatement("$L(e, version, out)", naming.writeMethod(e.struct()));
        } else if (e.kind() == Kind.STRING) {
          statement(b, compact, CodeBlock.of("out.writeCompactString(e)"), CodeBlock.of("out.writeString(e)"));
        } else {
          b.addStatement("out.write$L(e)", fixedSuffix(e.kind()));
        }
        b.endControlFlow();
      }
    }
    if (!nullable.never()) {
      b.endControlFlow();
    }
  }

  /** Opens a loop over the elements of list {@code v}, each as {@code e}, refusing null elements. */
  private void beginElementLoop(CodeBlock.Builder b, FieldModel f, String v, String label) {
    b.beginControlFlow("for (int i = 0, n = $L.size(); i < n; i++)", v);
    b.addStatement("$T e = $L.get(i)", naming.elementType(f), v);
    b.beginControlFlow("if (e == null)");
    b.addStatement("throw $T.nullElement($S, i)", ENCODE_EXCEPTION, label);
    b.endControlFlow();
  }

  // ---------------------------------------------------------------- size

  void size(CodeBlock.Builder b, FieldModel f, FieldType t, String v, Cond compact, Cond nullable, String label) {
    Kind kind = t.kind();
    switch (kind) {
      case STRING, BYTES, RECORDS -> {
        nullCheck(b, v, nullable, label);
        String s = variableSuffix(kind);
        b.addStatement("size += $L", pick(compact,
            CodeBlock.of("$T.compact$L($L)", WIRE_SIZES, s, v), CodeBlock.of("$T.$L($L)", WIRE_SIZES, s.toLowerCase(), v)));
      }
      case STRUCT -> {
        nullCheck(b, v, nullable, label);
        String method = naming.sizeMethod(t.struct());
        if (nullable.never()) {
          b.addStatement("size += $L($L, version)", method, v);
        } else {
          if (!nullable.always()) {
            b.beginControlFlow("if ($L)", nullable.expr());
          }
          b.addStatement("size += $L == null ? 1 : 1 + $L($L, version)", v, method, v);
          if (!nullable.always()) {
            b.nextControlFlow("else");
            b.addStatement("size += $L($L, version)", method, v);
            b.endControlFlow();
          }
        }
      }
      case ARRAY -> sizeArray(b, f, t, v, compact, nullable, label);
      case UUID -> {
        nullCheck(b, v, Cond.NEVER, label);
        b.addStatement("size += 16");
      }
      default -> b.addStatement("size += $L", kind.fixedWidth());
    }
  }

  private void sizeArray(CodeBlock.Builder b, FieldModel f, FieldType t, String v, Cond compact, Cond nullable, String label) {
    nullCheck(b, v, nullable, label);
    if (!nullable.never()) {
      b.beginControlFlow("if ($L == null)", v);
      b.addStatement("size += $L", pick(compact, CodeBlock.of("1"), CodeBlock.of("4")));
      b.nextControlFlow("else");
    }
    b.addStatement("size += $L", pick(compact, CodeBlock.of("$T.unsignedVarint($L.size() + 1)", WIRE_SIZES, v), CodeBlock.of("4")));
    FieldType e = t.element();
    if (e.kind().isFixedWidth()) {
      b.addStatement("size += $L.size() * $L", v, e.kind().fixedWidth());
    } else {
      beginElementLoop(b, f, v, label);
      if (e.kind() == Kind.STRUCT) {
        b.addStatement("size += $L(e, version)", naming.sizeMethod(e.struct()));
      } else {
        b.addStatement("size += $L", pick(compact, CodeBlock.of("$T.compactString(e)", WIRE_SIZES), CodeBlock.of("$T.string(e)", WIRE_SIZES)));
      }
      b.endControlFlow();
    }
    if (!nullable.never()) {
      b.endControlFlow();
    }
  }

  // ---------------------------------------------------------------- read

  /** Reads into the already declared local {@code target}. */
  void read(CodeBlock.Builder b, FieldModel f, FieldType t, String target, Cond compact, Cond nullable, boolean tagged, NameAllocator names) {
    Kind kind = t.kind();
    CodeBlock n = nullable.expr();
    switch (kind) {
      case STRING -> b.addStatement("$L = $L", target, pick(compact,
          CodeBlock.of("in.readCompactString($L)", n), CodeBlock.of("in.readString($L)", n)));
      case BYTES -> {
        String s = f.zeroCopy() ? "ByteBuffer" : "Bytes";
        b.addStatement("$L = $L", target, pick(compact,
            CodeBlock.of("in.readCompact$L($L)", s, n), CodeBlock.of("in.read$L($L)", s, n)));
      }
      case RECORDS -> b.addStatement("$L = $L", target, pick(compact,
          CodeBlock.of("in.readCompactRecords($L)", n), CodeBlock.of("in.readRecords($L)", n)));
      case STRUCT -> {
        String method = naming.readMethod(t.struct());
        CodeBlock marker = tagged ? CodeBlock.of("in.readUnsignedVarint() == 0") : CodeBlock.of("in.readInt8() < 0");
        if (nullable.never()) {
          b.addStatement("$L = $L(in, version)", target, method);
        } else if (nullable.always()) {
          b.addStatement("$L = $L ? null : $L(in, version)", target, marker, method);
        } else {
          b.addStatement("$L = $L && $L ? null : $L(in, version)", target, nullable.grouped(), marker, method);
        }
      }
      case ARRAY -> readArray(b, f, t, target, compact, nullable, names);
      default -> b.addStatement("$L = in.read$L()", target, fixedSuffix(kind));
    }
  }

  private void readArray(CodeBlock.Builder b, FieldModel f, FieldType t, String target, Cond compact, Cond nullable, NameAllocator names) {
    String count = names.newName(f.javaName() + "Count");
    FieldType e = t.element();
    CodeBlock n = nullable.expr();
    int min = naming.minElementSize(e);
    b.addStatement("int $L = $L", count, pick(compact,
        CodeBlock.of("in.readCompactArrayLength($L, $L)", n, min), CodeBlock.of("in.readArrayLength($L, $L)", n, min)));
    if (!nullable.never()) {
      b.beginControlFlow("if ($L < 0)", count);
      b.addStatement("$L = null", target);
      b.nextControlFlow("else");
    }
    switch (e.kind()) {
      case INT8, INT16, INT32, INT64 -> b.addStatement("$L = in.read$Ls($L)", target, fixedSuffix(e.kind()), count);
      default -> {
        String items = names.newName(f.javaName() + "Items");
        TypeName elementType = naming.elementType(f);
        b.addStatement("$T[] $L = new $T[$L]", elementType, items, elementType, count);
        b.beginControlFlow("for (int i = 0; i < $L; i++)", count);
        if (e.kind() == Kind.STRUCT) {
          b.beginControlFlow("try");
          b.addStatement("$L[i] = $L(in, version)", items, naming.readMethod(e.struct()));
          b.nextControlFlow("catch ($T x)", RuntimeNames.PROTOCOL_EXCEPTION);
          b.addStatement("throw x.atIndex(i)");
          b.endControlFlow();
        } else if (e.kind() == Kind.STRING) {
          b.addStatement("$L[i] = $L", items, pick(compact, CodeBlock.of("in.readCompactString(false)"), CodeBlock.of("in.readString(false)")));
        } else {
          b.addStatement("$L[i] = in.read$L()", items, fixedSuffix(e.kind()));
        }
        b.endControlFlow();
        b.addStatement("$L = $T.wrap($L)", target, WIRE_LISTS, items);
      }
    }
    if (!nullable.never()) {
      b.endControlFlow();
    }
  }

  // ---------------------------------------------------------------- defaults

  /** The Java expression of a field's default value. */
  CodeBlock defaultValue(FieldModel f) {
    if (f.defaultValue().isNull()) {
      return CodeBlock.of("null");
    }
    return switch (f.type().kind()) {
      case BYTES -> CodeBlock.of("$T.$L", WIRE_DEFAULTS, f.zeroCopy() ? "EMPTY_BUFFER" : "EMPTY_BYTES");
      case ARRAY -> CodeBlock.of("$T.of()", List.class);
      case STRUCT -> naming.defaultStruct(f.type().struct());
      case RECORDS -> CodeBlock.of("null");
      default -> f.defaultValue().literal();
    };
  }

  /** A boolean expression: whether {@code v} differs from the field's default. */
  CodeBlock nonDefault(FieldModel f, CodeBlock v) {
    boolean nullDefault = f.defaultValue().isNull();
    return switch (f.type().kind()) {
      case FLOAT64 -> CodeBlock.of("Double.compare($L, $L) != 0", v, f.defaultValue().literal());
      case STRING -> nullDefault ? CodeBlock.of("$L != null", v) : CodeBlock.of("!$L.equals($L)", f.defaultValue().literal(), v);
      case UUID -> CodeBlock.of("!$L.equals($L)", f.defaultValue().literal(), v);
      case BYTES -> nullDefault ? CodeBlock.of("$L != null", v)
          : f.zeroCopy() ? CodeBlock.of("$L == null || $L.hasRemaining()", v, v) : CodeBlock.of("$L == null || $L.length != 0", v, v);
      case RECORDS -> CodeBlock.of("$L != null", v);
      case ARRAY -> nullDefault ? CodeBlock.of("$L != null", v) : CodeBlock.of("$L == null || !$L.isEmpty()", v, v);
      case STRUCT -> nullDefault ? CodeBlock.of("$L != null", v) : CodeBlock.of("!$L.equals($L)", naming.defaultStruct(f.type().struct()), v);
      case BOOL -> f.defaultValue().literal().toString().equals("true") ? CodeBlock.of("!$L", v) : v;
      default -> CodeBlock.of("$L != $L", v, f.defaultValue().literal());
    };
  }

  /** Names the per-struct methods and constants of one codec. */
  interface Naming {
    String writeMethod(ClassName struct);

    String sizeMethod(ClassName struct);

    String readMethod(ClassName struct);

    CodeBlock defaultStruct(ClassName struct);

    TypeName elementType(FieldModel arrayField);

    int minElementSize(FieldType element);
  }
}
