package io.kwire.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.MessageModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.Locale;

/** Names of the per-struct methods and constants inside one codec, and the facts its code needs by name. */
final class CodecNames {
  private final MinimumSizes minimumSizes;

  CodecNames(MessageModel message) {
    this.minimumSizes = new MinimumSizes(message);
  }

  String writeMethod(ClassName struct) {
    return "write" + struct.simpleName();
  }

  String sizeMethod(ClassName struct) {
    return "size" + struct.simpleName();
  }

  String readMethod(ClassName struct) {
    return "read" + struct.simpleName();
  }

  /** The constant holding a struct's default instance: {@code DEFAULT_CREATABLE_TOPIC}. */
  static String defaultConstant(ClassName struct) {
    return "DEFAULT_" + constantCase(struct.simpleName());
  }

  CodeBlock defaultStruct(ClassName struct) {
    return CodeBlock.of("$L", defaultConstant(struct));
  }

  /** {@code CreatableTopic} becomes {@code CREATABLE_TOPIC}. */
  static String constantCase(String name) {
    return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
  }

  /** The element type of a {@code List<T>} field. */
  TypeName elementType(FieldModel arrayField) {
    return ((ParameterizedTypeName) arrayField.javaType()).typeArguments().get(0);
  }

  /** The fewest bytes one array element takes in any of {@code versions}. */
  int minimumSize(FieldType element, VersionRange versions) {
    return minimumSizes.ofElement(element, versions);
  }
}
