package io.kwire.processor.write;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import io.kwire.processor.scan.Names;
import java.util.List;

/**
 * Names of the runtime types generated code refers to: each written once, here or (for the types
 * scan recognises too) in {@link Names}. {@code RuntimeNamesTest} loads every one of them.
 */
final class RuntimeNames {
  static final String RUNTIME = "io.kwire.runtime";
  static final ClassName WIRE_WRITER = ClassName.get(RUNTIME + ".wire", "WireWriter");
  static final ClassName WIRE_READER = ClassName.get(RUNTIME + ".wire", "WireReader");
  static final ClassName WIRE_SIZES = ClassName.get(RUNTIME + ".wire", "WireSizes");
  static final ClassName WIRE_RECORDS = ClassName.get(RUNTIME + ".generated", "WireRecords");
  static final ClassName WIRE_LISTS = ClassName.get(RUNTIME + ".generated", "WireLists");
  static final ClassName WIRE_DEFAULTS = ClassName.get(RUNTIME + ".generated", "WireDefaults");
  static final ClassName ENCODE_EXCEPTION = ClassName.get(RUNTIME + ".wire", "KwireEncodeException");
  static final ClassName PROTOCOL_EXCEPTION = ClassName.get(RUNTIME + ".wire", "KwireProtocolException");
  static final ClassName UNKNOWN_TAGGED_FIELDS = ClassName.bestGuess(Names.UNKNOWN_TAGGED_FIELDS);
  static final ClassName UNKNOWN_TAGGED_FIELDS_BUILDER = UNKNOWN_TAGGED_FIELDS.nestedClass("Builder");
  static final ClassName MESSAGE_CODEC = ClassName.get(RUNTIME, "MessageCodec");
  static final ClassName MESSAGE_BUILDER = ClassName.get(RUNTIME, "MessageBuilder");
  static final ClassName API_MESSAGE_CODEC = ClassName.get(RUNTIME, "ApiMessageCodec");
  static final ClassName MESSAGE_DESCRIPTOR = ClassName.get(RUNTIME + ".meta", "MessageDescriptor");
  static final ClassName STRUCT_DESCRIPTOR = ClassName.get(RUNTIME + ".meta", "StructDescriptor");
  static final ClassName FIELD_DESCRIPTOR = ClassName.get(RUNTIME + ".meta", "FieldDescriptor");
  static final ClassName VERSION_RANGE = ClassName.get(RUNTIME + ".meta", "VersionRange");
  static final ClassName MESSAGE_TYPE = ClassName.get("io.kwire.annotations", "MessageType");
  static final ClassName LISTENER = ClassName.get("io.kwire.annotations", "Listener");
  static final ClassName GENERATED = ClassName.bestGuess(Names.GENERATED);
  static final String PROCESSOR = "io.kwire.processor.KwireProcessor";

  static AnnotationSpec generated() {
    return AnnotationSpec.builder(GENERATED).addMember("value", "$S", PROCESSOR).build();
  }

  /** {@link #generated()}, or none when the generated code's module cannot see it. */
  static List<AnnotationSpec> generated(boolean mark) {
    return mark ? List.of(generated()) : List.of();
  }

  private RuntimeNames() {}
}
