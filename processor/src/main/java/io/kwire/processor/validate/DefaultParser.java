package io.kwire.processor.validate;

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
 * leading zero is plain decimal ({@code "010"} means 10). A pure function, unit-tested on its own.
 */
public final class DefaultParser {
  /** A parsed default, or the diagnostic that rejects it. */
  public sealed interface Result {
    record Parsed(DefaultValue value) implements Result {}

    record Rejected(Diagnostic error, String detail) implements Result {}
  }

  private DefaultParser() {}

  public static Result parse(String text, FieldType type) {
    boolean isNull = text.equals("null");
    if (!(type instanceof FieldType.Scalar scalar)) {
      return text.isEmpty() || isNull
          ? ok(isNull ? DefaultValue.NULL : DefaultValue.EMPTY)
          : reject(Diagnostic.DEFAULT_NOT_ALLOWED, "The default is \"" + text + "\", on a " + type.specName() + " field.");
    }
    Kind kind = scalar.kind();
    return switch (kind.defaultSyntax()) {
      case NULL_ONLY -> text.isEmpty() || isNull
          ? ok(DefaultValue.NULL)
          : reject(Diagnostic.DEFAULT_NOT_ALLOWED, "The default is \"" + text + "\", on a " + kind.specName() + " field.");
      case EMPTY_OR_NULL -> text.isEmpty() || isNull
          ? ok(isNull ? DefaultValue.NULL : DefaultValue.EMPTY)
          : reject(Diagnostic.DEFAULT_NOT_ALLOWED, "The default is \"" + text + "\", on a " + kind.specName() + " field.");
      case STRING -> ok(isNull ? DefaultValue.NULL : new DefaultValue.Text(text));
      case BOOLEAN -> bool(text);
      case FLOAT -> float64(text);
      case UUID -> uuid(text);
      case INTEGER -> integer(text, kind);
    };
  }

  private static Result ok(DefaultValue value) {
    return new Result.Parsed(value);
  }

  private static Result reject(Diagnostic error, String detail) {
    return new Result.Rejected(error, detail);
  }

  private static Result bool(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    if (text.isEmpty() || lower.equals("false")) {
      return ok(new DefaultValue.Bool(false));
    }
    if (lower.equals("true")) {
      return ok(new DefaultValue.Bool(true));
    }
    return reject(Diagnostic.DEFAULT_UNPARSABLE, "The default \"" + text + "\" is not true or false.");
  }

  private static Result float64(String text) {
    if (text.isEmpty()) {
      return ok(new DefaultValue.Float64(0.0));
    }
    try {
      return ok(new DefaultValue.Float64(Double.parseDouble(text)));
    } catch (NumberFormatException e) {
      return reject(Diagnostic.DEFAULT_UNPARSABLE, "The default \"" + text + "\" is not a float64.");
    }
  }

  private static Result uuid(String text) {
    if (text.isEmpty()) {
      return ok(new DefaultValue.Uuid(0L, 0L));
    }
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      return reject(Diagnostic.DEFAULT_UNPARSABLE, "The default \"" + text + "\" is not base64url.");
    }
    if (bytes.length != 16) {
      return reject(Diagnostic.DEFAULT_UNPARSABLE, "The default \"" + text + "\" decodes to " + bytes.length + " bytes, not 16.");
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    return ok(new DefaultValue.Uuid(b.getLong(), b.getLong()));
  }

  private static Result integer(String text, Kind kind) {
    if (text.isEmpty()) {
      return ok(new DefaultValue.Int(0));
    }
    BigInteger value;
    try {
      value = text.startsWith("0x") || text.startsWith("0X")
          ? new BigInteger(text.substring(2), 16)
          : new BigInteger(text, 10);
    } catch (NumberFormatException e) {
      return reject(Diagnostic.DEFAULT_UNPARSABLE, "The default \"" + text + "\" is not a decimal or 0x-hexadecimal " + kind.specName() + ".");
    }
    BigInteger min = BigInteger.valueOf(minimum(kind));
    BigInteger max = BigInteger.valueOf(maximum(kind));
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      return reject(Diagnostic.DEFAULT_OUT_OF_RANGE, "The default " + text + " is outside " + kind.specName() + "'s range " + min + " to " + max + ".");
    }
    return ok(new DefaultValue.Int(value.longValueExact()));
  }

  private static long minimum(Kind kind) {
    return switch (kind) {
      case INT8 -> Byte.MIN_VALUE;
      case INT16 -> Short.MIN_VALUE;
      case INT32 -> Integer.MIN_VALUE;
      case INT64 -> Long.MIN_VALUE;
      default -> 0; // unsigned
    };
  }

  private static long maximum(Kind kind) {
    return switch (kind) {
      case INT8 -> Byte.MAX_VALUE;
      case INT16 -> Short.MAX_VALUE;
      case UINT16 -> 0xFFFF;
      case INT32 -> Integer.MAX_VALUE;
      case UINT32 -> 0xFFFF_FFFFL;
      default -> Long.MAX_VALUE;
    };
  }
}
