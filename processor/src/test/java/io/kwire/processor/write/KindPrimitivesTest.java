package io.kwire.processor.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.CodeBlock;
import io.kwire.processor.model.Kind;
import io.kwire.runtime.generated.WireRecords;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireSizes;
import io.kwire.runtime.wire.WireWriter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every runtime call {@link Primitives} builds for a wire kind exists, with the Java type the kind is
 * held in: a slip in a kind's description fails here, not when messages/ compiles.
 */
class KindPrimitivesTest {
  private static Class<?> javaType(Kind kind) {
    return switch (kind.java()) {
      case BOOLEAN -> boolean.class;
      case BYTE -> byte.class;
      case SHORT -> short.class;
      case INT -> int.class;
      case LONG -> long.class;
      case DOUBLE -> double.class;
      case UUID -> UUID.class;
      case STRING -> String.class;
      case BYTES -> byte[].class;
      case RECORDS -> Records.class;
    };
  }

  /** The method name in a call such as {@code out.writeInt32(v)} or {@code WireSizes.string(v)}. */
  private static String name(CodeBlock call) {
    String s = call.toString();
    return s.substring(s.lastIndexOf('.', s.indexOf('(')) + 1, s.indexOf('('));
  }

  private static Method method(Class<?> owner, CodeBlock call, Class<?>... parameters) throws NoSuchMethodException {
    Method m = owner.getMethod(name(call), parameters);
    assertEquals(true, Modifier.isPublic(m.getModifiers()), m + " is public");
    return m;
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void writerReaderAndSizesHaveTheKindsPrimitives(Kind kind) throws Exception {
    Class<?> type = javaType(kind);
    CodeBlock v = CodeBlock.of("v");
    if (kind.isFixedWidth()) {
      method(WireWriter.class, Primitives.writeFixed(kind, v), type);
      method(WireWriter.class, Primitives.putFixed(kind, v), type);
      assertEquals(type, method(WireReader.class, Primitives.readFixed(kind)).getReturnType());
      if (Primitives.joinsRuns(kind)) {
        assertEquals(type, method(WireReader.class, Primitives.getFixed(kind)).getReturnType());
      }
      return;
    }
    if (kind == Kind.RECORDS) {
      recordsGoThroughWireRecords();
      return;
    }
    for (boolean compact : new boolean[] {false, true}) {
      method(WireWriter.class, Primitives.writeVariable(kind, compact, "v"), type);
      assertEquals(int.class, method(WireSizes.class, Primitives.sizeVariable(kind, compact, "v"), type).getReturnType());
      CodeBlock read = Primitives.readVariable(kind, compact, false, CodeBlock.of("false"));
      assertEquals(type, method(WireReader.class, read, boolean.class).getReturnType());
      if (kind == Kind.BYTES) {
        method(WireWriter.class, Primitives.writeVariable(kind, compact, "v"), ByteBuffer.class);
        method(WireSizes.class, Primitives.sizeVariable(kind, compact, "v"), ByteBuffer.class);
        CodeBlock readView = Primitives.readVariable(kind, compact, true, CodeBlock.of("false"));
        assertEquals(ByteBuffer.class, method(WireReader.class, readView, boolean.class).getReturnType());
      }
    }
  }

  /** Records sit a layer above the wire primitives: generated code reaches them through WireRecords. */
  private static void recordsGoThroughWireRecords() throws Exception {
    for (boolean compact : new boolean[] {false, true}) {
      method(WireRecords.class, Primitives.writeVariable(Kind.RECORDS, compact, "v"), WireWriter.class, Records.class);
      assertEquals(int.class, method(WireRecords.class, Primitives.sizeVariable(Kind.RECORDS, compact, "v"), Records.class)
          .getReturnType());
      CodeBlock read = Primitives.readVariable(Kind.RECORDS, compact, false, CodeBlock.of("false"));
      assertEquals(Records.class, method(WireRecords.class, read, WireReader.class, boolean.class).getReturnType());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Kind.class, names = {"INT8", "INT16", "INT32", "INT64"})
  void integerArraysAreReadAndWrittenWhole(Kind kind) throws Exception {
    method(WireWriter.class, Primitives.writeIntegerArray(kind, false, "v"), java.util.List.class);
    method(WireWriter.class, Primitives.writeIntegerArray(kind, true, "v"), java.util.List.class);
    method(WireReader.class, Primitives.readIntegers(kind, "n"), int.class);
  }
}
