package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.UNKNOWN_TAGGED_FIELDS;
import static io.kwire.processor.write.RuntimeNames.WIRE_SIZES;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import io.kwire.processor.model.FieldModel;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.WireSizes;
import java.util.List;
import javax.lang.model.element.Modifier;

/** {@code size<Struct>(message, version)}: the encoded size of one struct. */
final class SizeMethod {
  private final StructScope s;

  SizeMethod(StructScope scope) {
    this.s = scope;
  }

  MethodSpec build() {
    CodeBlock.Builder b = CodeBlock.builder();
    NameAllocator locals = StructScope.locals();
    VersionRange possible = s.reachable();
    List<FieldGroup> groups = FieldGroup.of(s.struct, possible);
    // fixed-width fields present wherever the struct is are counted once, up front
    int fixed = 0;
    for (FieldGroup g : groups) {
      if (g.present().always()) {
        fixed += g.indexes().stream().filter(i -> FieldGroup.joinsRun(s.field(i))).mapToInt(i -> s.field(i).type().kindOrNull().fixedWidth()).sum();
      }
    }
    b.addStatement("int size = $L", fixed);
    for (FieldGroup g : groups) {
      boolean conditional = !g.present().always();
      CodeBlock.Builder body = CodeBlock.builder();
      for (List<Integer> run : g.runs(s.struct)) {
        if (FieldGroup.joinsRun(s.field(run.get(0)))) {
          if (conditional) {
            body.addStatement("size += $L", FieldGroup.width(s.struct, run));
          }
          continue;
        }
        FieldModel f = s.field(run.get(0));
        String v = locals.newName(f.javaName());
        body.addStatement("$T $L = message.$L()", f.javaType(), v, f.javaName());
        s.values.size(body, f, v, s.inline(f, g.present().whenTrue()), s.label(f));
      }
      CodeBlock code = body.build();
      if (code.isEmpty()) {
        continue;
      }
      if (conditional) {
        b.beginControlFlow("if ($L)", g.present().test()).add(code).endControlFlow();
      } else {
        b.add(code);
      }
    }
    sizeTaggedSection(b, locals, possible);
    b.addStatement("return size");
    return MethodSpec.methodBuilder(s.names.sizeMethod(s.struct.className()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(TypeName.INT)
        .addParameter(s.struct.className(), "message")
        .addParameter(TypeName.SHORT, "version")
        .addCode(b.build())
        .build();
  }

  private void sizeTaggedSection(CodeBlock.Builder b, NameAllocator locals, VersionRange possible) {
    VersionCondition flexible = s.flexible(possible);
    if (flexible.never()) {
      return;
    }
    if (!flexible.always()) {
      b.beginControlFlow("if ($L)", flexible.test());
    }
    VersionRange inSection = flexible.whenTrue();
    List<FieldModel> tagged = s.taggedFieldsIn(inSection);
    boolean keeps = s.struct.keepsUnknownTags();
    String unknownName = s.unknownTagsName();
    if (tagged.isEmpty() && !keeps) {
      b.addStatement("size += 1");
    } else if (tagged.isEmpty()) {
      b.addStatement("size += $T.taggedSection(message.$L())", WIRE_SIZES, unknownName);
    } else {
      if (keeps) {
        b.addStatement("$T unknown = $T.orEmpty(message.$L())", UNKNOWN_TAGGED_FIELDS, UNKNOWN_TAGGED_FIELDS, unknownName);
        b.addStatement("int taggedCount = unknown.size()");
        b.addStatement("size += $T.unknownTaggedFields(unknown)", WIRE_SIZES);
      } else {
        b.addStatement("int taggedCount = 0");
      }
      for (FieldModel f : tagged) {
        VersionCondition when = s.taggedIn(f, inSection);
        CodeBlock differs = s.defaults.differs(f, CodeBlock.of("message.$L()", f.javaName()));
        b.beginControlFlow("if ($L)", when.always() ? differs : CodeBlock.of("$L && ($L)", when.grouped(), differs));
        b.addStatement("taggedCount++");
        if (FieldGroup.joinsRun(f)) {
          // tag, a one-byte size, then the fixed-width value
          b.addStatement("size += $L", WireSizes.unsignedVarint(f.tag()) + 1 + f.type().kindOrNull().fixedWidth());
        } else {
          b.addStatement("int before = size");
          String v = locals.newName(f.javaName());
          b.addStatement("$T $L = message.$L()", f.javaType(), v, f.javaName());
          s.values.size(b, f, v, s.tagged(f, when.whenTrue()), s.label(f));
          b.addStatement("int valueSize = size - before");
          b.addStatement("size += $L + $T.unsignedVarint(valueSize)", WireSizes.unsignedVarint(f.tag()), WIRE_SIZES);
        }
        b.endControlFlow();
      }
      b.addStatement("size += $T.unsignedVarint(taggedCount)", WIRE_SIZES);
    }
    if (!flexible.always()) {
      b.endControlFlow();
    }
  }
}
