package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.PROTOCOL_EXCEPTION;
import static io.kwire.processor.write.RuntimeNames.UNKNOWN_TAGGED_FIELDS;
import static io.kwire.processor.write.RuntimeNames.UNKNOWN_TAGGED_FIELDS_BUILDER;
import static io.kwire.processor.write.RuntimeNames.WIRE_READER;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * {@code read<Struct>(in, version)}: reads one struct. A field absent from the version keeps its
 * default; the {@code field} local names the field being read, for the error path.
 */
final class ReadMethod {
  private final StructScope s;

  ReadMethod(StructScope scope) {
    this.s = scope;
  }

  MethodSpec build() {
    CodeBlock.Builder b = CodeBlock.builder();
    NameAllocator locals = StructScope.locals();
    List<String> targets = new ArrayList<>();
    for (FieldModel f : s.struct.fields()) {
      targets.add(locals.newName(f.javaName()));
    }
    VersionRange possible = s.reachable();
    VersionCondition flexible = s.flexible(possible);
    List<FieldModel> tagged = flexible.never() ? List.of()
        : s.taggedFieldsIn(flexible.whenTrue());
    List<FieldModel> refused = refusedTags(flexible);
    boolean loops = !tagged.isEmpty() || !refused.isEmpty();
    boolean hasFields = !s.struct.fields().isEmpty();
    if (hasFields) {
      b.addStatement("String field = null");
    }
    boolean keeps = s.struct.keepsUnknownTags() && !flexible.never();
    // Without known tags the whole section is unknown and read in one call; with them, unknown ones are collected.
    if (keeps && !loops) {
      b.addStatement("$T unknownFields = $T.EMPTY", UNKNOWN_TAGGED_FIELDS, UNKNOWN_TAGGED_FIELDS);
    } else if (keeps) {
      b.addStatement("$T unknown = null", UNKNOWN_TAGGED_FIELDS_BUILDER);
    }
    b.beginControlFlow("try");
    List<FieldGroup> groups = FieldGroup.of(s.struct, possible);
    declareLocals(b, groups, targets);
    for (FieldGroup g : groups) {
      boolean conditional = !g.present().always();
      if (conditional) {
        b.beginControlFlow("if ($L)", g.present().test());
      }
      for (List<Integer> run : g.runs(s.struct)) {
        readRun(b, run, targets, g.present().whenTrue(), locals);
      }
      if (conditional) {
        b.endControlFlow();
      }
    }
    if (!flexible.never()) {
      readTaggedSection(b, flexible, tagged, refused, targets, locals);
    }
    List<CodeBlock> args = new ArrayList<>();
    for (String target : targets) {
      args.add(CodeBlock.of("$L", target));
    }
    s.struct.unknownTags().ifPresent(u -> args.add(u.index(), !keeps ? CodeBlock.of("$T.EMPTY", UNKNOWN_TAGGED_FIELDS)
        : !loops ? CodeBlock.of("unknownFields")
        : CodeBlock.of("unknown == null ? $T.EMPTY : unknown.build()", UNKNOWN_TAGGED_FIELDS)));
    b.addStatement("return new $T($L)", s.struct.className(), CodeBlock.join(args, ", "));
    b.nextControlFlow("catch ($T x)", PROTOCOL_EXCEPTION);
    b.addStatement(hasFields ? "throw field == null ? x : x.inField(field)" : "throw x");
    b.endControlFlow();
    return MethodSpec.methodBuilder(s.names.readMethod(s.struct.className()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(s.struct.className())
        .addParameter(WIRE_READER, "in")
        .addParameter(TypeName.SHORT, "version")
        .addCode(b.build())
        .build();
  }

  /**
   * Locals of fields read in every version are declared where they are read; the others start at their
   * default here, before the conditions that may read them (tagged fields among them).
   */
  private void declareLocals(CodeBlock.Builder b, List<FieldGroup> groups, List<String> targets) {
    List<Integer> readAlways = new ArrayList<>();
    for (FieldGroup g : groups) {
      if (g.present().always()) {
        readAlways.addAll(g.indexes());
      }
    }
    for (int i = 0; i < targets.size(); i++) {
      if (!readAlways.contains(i)) {
        FieldModel f = s.field(i);
        b.addStatement("$T $L = $L", f.javaType(), targets.get(i), s.defaults.value(f));
      }
    }
  }

  private void readRun(CodeBlock.Builder b, List<Integer> run, List<String> targets, VersionRange possible, NameAllocator locals) {
    FieldModel first = s.field(run.get(0));
    boolean declare = VersionCondition.of(first.inlineVersions(), s.reachable()).always();
    b.addStatement("field = $S", first.javaName());
    if (run.size() > 1) {
      // one bounds check for the whole run of fixed-width fields
      b.addStatement("in.require($L)", FieldGroup.width(s.struct, run));
      for (int i : run) {
        FieldModel f = s.field(i);
        CodeBlock value = Primitives.getFixed(f.type().kindOrNull());
        if (declare) {
          b.addStatement("$T $L = $L", f.javaType(), targets.get(i), value);
        } else {
          b.addStatement("$L = $L", targets.get(i), value);
        }
      }
      return;
    }
    s.values.read(b, first, targets.get(run.get(0)), declare, s.inline(first, possible), locals, previousInt32Array(run.get(0), targets));
  }

  /**
   * The local of the closest earlier inline {@code []int32} field, if {@code index} is one too: its
   * list is reused when the values are equal (a partition's ISR usually equals its replicas). Such a
   * local is always in scope here: declared before the conditions, or read in every version.
   */
  private String previousInt32Array(int index, List<String> targets) {
    if (!isInt32Array(s.field(index))) {
      return null;
    }
    for (int i = index - 1; i >= 0; i--) {
      FieldModel f = s.field(i);
      if (isInt32Array(f) && !VersionCondition.of(f.inlineVersions(), s.reachable()).never()) {
        return targets.get(i);
      }
    }
    return null;
  }

  private static boolean isInt32Array(FieldModel f) {
    return f.type() instanceof FieldType.Array a && a.element().kindOrNull() == Kind.INT32;
  }

  /**
   * Tagged fields some reachable flexible version does not tag: their tag there is not an unknown
   * field but an error, as in Kafka's readers.
   */
  private List<FieldModel> refusedTags(VersionCondition flexible) {
    if (flexible.never()) {
      return List.of();
    }
    return s.struct.taggedFieldsByTag().stream().filter(f -> !s.taggedIn(f, flexible.whenTrue()).always()).toList();
  }

  private void readTaggedSection(CodeBlock.Builder b, VersionCondition flexible, List<FieldModel> tagged, List<FieldModel> refused,
      List<String> targets, NameAllocator locals) {
    boolean keeps = s.struct.keepsUnknownTags();
    if (!flexible.always()) {
      b.beginControlFlow("if ($L)", flexible.test());
    }
    b.addStatement("field = null");
    if (tagged.isEmpty() && refused.isEmpty()) {
      b.addStatement(keeps ? "unknownFields = in.readTaggedSection()" : "in.skipTaggedSection()");
    } else {
      b.addStatement("int tagCount = in.readTaggedFieldCount()");
      b.addStatement("int tag = -1");
      b.beginControlFlow("for (int t = 0; t < tagCount; t++)");
      b.addStatement("tag = in.readTag(tag)");
      boolean first = true;
      for (FieldModel f : tagged) {
        VersionCondition when = s.taggedIn(f, flexible.whenTrue());
        CodeBlock test = when.always() ? CodeBlock.of("tag == $L", f.tag()) : CodeBlock.of("tag == $L && $L", f.tag(), when.grouped());
        if (first) {
          b.beginControlFlow("if ($L)", test);
          first = false;
        } else {
          b.nextControlFlow("else if ($L)", test);
        }
        b.addStatement("field = $S", f.javaName());
        b.addStatement("int limit = in.beginTaggedField()");
        s.values.read(b, f, targets.get(s.struct.fields().indexOf(f)), false, s.tagged(f, when.whenTrue()), locals, null);
        b.addStatement("in.endTaggedField(limit)");
        b.addStatement("field = null");
      }
      if (!refused.isEmpty()) {
        List<CodeBlock> tests = new ArrayList<>();
        for (FieldModel f : refused) {
          tests.add(CodeBlock.of("tag == $L", f.tag()));
        }
        CodeBlock test = CodeBlock.join(tests, " || ");
        if (first) {
          b.beginControlFlow("if ($L)", test);
          first = false;
        } else {
          b.nextControlFlow("else if ($L)", test);
        }
        b.addStatement("throw in.error($S + tag + $S + version)", "tag ", " belongs to a field that is not tagged in version ");
      }
      b.nextControlFlow("else");
      if (keeps) {
        b.beginControlFlow("if (unknown == null)");
        b.addStatement("unknown = new $T()", UNKNOWN_TAGGED_FIELDS_BUILDER);
        b.endControlFlow();
        b.addStatement("unknown.add(tag, in.readUnknownTaggedField())");
      } else {
        b.addStatement("in.skipUnknownTaggedField()");
      }
      b.endControlFlow();
      b.endControlFlow();
    }
    if (!flexible.always()) {
      b.endControlFlow();
    }
  }
}
