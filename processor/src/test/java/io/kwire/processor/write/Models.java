package io.kwire.processor.write;

import com.palantir.javapoet.ClassName;
import io.kwire.annotations.MessageType;
import io.kwire.processor.model.DefaultValue;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Small hand-made models for the writers' pure functions. */
final class Models {
  private Models() {}

  static FieldModel field(String name, FieldType type, String versions, String nullable) {
    return new FieldModel(name, name, type, ClassName.OBJECT, VersionRange.parse(versions), VersionRange.parse(nullable),
        Optional.empty(), false, DefaultValue.EMPTY, "", false, Optional.empty(), false, "unknown", false);
  }

  static StructModel struct(String name, FieldModel... fields) {
    return new StructModel(ClassName.get("demo", name), name, List.of(fields), Optional.empty(), VersionRange.NONE);
  }

  static MessageModel message(String valid, String flexible, StructModel body, StructModel... structs) {
    return new MessageModel(body.className(), body.name(), MessageType.REQUEST, OptionalInt.of(10000),
        VersionRange.parse(valid), VersionRange.parse(flexible), VersionRange.NONE, false, List.of(), body, List.of(structs));
  }
}
