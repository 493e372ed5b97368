package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.WIRE_RECORDS;
import static io.kwire.processor.write.RuntimeNames.WIRE_SIZES;

import com.palantir.javapoet.CodeBlock;
import io.kwire.processor.model.Kind;
import java.util.Locale;

/**
 * The runtime calls for one value of a wire {@link Kind}: the only place that turns a kind into
 * {@code WireWriter}, {@code WireReader}, {@code WireSizes} and {@code WireRecords} method names. {@code KindPrimitivesTest}
 * checks that every name built here exists in the runtime with the expected signature.
 */
final class Primitives {
  private Primitives() {}

  /** {@code out.writeInt32(v)}: a fixed-width value after its own capacity check. */
  static CodeBlock writeFixed(Kind kind, CodeBlock value) {
    return CodeBlock.of("out.write$L($L)", kind.primitive(), value);
  }

  /** {@code out.putInt32(v)}: a fixed-width value inside a run that checked capacity once. */
  static CodeBlock putFixed(Kind kind, CodeBlock value) {
    return CodeBlock.of("out.put$L($L)", kind.primitive(), value);
  }

  /** {@code in.readInt32()}: a fixed-width value after its own bounds check. */
  static CodeBlock readFixed(Kind kind) {
    return CodeBlock.of("in.read$L()", kind.primitive());
  }

  /** {@code in.getInt32()}: a fixed-width value inside a run that checked bounds once. */
  static CodeBlock getFixed(Kind kind) {
    return CodeBlock.of("in.get$L()", kind.primitive());
  }

  /** Whether a fixed-width kind can join a run (it has both the unchecked put and get). */
  static boolean joinsRuns(Kind kind) {
    return kind.isFixedWidth() && kind != Kind.UUID;
  }

  /**
   * {@code out.writeString(v)} or {@code out.writeCompactString(v)}; records, a layer above the wire
   * primitives, {@code WireRecords.write(out, v)} or {@code WireRecords.writeCompact(out, v)}.
   */
  static CodeBlock writeVariable(Kind kind, boolean compact, String value) {
    if (kind == Kind.RECORDS) {
      return CodeBlock.of("$T.write$L(out, $L)", WIRE_RECORDS, compact ? "Compact" : "", value);
    }
    return CodeBlock.of("out.write$L$L($L)", compact ? "Compact" : "", kind.primitive(), value);
  }

  /** {@code WireSizes.string(v)} or {@code WireSizes.compactString(v)}; {@code WireRecords.size(v)} or {@code compactSize(v)}. */
  static CodeBlock sizeVariable(Kind kind, boolean compact, String value) {
    if (kind == Kind.RECORDS) {
      return CodeBlock.of("$T.$L($L)", WIRE_RECORDS, compact ? "compactSize" : "size", value);
    }
    String name = compact ? "compact" + kind.primitive() : kind.primitive().toLowerCase(Locale.ROOT);
    return CodeBlock.of("$T.$L($L)", WIRE_SIZES, name, value);
  }

  /**
   * {@code in.readString(nullable)} or {@code in.readCompactString(nullable)}; zero-copy bytes read a
   * ByteBuffer; records {@code WireRecords.read(in, nullable)} or {@code WireRecords.readCompact(in, nullable)}.
   */
  static CodeBlock readVariable(Kind kind, boolean compact, boolean zeroCopy, CodeBlock nullable) {
    if (kind == Kind.RECORDS) {
      return CodeBlock.of("$T.read$L(in, $L)", WIRE_RECORDS, compact ? "Compact" : "", nullable);
    }
    String type = kind == Kind.BYTES && zeroCopy ? "ByteBuffer" : kind.primitive();
    return CodeBlock.of("in.read$L$L($L)", compact ? "Compact" : "", type, nullable);
  }

  /** {@code out.writeInt32Array(list)} or {@code out.writeCompactInt32Array(list)}: the length and the elements after one capacity check. */
  static CodeBlock writeIntegerArray(Kind element, boolean compact, String list) {
    return CodeBlock.of("out.write$L$LArray($L)", compact ? "Compact" : "", element.primitive(), list);
  }

  /** {@code in.readInt32s(n)}: a whole array of int8..int64 into a primitive-backed list. */
  static CodeBlock readIntegers(Kind element, String count) {
    return CodeBlock.of("in.read$Ls($L)", element.primitive(), count);
  }

  /** Arrays of these kinds are read and written whole, without boxing. */
  static boolean hasArrayPrimitives(Kind element) {
    return element == Kind.INT8 || element == Kind.INT16 || element == Kind.INT32 || element == Kind.INT64;
  }
}
