package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.ENCODE_EXCEPTION;
import static io.kwire.processor.write.RuntimeNames.PROTOCOL_EXCEPTION;
import static io.kwire.processor.write.RuntimeNames.WIRE_LISTS;
import static io.kwire.processor.write.RuntimeNames.WIRE_SIZES;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.runtime.meta.VersionRange;
import java.util.Collections;
import java.util.List;

/**
 * Code for one value of a field (inline, tagged, or an array element): how to size, write and read
 * it. Whether the version is compact (flexible) and whether it may be null are conditions decided
 * against the versions possible where the value is; branches on them narrow it further.
 */
final class Values {
  private final CodecNames names;

  Values(CodecNames names) {
    this.names = names;
  }

  /** How a value is encoded where it stands. */
  record Encoding(VersionRange possible, VersionCondition compact, VersionCondition nullable, boolean tagged) {}

  /** {@code f}'s encoding in {@code possible}; tagged values are always compact. */
  Encoding encoding(FieldModel f, VersionRange possible, VersionRange messageFlexible, boolean tagged) {
    VersionCondition compact = VersionCondition.of(tagged ? VersionRange.ALL : f.flexibleVersions().orElse(messageFlexible), possible);
    return new Encoding(possible, compact, VersionCondition.of(f.nullableVersions(), possible), tagged);
  }

