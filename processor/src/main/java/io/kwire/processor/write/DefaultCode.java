package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.WIRE_DEFAULTS;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.kwire.processor.model.DefaultValue;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/** Renders a field's typed default as Java: its value, and the test that a value differs from it. */
final class DefaultCode {
  private final Function<ClassName, CodeBlock> defaultStruct;

  /** @param defaultStruct the expression of a struct's default instance */
  DefaultCode(Function<ClassName, CodeBlock> defaultStruct) {
    this.defaultStruct = defaultStruct;
  }

  /** The Java expression of {@code f}'s default. */
  CodeBlock value(FieldModel f) {
    DefaultValue d = f.defaultValue();
    if (d instanceof DefaultValue.Null) {
      return CodeBlock.of("null");
    }
    if (d instanceof DefaultValue.Empty) {
      if (f.type() instanceof FieldType.Array) {
        return CodeBlock.of("$T.of()", List.class);
      }
      if (f.type() instanceof FieldType.Struct s) {
        return defaultStruct.apply(s.record());
      }
      return CodeBlock.of("$T.$L", WIRE_DEFAULTS, f.zeroCopy() ? "EMPTY_BUFFER" : "EMPTY_BYTES");
    }
    return scalar(d, f.type().kindOrNull());
  }

  private static CodeBlock scalar(DefaultValue d, Kind kind) {
    if (d instanceof DefaultValue.Bool b) {
      return CodeBlock.of("$L", b.value());
    }
    if (d instanceof DefaultValue.Text t) {
      return CodeBlock.of("$S", t.value());
    }
    if (d instanceof DefaultValue.Float64 x) {
      double v = x.value();
      return Double.isNaN(v) ? CodeBlock.of("Double.NaN")
          : Double.isInfinite(v) ? CodeBlock.of(v > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY")
          : CodeBlock.of("$L", Double.toString(v));
    }
    if (d instanceof DefaultValue.Uuid u) {
      return u.mostSignificantBits() == 0 && u.leastSignificantBits() == 0
          ? CodeBlock.of("$T.ZERO_UUID", WIRE_DEFAULTS)
          : CodeBlock.of("new $T($LL, $LL)", UUID.class, u.mostSignificantBits(), u.leastSignificantBits());
    }
    long v = ((DefaultValue.Int) d).value();
    return switch (kind.java()) {
      case BYTE -> CodeBlock.of("(byte) $L", v);
      case SHORT -> CodeBlock.of("(short) $L", v);
      case LONG -> CodeBlock.of("$LL", v);
      default -> CodeBlock.of("$L", v);
    };
  }

  /** A boolean expression: whether {@code v} differs from {@code f}'s default. */
  CodeBlock differs(FieldModel f, CodeBlock v) {
    DefaultValue d = f.defaultValue();
    if (d.isNull()) {
      return CodeBlock.of("$L != null", v);
    }
    FieldType type = f.type();
    if (type instanceof FieldType.Array) {
      return CodeBlock.of("$L == null || !$L.isEmpty()", v, v);
    }
    if (type instanceof FieldType.Struct s) {
      CodeBlock dflt = defaultStruct.apply(s.record());
      // identity first: the shared default instance is the common case, and equals walks the whole struct
      return CodeBlock.of("$L != $L && !$L.equals($L)", v, dflt, dflt, v);
    }
    Kind kind = type.kindOrNull();
    return switch (kind) {
      case BOOL -> ((DefaultValue.Bool) d).value() ? CodeBlock.of("!$L", v) : v;
      case FLOAT64 -> CodeBlock.of("Double.compare($L, $L) != 0", v, value(f));
      case STRING, UUID -> CodeBlock.of("!$L.equals($L)", value(f), v);
      case BYTES -> f.zeroCopy() ? CodeBlock.of("$L == null || $L.hasRemaining()", v, v) : CodeBlock.of("$L == null || $L.length != 0", v, v);
      case RECORDS -> CodeBlock.of("$L != null", v);
      default -> CodeBlock.of("$L != $L", v, value(f));
    };
  }
}
