package io.kwire.processor.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.palantir.javapoet.ClassName;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.model.DefaultValue;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Defaults are read as Kafka's generator reads "default", into typed values. */
class DefaultParserTest {
  private static DefaultValue parsed(String text, Kind kind) {
    return assertInstanceOf(DefaultParser.Result.Parsed.class, DefaultParser.parse(text, FieldType.scalar(kind))).value();
  }

  private static Diagnostic rejected(String text, FieldType type) {
    return assertInstanceOf(DefaultParser.Result.Rejected.class, DefaultParser.parse(text, type)).error();
  }

  @ParameterizedTest
  @CsvSource({
      "'', INT32, 0", "-1, INT32, -1", "0x7fffffff, INT32, 2147483647", "010, INT32, 10",
      "127, INT8, 127", "-32768, INT16, -32768", "65535, UINT16, 65535", "4294967295, UINT32, 4294967295",
      "-9223372036854775808, INT64, -9223372036854775808", "0X10, INT64, 16"})
  void integers(String text, Kind kind, long expected) {
    assertEquals(new DefaultValue.Int(expected), parsed(text, kind));
  }

  @ParameterizedTest
  @CsvSource({"128, INT8", "-129, INT8", "65536, UINT16", "-1, UINT16", "-1, UINT32", "2147483648, INT32", "9223372036854775808, INT64"})
  void integersOutOfRange(String text, Kind kind) {
    assertEquals(Diagnostic.DEFAULT_OUT_OF_RANGE, rejected(text, FieldType.scalar(kind)));
  }

  @ParameterizedTest
  @CsvSource({"ten, INT32", "0xZZ, INT64", "1.5, INT16"})
  void integersThatDoNotParse(String text, Kind kind) {
    assertEquals(Diagnostic.DEFAULT_UNPARSABLE, rejected(text, FieldType.scalar(kind)));
  }

  @Test
  void booleansAreCaseInsensitive() {
    assertEquals(new DefaultValue.Bool(true), parsed("TRUE", Kind.BOOL));
    assertEquals(new DefaultValue.Bool(false), parsed("False", Kind.BOOL));
    assertEquals(new DefaultValue.Bool(false), parsed("", Kind.BOOL));
    assertEquals(Diagnostic.DEFAULT_UNPARSABLE, rejected("yes", FieldType.scalar(Kind.BOOL)));
  }

  @Test
  void floatsStringsAndUuids() {
    assertEquals(new DefaultValue.Float64(1.5), parsed("1.5", Kind.FLOAT64));
    assertEquals(new DefaultValue.Float64(0.0), parsed("", Kind.FLOAT64));
    assertEquals(new DefaultValue.Text("abc"), parsed("abc", Kind.STRING));
    assertEquals(new DefaultValue.Text(""), parsed("", Kind.STRING));
    assertEquals(DefaultValue.NULL, parsed("null", Kind.STRING));
    assertEquals(new DefaultValue.Uuid(0, 0), parsed("", Kind.UUID));
    assertEquals(new DefaultValue.Uuid(0x0102030405060708L, 0x090a0b0c0d0e0f10L), parsed("AQIDBAUGBwgJCgsMDQ4PEA", Kind.UUID));
    assertEquals(Diagnostic.DEFAULT_UNPARSABLE, rejected("AQID", FieldType.scalar(Kind.UUID)));
    assertEquals(Diagnostic.DEFAULT_UNPARSABLE, rejected("not base64!", FieldType.scalar(Kind.UUID)));
  }

  @Test
  void bytesArraysStructsAndRecordsTakeOnlyEmptyOrNull() {
    FieldType struct = new FieldType.Struct(ClassName.get("demo", "Item"));
    FieldType array = new FieldType.Array(FieldType.scalar(Kind.INT32));
    for (FieldType t : new FieldType[] {FieldType.scalar(Kind.BYTES), struct, array}) {
      assertEquals(DefaultValue.EMPTY, assertInstanceOf(DefaultParser.Result.Parsed.class, DefaultParser.parse("", t)).value());
      assertEquals(DefaultValue.NULL, assertInstanceOf(DefaultParser.Result.Parsed.class, DefaultParser.parse("null", t)).value());
      assertEquals(Diagnostic.DEFAULT_NOT_ALLOWED, rejected("x", t));
    }
    assertEquals(DefaultValue.NULL, parsed("", Kind.RECORDS));
    assertEquals(Diagnostic.DEFAULT_NOT_ALLOWED, rejected("x", FieldType.scalar(Kind.RECORDS)));
  }
}
