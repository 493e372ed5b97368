package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.ENCODE_EXCEPTION;
import static io.kwire.processor.write.RuntimeNames.UNKNOWN_TAGGED_FIELDS;
import static io.kwire.processor.write.RuntimeNames.WIRE_WRITER;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import io.kwire.processor.model.FieldModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/** {@code write<Struct>(message, version, out)}: writes one struct; the caller rolls back on failure. */
final class WriteMethod {
  private final StructScope s;

  WriteMethod(StructScope scope) {
    this.s = scope;
  }

  MethodSpec build() {
    CodeBlock.Builder b = CodeBlock.builder();
    NameAllocator locals = StructScope.locals();
    VersionRange possible = s.reachable();
    refuseAbsentFields(b, possible);
    List<FieldGroup> groups = FieldGroup.of(s.struct, possible);
    Set<List<Integer>> reserved = new HashSet<>();
    for (int gi = 0; gi < groups.size(); gi++) {
      FieldGroup g = groups.get(gi);
      if (!reserved.contains(g.runs(s.struct).get(0))) {
        reserveAcrossGroups(b, groups, gi, reserved);
      }
      boolean conditional = !g.present().always();
      if (conditional) {
        b.beginControlFlow("if ($L)", g.present().test());
      }
      for (List<Integer> run : g.runs(s.struct)) {
        writeRun(b, run, g.present().whenTrue(), locals, reserved.contains(run));
      }
      if (conditional) {
        b.endControlFlow();
      }
    }
    writeTaggedSection(b, locals, possible);
    return MethodSpec.methodBuilder(s.names.writeMethod(s.struct.className()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addParameter(s.struct.className(), "message")
        .addParameter(TypeName.SHORT, "version")
        .addParameter(WIRE_WRITER, "out")
        .addCode(b.build())
        .build();
  }

  /** A non-default value in a version without the field is an error, unless the field is ignorable. */
  private void refuseAbsentFields(CodeBlock.Builder b, VersionRange possible) {
    for (FieldModel f : s.struct.fields()) {
      VersionCondition present = VersionCondition.of(f.versions(), possible);
      if (present.always() || f.ignorable()) {
        continue;
      }
      CodeBlock differs = s.defaults.differs(f, CodeBlock.of("message.$L()", f.javaName()));
      if (present.never()) {
        b.beginControlFlow("if ($L)", differs);
      } else {
        b.beginControlFlow("if ($L && ($L))", present.negatedGrouped(), differs);
      }
      b.addStatement("throw $T.notInVersion($S, version)", ENCODE_EXCEPTION, s.label(f));
      b.endControlFlow();
    }
  }

  /**
   * Fixed-width runs that follow each other across version groups (e.g. {@code int32} fields added
   * in later versions) take one capacity check for all of them, made before the first group's
   * condition: {@code out.ensure(10 + (version >= 7 ? 4 : 0))}. Only runs that open their group
   * qualify, and the chain ends at the first group holding anything else, so the reserved bytes are
   * exactly those the version writes (a writer sized by {@code size()} never grows).
   */
  private void reserveAcrossGroups(CodeBlock.Builder b, List<FieldGroup> groups, int from, Set<List<Integer>> reserved) {
    List<List<Integer>> chain = new ArrayList<>();
    List<FieldGroup> owners = new ArrayList<>();
    for (int gi = from; gi < groups.size(); gi++) {
      List<List<Integer>> runs = groups.get(gi).runs(s.struct);
      if (!isFixedRun(runs.get(0))) {
        break;
      }
      chain.add(runs.get(0));
      owners.add(groups.get(gi));
      if (runs.size() > 1) {
        break;
      }
    }
    if (chain.size() < 2) {
      return;
    }
    int always = 0;
    List<CodeBlock> terms = new ArrayList<>();
    for (int i = 0; i < chain.size(); i++) {
      int width = FieldGroup.width(s.struct, chain.get(i));
      VersionCondition present = owners.get(i).present();
      if (present.always()) {
        always += width;
      } else {
        terms.add(CodeBlock.of("($L ? $L : 0)", present.test(), width));
      }
    }
    if (always > 0) {
      terms.add(0, CodeBlock.of("$L", always));
    }
    b.addStatement("out.ensure($L)", CodeBlock.join(terms, " + "));
    reserved.addAll(chain);
  }

  private boolean isFixedRun(List<Integer> run) {
    return FieldGroup.joinsRun(s.field(run.get(0)));
  }

  private void writeRun(CodeBlock.Builder b, List<Integer> run, VersionRange possible, NameAllocator locals, boolean reserved) {
    FieldModel first = s.field(run.get(0));
    if (reserved) {
      for (int i : run) {
        FieldModel f = s.field(i);
        b.addStatement("$L", Primitives.putFixed(f.type().kindOrNull(), CodeBlock.of("message.$L()", f.javaName())));
      }
    } else if (run.size() > 1) {
      b.addStatement("out.ensure($L)", FieldGroup.width(s.struct, run));
      for (int i : run) {
        FieldModel f = s.field(i);
        b.addStatement("$L", Primitives.putFixed(f.type().kindOrNull(), CodeBlock.of("message.$L()", f.javaName())));
      }
    } else if (FieldGroup.joinsRun(first)) {
      b.addStatement("$L", Primitives.writeFixed(first.type().kindOrNull(), CodeBlock.of("message.$L()", first.javaName())));
    } else {
      String v = locals.newName(first.javaName());
      b.addStatement("$T $L = message.$L()", first.javaType(), v, first.javaName());
      s.values.write(b, first, v, s.inline(first, possible), s.label(first));
    }
  }

  private void writeTaggedSection(CodeBlock.Builder b, NameAllocator locals, VersionRange possible) {
    if (s.message.flexibleVersions().isEmpty()) {
      return;
    }
    VersionCondition flexible = s.flexible(possible);
    boolean keeps = s.struct.keepsUnknownTags();
    String unknownName = s.unknownTagsName();
    if (flexible.never()) {
      if (keeps) {
        refuseUnknownTags(b, unknownName);
      }
      return;
    }
    if (!flexible.always()) {
      b.beginControlFlow("if ($L)", flexible.test());
    }
    VersionRange inSection = flexible.whenTrue();
    List<FieldModel> tagged = s.taggedFieldsIn(inSection);
    if (tagged.isEmpty() && !keeps) {
      b.addStatement("out.writeInt8((byte) 0)");
    } else if (tagged.isEmpty()) {
      b.addStatement("out.writeTaggedSection(message.$L())", unknownName);
    } else {
      writeTaggedFields(b, locals, inSection, tagged, unknownName);
    }
    if (!flexible.always()) {
      if (keeps) {
        b.nextControlFlow("else if (!$T.orEmpty(message.$L()).isEmpty())", UNKNOWN_TAGGED_FIELDS, unknownName);
        b.addStatement("throw $T.notFlexible($S, version)", ENCODE_EXCEPTION, s.struct.name());
      }
      b.endControlFlow();
    }
  }

  /** Unknown tagged fields cannot be written in a version without a tagged section. */
  private void refuseUnknownTags(CodeBlock.Builder b, String unknownName) {
    b.beginControlFlow("if (!$T.orEmpty(message.$L()).isEmpty())", UNKNOWN_TAGGED_FIELDS, unknownName);
    b.addStatement("throw $T.notFlexible($S, version)", ENCODE_EXCEPTION, s.struct.name());
    b.endControlFlow();
  }

  private void writeTaggedFields(CodeBlock.Builder b, NameAllocator locals, VersionRange inSection, List<FieldModel> tagged, String unknownName) {
    boolean keeps = unknownName != null;
    if (keeps) {
      b.addStatement("$T unknown = $T.orEmpty(message.$L())", UNKNOWN_TAGGED_FIELDS, UNKNOWN_TAGGED_FIELDS, unknownName);
    }
    b.addStatement("int taggedCount = $L", keeps ? "unknown.size()" : "0");
    List<String> flags = new ArrayList<>();
    for (FieldModel f : tagged) {
      String flag = locals.newName("has" + Character.toUpperCase(f.javaName().charAt(0)) + f.javaName().substring(1));
      flags.add(flag);
      VersionCondition when = s.taggedIn(f, inSection);
      CodeBlock differs = s.defaults.differs(f, CodeBlock.of("message.$L()", f.javaName()));
      b.addStatement("boolean $L = $L", flag, when.always() ? differs : CodeBlock.of("$L && ($L)", when.grouped(), differs));
      b.beginControlFlow("if ($L)", flag);
      b.addStatement("taggedCount++");
      b.endControlFlow();
    }
    b.addStatement("out.writeUnsignedVarint(taggedCount)");
    if (keeps) {
      b.addStatement("int u = 0");
    }
    for (int i = 0; i < tagged.size(); i++) {
      FieldModel f = tagged.get(i);
      VersionCondition when = s.taggedIn(f, inSection);
      if (keeps) {
        // unknown fields with lower tags go first, so the section stays in tag order
        if (when.always()) {
          b.addStatement("u = out.writeUnknownTaggedFields(unknown, u, $L)", f.tag());
        } else {
          b.beginControlFlow("if ($L)", when.test());
          b.addStatement("u = out.writeUnknownTaggedFields(unknown, u, $L)", f.tag());
          b.endControlFlow();
        }
      }
      b.beginControlFlow("if ($L)", flags.get(i));
      b.addStatement("int mark = out.beginTaggedField($L)", f.tag());
      String v = locals.newName(f.javaName());
      b.addStatement("$T $L = message.$L()", f.javaType(), v, f.javaName());
      s.values.write(b, f, v, s.tagged(f, when.whenTrue()), s.label(f));
      b.addStatement("out.endTaggedField(mark)");
      b.endControlFlow();
    }
    if (keeps) {
      b.addStatement("out.writeUnknownTaggedFields(unknown, u, Integer.MAX_VALUE)");
    }
  }
}
