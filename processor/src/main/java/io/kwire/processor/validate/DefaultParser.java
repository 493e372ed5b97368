package io.kwire.processor.validate;

import com.palantir.javapoet.CodeBlock;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.model.DefaultValue;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Locale;

/**
 * Parses {@code @Field(defaultValue)} the way Kafka's generator reads {@code "default"}: decimal or
 * {@code 0x} hexadecimal integers checked against the type's range, case-insensitive booleans,
 * base64url UUIDs, and only empty or {@code null} for bytes, structs and arrays. Unlike Kafka, a
 * leading zero is plain decimal: the literal kwire emits is normalized, so {@code "010"} means 10.
 */
final class DefaultParser {
  /** A parsed default, or the diagnostic that rejects it. */
  record Result(DefaultValue value, Diagnostic error, String detail) {
    static Result ok(DefaultValue value) {
      return new Result(value, null, null);
    }

    static Result error(Diagnostic error, String detail) {
      return new Result(null, error, detail);
    }
  }

  private DefaultParser() {}

  static Result parse(String text, FieldType type) {
    boolean isNull = text.equals("null");
    switch (type.kind()) {
      case RECORDS:
        return text.isEmpty() || isNull
            ? Result.ok(new DefaultValue(text, true, null))
            : Result.error(Diagnostic.DEFAULT_NOT_ALLOWED, "A records field defaults to null; got \"" + text + "\".");
      case BYTES:
      case STRUCT:
      case ARRAY:
        return text.isEmpty() || isNull
            ? Result.ok(new DefaultValue(text, isNull, null))
            : Result.error(Diagnostic.DEFAULT_NOT_ALLOWED, "Got \"" + text + "\" for a " + type.specName() + " field.");
      case STRING:
        return Result.ok(new DefaultValue(text, isNull, isNull ? CodeBlock.of("null") : CodeBlock.of("$S", text)));
      case BOOL:
        return bool(text);
      case FLOAT64:
        return float64(text);
      case UUID:
        return uuid(text);
      default:
        return integer(text, type.kind());
    }
  }

  private static Result bool(String text) {
    if (text.isEmpty()) {
      return Result.ok(new DefaultValue(text, false, CodeBlock.of("false")));
    }
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.equals("true") || lower.equals("false")) {
      return Result.ok(new DefaultValue(text, false, CodeBlock.of(lower)));
    }
    return Result.error(Diagnostic.DEFAULT_UNPARSABLE, "\"" + text + "\" is not true or false.");
  }

  private static Result float64(String text) {
    if (text.isEmpty()) {
      return Result.ok(new DefaultValue(text, false, CodeBlock.of("0.0")));
    }
    try {
      double d = Double.parseDouble(text);
      if (Double.isNaN(d)) {
        return Result.ok(new DefaultValue(text, false, CodeBlock.of("Double.NaN")));
      }
      if (Double.isInfinite(d)) {
        return Result.ok(new DefaultValue(text, false, CodeBlock.of(d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY")));
      }
      return Result.ok(new DefaultValue(text, false, CodeBlock.of("$L", Double.toString(d))));
    } catch (NumberFormatException e) {
      return Result.error(Diagnostic.DEFAULT_UNPARSABLE, "\"" + text + "\" is not a float64.");
    }
  }

  private static Result uuid(String text) {
    if (text.isEmpty()) {
      return Result.ok(new DefaultValue(text, false, CodeBlock.of("$T.ZERO_UUID", WriterNames.WIRE_DEFAULTS)));
    }
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      return Result.error(Diagnostic.DEFAULT_UNPARSABLE, "\"" + text + "\" is not base64url.");
    }
    if (bytes.length != 16) {
      return Result.error(Diagnostic.DEFAULT_UNPARSABLE, "\"" + text + "\" decodes to " + bytes.length + " bytes, not 16.");
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    return Result.ok(new DefaultValue(text, false,
        CodeBlock.of("new $T($LL, $LL)", java.util.UUID.class, b.getLong(), b.getLong())));
  }

  private static Result integer(String text, Kind kind) {
    if (text.isEmpty()) {
      return Result.ok(new DefaultValue(text, false, literal(BigInteger.ZERO, kind)));
    }
    BigInteger value;
    try {
      value = text.startsWith("0x") || text.startsWith("0X")
          ? new BigInteger(text.substring(2), 16)
          : new BigInteger(text, 10);
    } catch (NumberFormatException e) {
      return Result.error(Diagnostic.DEFAULT_UNPARSABLE, "\"" + text + "\" is not a decimal or 0x-hexadecimal " + kind.specName() + ".");
    }
    BigInteger min;
    BigInteger max;
    switch (kind) {
      case INT8 -> { min = BigInteger.valueOf(Byte.MIN_VALUE); max = BigInteger.valueOf(Byte.MAX_VALUE); }
      case INT16 -> { min = BigInteger.valueOf(Short.MIN_VALUE); max = BigInteger.valueOf(Short.MAX_VALUE); }
      case UINT16 -> { min = BigInteger.ZERO; max = BigInteger.valueOf(0xFFFF); }
      case INT32 -> { min = BigInteger.valueOf(Integer.MIN_VALUE); max = BigInteger.valueOf(Integer.MAX_VALUE); }
      case UINT32 -> { min = BigInteger.ZERO; max = BigInteger.valueOf(0xFFFF_FFFFL); }
      default -> { min = BigInteger.valueOf(Long.MIN_VALUE); max = BigInteger.valueOf(Long.MAX_VALUE); }
    }
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      return Result.error(Diagnostic.DEFAULT_OUT_OF_RANGE, text + " is outside " + kind.specName() + "'s range " + min + " to " + max + ".");
    }
    return Result.ok(new DefaultValue(text, false, literal(value, kind)));
  }

  private static CodeBlock literal(BigInteger value, Kind kind) {
    return switch (kind) {
      case INT8 -> CodeBlock.of("(byte) $L", value);
      case INT16 -> CodeBlock.of("(short) $L", value);
      case INT64, UINT32 -> CodeBlock.of("$LL", value);
      default -> CodeBlock.of("$L", value);
    };
  }
}
