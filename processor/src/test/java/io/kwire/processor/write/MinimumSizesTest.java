package io.kwire.processor.write;

import static io.kwire.processor.write.Models.field;
import static io.kwire.processor.write.Models.message;
import static io.kwire.processor.write.Models.struct;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.ClassName;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import org.junit.jupiter.api.Test;

/** The fewest bytes an array element takes bounds what a forged count may make a reader allocate. */
class MinimumSizesTest {
  private static final FieldType ITEM = new FieldType.Struct(ClassName.get("demo", "Item"));

  // Item: int32 (0+), string (0+), a nullable struct from v2 on, int64 only in v0
  private static final StructModel NESTED = struct("Nested", field("a", FieldType.scalar(Kind.INT64), "0+", "none"));
  private static final StructModel ITEM_STRUCT = struct("Item",
      field("id", FieldType.scalar(Kind.INT32), "0+", "none"),
      field("name", FieldType.scalar(Kind.STRING), "0+", "none"),
      field("nested", new FieldType.Struct(NESTED.className()), "0+", "2+"),
      field("old", FieldType.scalar(Kind.INT64), "0", "none"));
  private static final MessageModel MESSAGE = message("0-3", "3+",
      struct("Body", field("items", new FieldType.Array(ITEM), "0+", "none")), NESTED, ITEM_STRUCT);

  @Test
  void structElementsTakeTheirSmallestVersion() {
    MinimumSizes sizes = new MinimumSizes(MESSAGE);
    // v0: 4 + 2 + 8 (nested, not nullable) + 8 = 22; v1: 14; v2: 4 + 2 + 1 = 7; v3 (flexible): 4 + 1 + 1 + 1 (tags) = 7
    assertEquals(22, sizes.ofElement(ITEM, VersionRange.parse("0")));
    assertEquals(14, sizes.ofElement(ITEM, VersionRange.parse("0-1")));
    assertEquals(7, sizes.ofElement(ITEM, VersionRange.parse("0-3")));
    assertEquals(7, sizes.ofElement(ITEM, VersionRange.parse("3")));
  }

  @Test
  void scalarElementsTakeTheirWidthOrOneByte() {
    MinimumSizes sizes = new MinimumSizes(MESSAGE);
    assertEquals(16, sizes.ofElement(FieldType.scalar(Kind.UUID), VersionRange.parse("0-3")));
    assertEquals(1, sizes.ofElement(FieldType.scalar(Kind.BOOL), VersionRange.parse("0-3")));
    assertEquals(1, sizes.ofElement(FieldType.scalar(Kind.STRING), VersionRange.parse("0-3")));
  }

  @Test
  void noVersionsMeansTheSmallestPossibleBound() {
    assertEquals(1, new MinimumSizes(MESSAGE).ofElement(ITEM, VersionRange.NONE));
  }
}
