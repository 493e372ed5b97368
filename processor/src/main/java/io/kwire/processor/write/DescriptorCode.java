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
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import javax.lang.model.element.Modifier;

/**
 * The metadata constants of a codec: one {@code StructDescriptor} per struct, children first, and
 * the {@code DESCRIPTOR} of the message — the model as Kafka's spec would state it. They are built
 * through the descriptors' stable factories ({@code of} plus one {@code with*} per attribute that
 * is not at its default), and every version range is a constant built once, so a codec compiled
 * today keeps linking when the runtime's descriptors gain attributes.
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
    Ranges ranges = new Ranges();
    List<FieldSpec> descriptors = new ArrayList<>();
    for (StructModel struct : message.structs()) {
      descriptors.add(structField(struct, message, ranges));
    }
    descriptors.add(structField(message.body(), message, ranges));
    descriptors.add(FieldSpec.builder(MESSAGE_DESCRIPTOR, "DESCRIPTOR", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer(messageDescriptor(message, ranges))
        .build());
    // Ranges first: static initialisers run in declaration order.
    List<FieldSpec> specs = new ArrayList<>(ranges.constants());
    specs.addAll(descriptors);
    return specs;
  }

  private static CodeBlock messageDescriptor(MessageModel message, Ranges ranges) {
    CodeBlock.Builder b = CodeBlock.builder().add("$T.of($S, $T.$L, $L, $L, $L, BODY)", MESSAGE_DESCRIPTOR,
        message.name(), MESSAGE_TYPE, message.type().name(), message.apiKey().orElse(-1),
        ranges.ref(message.validVersions()), ranges.ref(message.flexibleVersions()));
    b.indent().indent();
    if (!message.deprecatedVersions().isEmpty()) {
      b.add("\n.withDeprecatedVersions($L)", ranges.ref(message.deprecatedVersions()));
    }
    if (message.latestVersionUnstable()) {
      b.add("\n.withLatestVersionUnstable()");
    }
    if (!message.listeners().isEmpty()) {
      b.add("\n.withListeners($L)",
          CodeBlock.join(message.listeners().stream().map(l -> CodeBlock.of("$T.$L", LISTENER, l.name())).toList(), ", "));
    }
    return b.unindent().unindent().build();
  }

  private static FieldSpec structField(StructModel struct, MessageModel message, Ranges ranges) {
    List<CodeBlock> fields = new ArrayList<>();
    for (FieldModel f : struct.fields()) {
      fields.add(field(f, message, ranges));
    }
    CodeBlock init = fields.isEmpty()
        ? CodeBlock.of("$T.of($S)", STRUCT_DESCRIPTOR, struct.name())
        : CodeBlock.of("$T.of($S,\n$>$>$L)$<$<", STRUCT_DESCRIPTOR, struct.name(), CodeBlock.join(fields, ",\n"));
    return FieldSpec.builder(STRUCT_DESCRIPTOR, constantName(struct, message), Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer(init)
        .build();
  }

  /** {@code FieldDescriptor.of(...)} and a {@code with*} call for each attribute away from its default. */
  private static CodeBlock field(FieldModel f, MessageModel message, Ranges ranges) {
    CodeBlock.Builder b = CodeBlock.builder().add("$T.of($S, $S, $S, $L)",
        FIELD_DESCRIPTOR, f.name(), f.javaName(), f.type().specName(), ranges.ref(f.versions()));
    if (!f.nullableVersions().isEmpty()) {
      b.add(".withNullableVersions($L)", ranges.ref(f.nullableVersions()));
    }
    if (f.isTagged()) {
      b.add(".withTag($L, $L)", f.tag(), ranges.ref(f.taggedVersions()));
    }
    if (f.ignorable()) {
      b.add(".withIgnorable()");
    }
    if (!f.declaredDefault().isEmpty()) {
      b.add(".withDefaultValue($S)", f.declaredDefault());
    }
    if (f.mapKey()) {
      b.add(".withMapKey()");
    }
    f.flexibleVersions().ifPresent(flexible -> b.add(".withFlexibleVersions($L)", ranges.ref(flexible)));
    if (f.zeroCopy()) {
      b.add(".withZeroCopy()");
    }
    if (!f.entityType().equals("unknown")) {
      b.add(".withEntityType($S)", f.entityType());
    }
    if (f.sensitive()) {
      b.add(".withSensitive()");
    }
    ClassName struct = f.type().structOrElementStruct();
    if (struct != null) {
      b.add(".withStruct($L)", constantName(message.struct(struct), message));
    }
    return b.build();
  }

  /** The version ranges a codec's descriptors use, each one a constant: {@code V3_PLUS}, {@code V0_TO_4}, {@code V2}. */
  private static final class Ranges {
    private final TreeSet<VersionRange> used =
        new TreeSet<>(Comparator.comparingInt(VersionRange::lowest).thenComparingInt(VersionRange::highest));

    CodeBlock ref(VersionRange range) {
      if (range.isEmpty()) {
        return CodeBlock.of("$T.NONE", VERSION_RANGE);
      }
      used.add(range);
      return CodeBlock.of("$L", name(range));
    }

    List<FieldSpec> constants() {
      return used.stream()
          .map(r -> FieldSpec.builder(VERSION_RANGE, name(r), Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
              .initializer(r.isOpenEnded()
                  ? CodeBlock.of("$T.from($L)", VERSION_RANGE, r.lowest())
                  : CodeBlock.of("$T.of($L, $L)", VERSION_RANGE, r.lowest(), r.highest()))
              .build())
          .toList();
    }

    private static String name(VersionRange r) {
      if (r.isOpenEnded()) {
        return "V" + r.lowest() + "_PLUS";
      }
      return r.lowest() == r.highest() ? "V" + r.lowest() : "V" + r.lowest() + "_TO_" + r.highest();
    }
  }
}
