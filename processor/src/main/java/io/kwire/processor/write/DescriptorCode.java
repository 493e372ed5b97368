package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.FIELD_DESCRIPTOR;
import static io.kwire.processor.write.RuntimeNames.LISTENER;
import static io.kwire.processor.write.RuntimeNames.MESSAGE_DESCRIPTOR;
import static io.kwire.processor.write.RuntimeNames.MESSAGE_TYPE;
import static io.kwire.processor.write.RuntimeNames.STRUCT_DESCRIPTOR;
import static io.kwire.processor.write.RuntimeNames.VERSION_RANGE;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The metadata constants of a codec: one {@code StructDescriptor} per struct, children first, and
 * the {@code DESCRIPTOR} of the message — the model as Kafka's spec would state it.
 */
final class DescriptorCode {
  private DescriptorCode() {}

  static String constantName(StructModel struct, MessageModel message) {
    if (struct == message.body()) {
      return "BODY";
    }
    return CodecNames.constantCase(struct.name()) + "_STRUCT";
  }

  static List<FieldSpec> fields(MessageModel message) {
    List<FieldSpec> specs = new ArrayList<>();
    for (StructModel struct : message.structs()) {
      specs.add(structField(struct, message, Modifier.PRIVATE));
    }
    specs.add(structField(message.body(), message, Modifier.PRIVATE));
    specs.add(FieldSpec.builder(MESSAGE_DESCRIPTOR, "DESCRIPTOR", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer("new $T($S, $T.$L, (short) $L,\n$>$>$L, $L, $L, $L,\n$T.of($L),\nBODY)$<$<",
            MESSAGE_DESCRIPTOR, message.name(), MESSAGE_TYPE, message.type().name(), message.apiKey().orElse(-1),
            range(message.validVersions()), range(message.flexibleVersions()), range(message.deprecatedVersions()),
            message.latestVersionUnstable(), List.class,
            CodeBlock.join(message.listeners().stream().map(l -> CodeBlock.of("$T.$L", LISTENER, l.name())).toList(), ", "))
        .build());
    return specs;
  }

  private static FieldSpec structField(StructModel struct, MessageModel message, Modifier visibility) {
    List<CodeBlock> fields = new ArrayList<>();
    for (FieldModel f : struct.fields()) {
      fields.add(field(f, message));
    }
    return FieldSpec.builder(STRUCT_DESCRIPTOR, constantName(struct, message), visibility, Modifier.STATIC, Modifier.FINAL)
        .initializer("new $T($S, $T.of(\n$>$>$L))$<$<", STRUCT_DESCRIPTOR, struct.name(), List.class, CodeBlock.join(fields, ",\n"))
        .build();
  }

  private static CodeBlock field(FieldModel f, MessageModel message) {
    ClassName struct = f.type().structOrElementStruct();
    CodeBlock structRef = struct == null ? CodeBlock.of("null") : CodeBlock.of("$L", constantName(message.struct(struct), message));
    return CodeBlock.of("new $T($S, $S, $S, $L, $L, $L, $L, $L, $S, $L, $L, $L, $S, $L)",
        FIELD_DESCRIPTOR, f.name(), f.javaName(), f.type().specName(), range(f.versions()), range(f.nullableVersions()),
        f.tagging().map(t -> t.tag()).orElse(-1), range(f.taggedVersions()), f.ignorable(), f.declaredDefault(), f.mapKey(),
        f.flexibleVersions().map(DescriptorCode::range).orElse(CodeBlock.of("null")), f.zeroCopy(), f.entityType(), structRef);
  }

  static CodeBlock range(VersionRange range) {
    return range.isEmpty() ? CodeBlock.of("$T.NONE", VERSION_RANGE) : CodeBlock.of("$T.parse($S)", VERSION_RANGE, range.toString());
  }
}