  /** Throws when {@code v} is null in a version that cannot carry null. */
  void nullCheck(CodeBlock.Builder b, String v, VersionCondition nullable, String label) {
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

  /** One statement per outcome of {@code c}: a single one when decided, else an if/else. */
  private static void choose(CodeBlock.Builder b, VersionCondition c, CodeBlock whenTrue, CodeBlock whenFalse) {
    if (c.always()) {
      b.addStatement("$L", whenTrue);
    } else if (c.never()) {
      b.addStatement("$L", whenFalse);
    } else {
      b.beginControlFlow("if ($L)", c.test());
      b.addStatement("$L", whenTrue);
      b.nextControlFlow("else");
      b.addStatement("$L", whenFalse);
      b.endControlFlow();
    }
  }

  /** An expression per outcome of {@code c}: one of them when decided, else a conditional. */
  private static CodeBlock pick(VersionCondition c, CodeBlock whenTrue, CodeBlock whenFalse) {
    return c.always() ? whenTrue : c.never() ? whenFalse : CodeBlock.of("$L ? $L : $L", c.grouped(), whenTrue, whenFalse);
  }

  // ---------------------------------------------------------------- write

  void write(CodeBlock.Builder b, FieldModel f, String v, Encoding e, String label) {
    FieldType t = f.type();
    if (t instanceof FieldType.Struct s) {
      writeStruct(b, s, v, e, label);
    } else if (t instanceof FieldType.Array a) {
      writeArray(b, f, a, v, e, label);
    } else {
      Kind kind = t.kindOrNull();
      if (kind.isFixedWidth()) {
        if (!isPrimitive(kind)) {
          nullCheck(b, v, VersionCondition.of(VersionRange.NONE, e.possible()), label);
        }
        b.addStatement("$L", Primitives.writeFixed(kind, CodeBlock.of("$L", v)));
      } else {
        nullCheck(b, v, e.nullable(), label);
        choose(b, e.compact(), Primitives.writeVariable(kind, true, v), Primitives.writeVariable(kind, false, v));
      }
    }
  }

  /** Whether a fixed-width kind is held in a Java primitive (uuid is held in an object, so it can be null). */
  private static boolean isPrimitive(Kind kind) {
    return kind.java() != Kind.JavaRepr.UUID;
  }

  private void writeStruct(CodeBlock.Builder b, FieldType.Struct s, String v, Encoding e, String label) {
    VersionCondition nullable = e.nullable();
    nullCheck(b, v, nullable, label);
    CodeBlock call = CodeBlock.of("$L($L, version, out)", names.writeMethod(s.record()), v);
    if (nullable.never()) {
      b.addStatement("$L", call);
      return;
    }
    if (!nullable.always()) {
      b.beginControlFlow("if ($L)", nullable.test());
    }
    b.beginControlFlow("if ($L == null)", v);
    b.addStatement(e.tagged() ? "out.writeUnsignedVarint(0)" : "out.writeInt8((byte) -1)");
    b.nextControlFlow("else");
    b.addStatement(e.tagged() ? "out.writeUnsignedVarint(1)" : "out.writeInt8((byte) 1)");
    b.addStatement("$L", call);
    b.endControlFlow();
    if (!nullable.always()) {
      b.nextControlFlow("else");
      b.addStatement("$L", call);
      b.endControlFlow();
    }
  }

  private void writeArray(CodeBlock.Builder b, FieldModel f, FieldType.Array a, String v, Encoding e, String label) {
    nullCheck(b, v, e.nullable(), label);
    VersionCondition compact = e.compact();
    if (!e.nullable().never()) {
      b.beginControlFlow("if ($L == null)", v);
      choose(b, compact, CodeBlock.of("out.writeUnsignedVarint(0)"), CodeBlock.of("out.writeInt32(-1)"));
      b.nextControlFlow("else");
    }
    FieldType element = a.element();
    Kind kind = element.kindOrNull();
    if (kind != null && Primitives.hasArrayPrimitives(kind)) {
      choose(b, compact, Primitives.writeIntegerArray(kind, true, v), Primitives.writeIntegerArray(kind, false, v));
    } else {
      choose(b, compact, CodeBlock.of("out.writeUnsignedVarint($L.size() + 1)", v), CodeBlock.of("out.writeInt32($L.size())", v));
      beginElementLoop(b, f, v, label);
      if (element instanceof FieldType.Struct s) {
        b.addStatement("$L(e, version, out)", names.writeMethod(s.record()));
      } else if (kind.isFixedWidth()) {
        b.addStatement("$L", Primitives.writeFixed(kind, CodeBlock.of("e")));
      } else {
        choose(b, compact, Primitives.writeVariable(kind, true, "e"), Primitives.writeVariable(kind, false, "e"));
      }
      b.endControlFlow();
    }
    if (!e.nullable().never()) {
      b.endControlFlow();
    }
  }

  /** Opens a loop over the elements of list {@code v}, each as {@code e}, refusing null elements. */
  private void beginElementLoop(CodeBlock.Builder b, FieldModel f, String v, String label) {
    b.beginControlFlow("for (int i = 0, n = $L.size(); i < n; i++)", v);
    b.addStatement("$T e = $L.get(i)", names.elementType(f), v);
    b.beginControlFlow("if (e == null)");
    b.addStatement("throw $T.nullElement($S, i)", ENCODE_EXCEPTION, label);
    b.endControlFlow();
  }

  // ---------------------------------------------------------------- size

  void size(CodeBlock.Builder b, FieldModel f, String v, Encoding e, String label) {
    FieldType t = f.type();
    if (t instanceof FieldType.Struct s) {
      sizeStruct(b, s, v, e, label);
    } else if (t instanceof FieldType.Array a) {
      sizeArray(b, f, a, v, e, label);
    } else {
      Kind kind = t.kindOrNull();
      if (kind.isFixedWidth()) {
        if (!isPrimitive(kind)) {
          nullCheck(b, v, VersionCondition.of(VersionRange.NONE, e.possible()), label);
        }
        b.addStatement("size += $L", kind.fixedWidth());
      } else {
        nullCheck(b, v, e.nullable(), label);
        b.addStatement("size += $L", pick(e.compact(), Primitives.sizeVariable(kind, true, v), Primitives.sizeVariable(kind, false, v)));
      }
    }
  }

  private void sizeStruct(CodeBlock.Builder b, FieldType.Struct s, String v, Encoding e, String label) {
    VersionCondition nullable = e.nullable();
    nullCheck(b, v, nullable, label);
    String method = names.sizeMethod(s.record());
    if (nullable.never()) {
      b.addStatement("size += $L($L, version)", method, v);
      return;
    }
    if (!nullable.always()) {
      b.beginControlFlow("if ($L)", nullable.test());
    }
    b.addStatement("size += $L == null ? 1 : 1 + $L($L, version)", v, method, v);
    if (!nullable.always()) {
      b.nextControlFlow("else");
      b.addStatement("size += $L($L, version)", method, v);
      b.endControlFlow();
    }
  }

  private void sizeArray(CodeBlock.Builder b, FieldModel f, FieldType.Array a, String v, Encoding e, String label) {
    nullCheck(b, v, e.nullable(), label);
    VersionCondition compact = e.compact();
    if (!e.nullable().never()) {
      b.beginControlFlow("if ($L == null)", v);
      b.addStatement("size += $L", pick(compact, CodeBlock.of("1"), CodeBlock.of("4")));
      b.nextControlFlow("else");
    }
    b.addStatement("size += $L", pick(compact, CodeBlock.of("$T.unsignedVarint($L.size() + 1)", WIRE_SIZES, v), CodeBlock.of("4")));
    FieldType element = a.element();
    if (element.isFixedWidth()) {
      b.addStatement("size += $L.size() * $L", v, element.kindOrNull().fixedWidth());
    } else {
      beginElementLoop(b, f, v, label);
      if (element instanceof FieldType.Struct s) {
        b.addStatement("size += $L(e, version)", names.sizeMethod(s.record()));
      } else {
        Kind kind = element.kindOrNull();
        b.addStatement("size += $L", pick(compact, Primitives.sizeVariable(kind, true, "e"), Primitives.sizeVariable(kind, false, "e")));
      }
      b.endControlFlow();
    }
    if (!e.nullable().never()) {
      b.endControlFlow();
    }
  }

  // ---------------------------------------------------------------- read

  /**
   * Reads into the local {@code target}: declared here when {@code declare} (the field is read in
   * every version possible), else declared before with the field's default. {@code sameAs} names an
   * earlier {@code []int32} local whose list is handed back when the values are equal (null: none);
   * an {@code []int32} is read whole, count and values, by one runtime call.
   */
  void read(CodeBlock.Builder b, FieldModel f, String target, boolean declare, Encoding e, NameAllocator locals, String sameAs) {
    FieldType t = f.type();
    VersionCondition nullable = e.nullable();
    CodeBlock assign = declare ? CodeBlock.of("$T $L", f.javaType(), target) : CodeBlock.of("$L", target);
    if (t instanceof FieldType.Struct s) {
      String method = names.readMethod(s.record());
      CodeBlock isNull = e.tagged() ? CodeBlock.of("in.readUnsignedVarint() == 0") : CodeBlock.of("in.readInt8() < 0");
      if (nullable.never()) {
        b.addStatement("$L = $L(in, version)", assign, method);
      } else if (nullable.always()) {
        b.addStatement("$L = $L ? null : $L(in, version)", assign, isNull, method);
      } else {
        b.addStatement("$L = $L && $L ? null : $L(in, version)", assign, nullable.grouped(), isNull, method);
      }
    } else if (t instanceof FieldType.Array a && a.element().kindOrNull() == Kind.INT32) {
      // count and values in one call: the commonest integer array (replicas, partitions, broker ids)
      CodeBlock same = sameAs == null ? CodeBlock.of("") : CodeBlock.of(", $L", sameAs);
      b.addStatement("$L = $L", assign, pick(e.compact(),
          CodeBlock.of("in.readCompactInt32Array($L$L)", nullableWhere(f, e.compact().whenTrue()), same),
          CodeBlock.of("in.readInt32Array($L$L)", nullableWhere(f, e.compact().whenFalse()), same)));
    } else if (t instanceof FieldType.Array a) {
      if (declare) {
        b.addStatement("$L", assign);
      }
      readArray(b, f, a, target, e, locals);
    } else {
      Kind kind = t.kindOrNull();
      if (kind.isFixedWidth()) {
        b.addStatement("$L = $L", assign, Primitives.readFixed(kind));
      } else {
        b.addStatement("$L = $L", assign, pick(e.compact(),
            Primitives.readVariable(kind, true, f.zeroCopy(), nullableWhere(f, e.compact().whenTrue())),
            Primitives.readVariable(kind, false, f.zeroCopy(), nullableWhere(f, e.compact().whenFalse()))));
      }
    }
  }

  /** Whether {@code f} may be null, as a test decided within one branch of the compact condition. */
  private static CodeBlock nullableWhere(FieldModel f, VersionRange branch) {
    return VersionCondition.of(f.nullableVersions(), branch).test();
  }

  /** Reads one element of an array of strings, uuids or other non-integer scalars. */
  private CodeBlock readScalarElement(Kind kind, Encoding e) {
    return kind.isFixedWidth() ? Primitives.readFixed(kind) : pick(e.compact(),
        Primitives.readVariable(kind, true, false, CodeBlock.of("false")),
        Primitives.readVariable(kind, false, false, CodeBlock.of("false")));
  }

  private void readArray(CodeBlock.Builder b, FieldModel f, FieldType.Array a, String target, Encoding e, NameAllocator locals) {
    String count = locals.newName(f.javaName() + "Count");
    FieldType element = a.element();
    VersionCondition nullable = e.nullable();
    int min = names.minimumSize(element, e.possible());
    b.addStatement("int $L = $L", count, pick(e.compact(),
        CodeBlock.of("in.readCompactArrayLength($L, $L)", nullableWhere(f, e.compact().whenTrue()), min),
        CodeBlock.of("in.readArrayLength($L, $L)", nullableWhere(f, e.compact().whenFalse()), min)));
    Kind kind = element.kindOrNull();
    boolean integers = kind != null && Primitives.hasArrayPrimitives(kind);
    if (!nullable.never()) {
      b.beginControlFlow("if ($L < 0)", count);
      b.addStatement("$L = null", target);
      if (!integers) {
        b.nextControlFlow("else if ($L == 0)", count);
      }
    } else if (!integers) {
      b.beginControlFlow("if ($L == 0)", count);
    }
    if (!integers) {
      // Shared or small lists: an array and its view would cost 40 heap bytes for as little as 1
      // wire byte (no element) or 2 (one tiny element); List.of() is shared, a singleton list 16 bytes.
      ClassName list = ClassName.get(List.class);
      ClassName collections = ClassName.get(Collections.class);
      b.addStatement("$L = $T.of()", target, list);
      b.nextControlFlow("else if ($L == 1)", count);
      if (element instanceof FieldType.Struct s) {
        b.beginControlFlow("try");
        b.addStatement("$L = $T.singletonList($L(in, version))", target, collections, names.readMethod(s.record()));
        b.nextControlFlow("catch ($T x)", PROTOCOL_EXCEPTION);
        b.addStatement("throw x.atIndex(0)");
        b.endControlFlow();
      } else {
        b.addStatement("$L = $T.singletonList($L)", target, collections, readScalarElement(kind, e));
      }
    }
    if (!nullable.never() || !integers) {
      b.nextControlFlow("else");
    }
    if (integers) {
      b.addStatement("$L = $L", target, Primitives.readIntegers(kind, count));
    } else {
      String items = locals.newName(f.javaName() + "Items");
      TypeName elementType = names.elementType(f);
      b.addStatement("$T[] $L = new $T[$L]", elementType, items, elementType, count);
      b.beginControlFlow("for (int i = 0; i < $L; i++)", count);
      if (element instanceof FieldType.Struct s) {
        b.beginControlFlow("try");
        b.addStatement("$L[i] = $L(in, version)", items, names.readMethod(s.record()));
        b.nextControlFlow("catch ($T x)", PROTOCOL_EXCEPTION);
        b.addStatement("throw x.atIndex(i)");
        b.endControlFlow();
      } else {
        b.addStatement("$L[i] = $L", items, readScalarElement(kind, e));
      }
      b.endControlFlow();
      b.addStatement("$L = $T.wrap($L)", target, WIRE_LISTS, items);
    }
    if (!nullable.never() || !integers) {
      b.endControlFlow();
    }
  }
}
