package io.kwire.processor.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.ClassName;
import io.kwire.processor.model.DefaultValue;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which structs a spec lists as common: shared ones, and those the records declare after the inline
 * ones (the order kwire records writes), so that the spec gives the records back.
 */
class CommonStructsTest {
  private static final StructModel LEAF = struct("Leaf", field("x", FieldType.scalar(Kind.INT32)));
  private static final StructModel MID = struct("Mid", field("leaf", of(LEAF)));
  private static final StructModel OTHER = struct("Other", field("x", FieldType.scalar(Kind.INT32)));
  private static final StructModel BODY = struct("Body", field("mid", new FieldType.Array(of(MID))),
      field("other", of(OTHER)));
  private static final List<StructModel> STRUCTS = List.of(LEAF, MID, OTHER);

  private static FieldModel field(String name, FieldType type) {
    return new FieldModel(name, name, type, ClassName.OBJECT, VersionRange.from(0), VersionRange.NONE,
        Optional.empty(), false, DefaultValue.EMPTY, "", false, Optional.empty(), false, "unknown", false);
  }

  private static StructModel struct(String name, FieldModel... fields) {
    return new StructModel(ClassName.get("demo", name), name, List.of(fields), Optional.empty(), VersionRange.NONE);
  }

  private static FieldType of(StructModel s) {
    return new FieldType.Struct(s.className());
  }

  private static List<ClassName> names(StructModel... structs) {
    return java.util.Arrays.stream(structs).map(StructModel::className).toList();
  }

  @Test
  void structsInOrderOfFirstAppearanceAreInline() {
    assertEquals(List.of(), CommonStructs.find(BODY, STRUCTS, names(MID, LEAF, OTHER)));
  }

  @Test
  void aStructDeclaredAfterTheInlineOnesIsCommon() {
    // Mid's group (Mid, then its inline Leaf) comes after Other: Mid is common
    assertEquals(names(MID), CommonStructs.find(BODY, STRUCTS, names(OTHER, MID, LEAF)));
    // Leaf after Other, Mid inline: Leaf is common
    assertEquals(names(LEAF), CommonStructs.find(BODY, STRUCTS, names(MID, OTHER, LEAF)));
  }

  @Test
  void aSharedStructIsAlwaysCommon() {
    StructModel body = struct("Body", field("mid", of(MID)), field("again", of(LEAF)));
    assertEquals(names(LEAF), CommonStructs.find(body, List.of(LEAF, MID), names(MID, LEAF)));
  }

  @Test
  void structsDeclaredOutsideTheMessageSayNothingByTheirOrder() {
    assertEquals(List.of(), CommonStructs.find(BODY, STRUCTS, names(OTHER)));
  }
}
