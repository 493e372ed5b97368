package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.ENCODE_EXCEPTION;
import static io.kwire.processor.write.RuntimeNames.PROTOCOL_EXCEPTION;
import static io.kwire.processor.write.RuntimeNames.UNKNOWN_TAGGED_FIELDS;
import static io.kwire.processor.write.RuntimeNames.UNKNOWN_TAGGED_FIELDS_BUILDER;
import static io.kwire.processor.write.RuntimeNames.WIRE_READER;
import static io.kwire.processor.write.RuntimeNames.WIRE_SIZES;
import static io.kwire.processor.write.RuntimeNames.WIRE_WRITER;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.Kind;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.generated.WireSizes;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The size, write and read methods of one struct (or the message body) inside a codec. Version tests
 * are decided at generation time where the message's valid versions allow; a run of fixed-width
 * fields present in every version is written after a single capacity check.
 */
final class StructCode {
  /** Names the generated methods use for themselves; fields named like these get another local name. */
  private static final List<String> RESERVED = List.of(
      "message", "version", "out", "in", "size", "flexible", "field", "i", "n", "e", "x", "tag", "tagCount",
      "taggedCount", "unknown", "unknownFields", "limit", "t", "u", "mark", "before", "valueSize", "start");

  private final MessageModel message;
  private final StructModel struct;
  private final ValueCode values;
  private final ValueCode.Naming naming;
  private final VersionRange valid;
  private final Cond flexibleVersions;

  StructCode(MessageModel message, StructModel struct, ValueCode.Naming naming) {
    this.message = message;
    this.struct = struct;
    this.naming = naming;
    this.values = new ValueCode(naming);
    this.valid = message.validVersions();
    this.flexibleVersions = Cond.of(message.flexibleVersions(), valid);
  }

  private static NameAllocator names() {
    NameAllocator names = new NameAllocator();
    for (String reserved : RESERVED) {
      names.newName(reserved, reserved);
    }
    return names;
  }

  /** The message-level flexibility test; uses the method's {@code flexible} local when it is not constant. */
  private Cond flexible() {
    return flexibleVersions.always() || flexibleVersions.never() ? flexibleVersions
        : Cond.variable("flexible");
  }

  private void declareFlexible(CodeBlock.Builder b) {
    if (!flexibleVersions.always() && !flexibleVersions.never()) {
      b.addStatement("boolean flexible = $L", flexibleVersions.expr());
    }
  }

  private Cond compact(FieldModel f) {
    return f.flexibleVersions() != null ? Cond.of(f.flexibleVersions(), valid) : flexible();
  }

  private Cond nullable(FieldModel f) {
    return Cond.of(f.nullableVersions(), valid);
  }

  private String label(FieldModel f) {
    return struct.name() + "." + f.javaName();
  }

  private static boolean isRunnable(FieldModel f) {
    Kind k = f.type().kind();
    return k.isFixedWidth() && k != Kind.UUID;
  }

  /** Whether a tagged field is known at the version, inside the flexible branch (so within flexible versions). */
  private Cond taggedIn(FieldModel f) {
    VersionRange flexibleValid = message.flexibleVersions().intersect(valid);
    return Cond.of(f.taggedVersions().intersect(flexibleValid), flexibleValid);
  }

  private boolean hasTaggedSection() {
    return !flexibleVersions.never();
  }

  // ---------------------------------------------------------------- write

  MethodSpec writeMethod() {
    CodeBlock.Builder b = CodeBlock.builder();
    NameAllocator names = names();
    declareFlexible(b);
    for (FieldModel f : struct.fields()) {
      Cond present = Cond.of(f.versions(), valid);
      if (present.always() || f.ignorable()) {
        continue;
      }
      CodeBlock nonDefault = values.nonDefault(f, CodeBlock.of("message.$L()", f.javaName()));
      if (present.never()) {
        b.beginControlFlow("if ($L)", nonDefault);
      } else {
        b.beginControlFlow("if ($L && ($L))", present.negatedGrouped(), nonDefault);
      }
      b.addStatement("throw $T.notInVersion($S, version)", ENCODE_EXCEPTION, label(f));
      b.endControlFlow();
    }
    List<FieldModel> run = new ArrayList<>();
    for (FieldModel f : struct.fields()) {
      Cond inline = Cond.of(f.inlineVersions(), valid);
      if (inline.never()) {
        continue;
      }
      if (inline.always() && isRunnable(f)) {
        run.add(f);
        continue;
      }
      flushRun(b, run);
      if (!inline.always()) {
        b.beginControlFlow("if ($L)", inline.expr());
      }
      writeInline(b, f, names);
      if (!inline.always()) {
        b.endControlFlow();
      }
    }
    flushRun(b, run);
    if (hasTaggedSection()) {
      writeTaggedSection(b, names);
    }
    return MethodSpec.methodBuilder(naming.writeMethod(struct.className()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addParameter(struct.className(), "message")
        .addParameter(TypeName.SHORT, "version")
        .addParameter(WIRE_WRITER, "out")
        .addCode(b.build())
        .build();
  }

  private void flushRun(CodeBlock.Builder b, List<FieldModel> run) {
    if (run.isEmpty()) {
      return;
    }
    if (run.size() == 1) {
      FieldModel f = run.get(0);
      b.addStatement("out.write$L(message.$L())", ValueCode.fixedSuffix(f.type().kind()), f.javaName());
    } else {
      b.addStatement("out.ensure($L)", run.stream().mapToInt(f -> f.type().kind().fixedWidth()).sum());
      for (FieldModel f : run) {
        b.addStatement("out.put$L(message.$L())", ValueCode.fixedSuffix(f.type().kind()), f.javaName());
      }
    }
    run.clear();
  }

  private void writeInline(CodeBlock.Builder b, FieldModel f, NameAllocator names) {
    if (isRunnable(f)) {
      b.addStatement("out.write$L(message.$L())", ValueCode.fixedSuffix(f.type().kind()), f.javaName());
      return;
    }
    String v = names.newName(f.javaName());
    b.addStatement("$T $L = message.$L()", f.javaType(), v, f.javaName());
    values.write(b, f, f.type(), v, compact(f), nullable(f), label(f), false);
  }

  private void writeTaggedSection(CodeBlock.Builder b, NameAllocator names) {
    List<FieldModel> tagged = struct.taggedFieldsByTag();
    boolean keeps = struct.keepsUnknownTags();
    Cond flexible = flexible();
    if (!flexible.always()) {
      b.beginControlFlow("if ($L)", flexible.expr());
    }
    if (tagged.isEmpty() && !keeps) {
      b.addStatement("out.writeInt8((byte) 0)");
    } else if (tagged.isEmpty()) {
      b.addStatement("out.writeTaggedSection(message.$L())", struct.unknownTagsName());
    } else {
      if (keeps) {
        b.addStatement("$T unknown = $T.orEmpty(message.$L())", UNKNOWN_TAGGED_FIELDS, UNKNOWN_TAGGED_FIELDS, struct.unknownTagsName());
      }
      b.addStatement("int taggedCount = $L", keeps ? "unknown.size()" : "0");
      List<String> flags = new ArrayList<>();
      for (FieldModel f : tagged) {
        String flag = names.newName("has" + capitalize(f.javaName()));
        flags.add(flag);
        Cond when = taggedIn(f);
        CodeBlock nonDefault = values.nonDefault(f, CodeBlock.of("message.$L()", f.javaName()));
        b.addStatement("boolean $L = $L", flag, when.always() ? CodeBlock.of("$L", nonDefault)
            : CodeBlock.of("$L && ($L)", when.grouped(), nonDefault));
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
        if (keeps) {
          Cond when = taggedIn(f);
          if (when.always()) {
            b.addStatement("u = out.writeUnknownTaggedFields(unknown, u, $L)", f.tag());
          } else {
            b.beginControlFlow("if ($L)", when.expr());
            b.addStatement("u = out.writeUnknownTaggedFields(unknown, u, $L)", f.tag());
            b.endControlFlow();
          }
        }
        b.beginControlFlow("if ($L)", flags.get(i));
        b.addStatement("int mark = out.beginTaggedField($L)", f.tag());
        writeTaggedValue(b, f, names);
        b.addStatement("out.endTaggedField(mark)");
        b.endControlFlow();
      }
      if (keeps) {
        b.addStatement("out.writeUnknownTaggedFields(unknown, u, Integer.MAX_VALUE)");
      }
    }
    if (!flexible.always()) {
      if (keeps) {
        b.nextControlFlow("else if (!$T.orEmpty(message.$L()).isEmpty())", UNKNOWN_TAGGED_FIELDS, struct.unknownTagsName());
        b.addStatement("throw $T.notFlexible($S, version)", ENCODE_EXCEPTION, struct.name());
      }
      b.endControlFlow();
    }
  }

  private void writeTaggedValue(CodeBlock.Builder b, FieldModel f, NameAllocator names) {
    String v = names.newName(f.javaName());
    b.addStatement("$T $L = message.$L()", f.javaType(), v, f.javaName());
    values.write(b, f, f.type(), v, Cond.ALWAYS, nullable(f), label(f), true);
  }

  // ---------------------------------------------------------------- size

  MethodSpec sizeMethod() {
    CodeBlock.Builder b = CodeBlock.builder();
    int fixed = 0;
    for (FieldModel f : struct.fields()) {
      if (Cond.of(f.inlineVersions(), valid).always() && isRunnable(f)) {
        fixed += f.type().kind().fixedWidth();
      }
    }
    b.addStatement("int size = $L", fixed);
    NameAllocator names = names();
    declareFlexible(b);
    for (FieldModel f : struct.fields()) {
      Cond inline = Cond.of(f.inlineVersions(), valid);
      if (inline.never() || (inline.always() && isRunnable(f))) {
        continue;
      }
      if (!inline.always()) {
        b.beginControlFlow("if ($L)", inline.expr());
      }
      if (isRunnable(f)) {
        b.addStatement("size += $L", f.type().kind().fixedWidth());
      } else {
        String v = names.newName(f.javaName());
        b.addStatement("$T $L = message.$L()", f.javaType(), v, f.javaName());
        values.size(b, f, f.type(), v, compact(f), nullable(f), label(f));
      }
      if (!inline.always()) {
        b.endControlFlow();
      }
    }
    if (hasTaggedSection()) {
      sizeTaggedSection(b, names);
    }
    b.addStatement("return size");
    return MethodSpec.methodBuilder(naming.sizeMethod(struct.className()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(TypeName.INT)
        .addParameter(struct.className(), "message")
        .addParameter(TypeName.SHORT, "version")
        .addCode(b.build())
        .build();
  }

  private void sizeTaggedSection(CodeBlock.Builder b, NameAllocator names) {
    List<FieldModel> tagged = struct.taggedFieldsByTag();
    boolean keeps = struct.keepsUnknownTags();
    Cond flexible = flexible();
    if (!flexible.always()) {
      b.beginControlFlow("if ($L)", flexible.expr());
    }
    if (tagged.isEmpty() && !keeps) {
      b.addStatement("size += 1");
    } else if (tagged.isEmpty()) {
      b.addStatement("size += $T.taggedSection(message.$L())", WIRE_SIZES, struct.unknownTagsName());
    } else {
      if (keeps) {
        b.addStatement("$T unknown = $T.orEmpty(message.$L())", UNKNOWN_TAGGED_FIELDS, UNKNOWN_TAGGED_FIELDS, struct.unknownTagsName());
        b.addStatement("int taggedCount = unknown.size()");
        b.addStatement("size += $T.unknownTaggedFields(unknown)", WIRE_SIZES);
      } else {
        b.addStatement("int taggedCount = 0");
      }
      for (FieldModel f : tagged) {
        Cond when = taggedIn(f);
        CodeBlock nonDefault = values.nonDefault(f, CodeBlock.of("message.$L()", f.javaName()));
        b.beginControlFlow("if ($L)", when.always() ? nonDefault : CodeBlock.of("$L && ($L)", when.grouped(), nonDefault));
        b.addStatement("taggedCount++");
        if (isRunnable(f)) {
          // tag, a one-byte size, then the fixed-width value
          b.addStatement("size += $L", WireSizes.unsignedVarint(f.tag()) + 1 + f.type().kind().fixedWidth());
        } else {
          b.addStatement("int before = size");
          String v = names.newName(f.javaName());
          b.addStatement("$T $L = message.$L()", f.javaType(), v, f.javaName());
          values.size(b, f, f.type(), v, Cond.ALWAYS, nullable(f), label(f));
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

  // ---------------------------------------------------------------- read

  MethodSpec readMethod() {
    CodeBlock.Builder b = CodeBlock.builder();
    NameAllocator names = names();
    List<String> locals = new ArrayList<>();
    for (FieldModel f : struct.fields()) {
      locals.add(names.newName(f.javaName()));
    }
    declareFlexible(b);
    boolean hasFields = !struct.fields().isEmpty();
    if (hasFields) {
      b.addStatement("String field = null");
    }
    boolean keeps = struct.keepsUnknownTags() && hasTaggedSection();
    // Without known tags the whole section is unknown and read in one call; with them, unknown ones are collected.
    boolean onlyUnknown = struct.taggedFieldsByTag().isEmpty();
    if (keeps && onlyUnknown) {
      b.addStatement("$T unknownFields = $T.EMPTY", UNKNOWN_TAGGED_FIELDS, UNKNOWN_TAGGED_FIELDS);
    } else if (keeps) {
      b.addStatement("$T unknown = null", UNKNOWN_TAGGED_FIELDS_BUILDER);
    }
    b.beginControlFlow("try");
    for (int i = 0; i < struct.fields().size(); i++) {
      FieldModel f = struct.fields().get(i);
      String local = locals.get(i);
      Cond inline = Cond.of(f.inlineVersions(), valid);
      int run = fixedRunFrom(i);
      if (run > 1) {
        // one bounds check for a run of fixed-width fields present in every version
        b.addStatement("field = $S", f.javaName());
        int width = 0;
        for (int j = i; j < i + run; j++) {
          width += struct.fields().get(j).type().kind().fixedWidth();
        }
        b.addStatement("in.require($L)", width);
        for (int j = i; j < i + run; j++) {
          FieldModel g = struct.fields().get(j);
          b.addStatement("$T $L = in.get$L()", g.javaType(), locals.get(j), ValueCode.fixedSuffix(g.type().kind()));
        }
        i += run - 1;
      } else if (inline.always()) {
        b.addStatement("$T $L", f.javaType(), local);
        b.addStatement("field = $S", f.javaName());
        values.read(b, f, f.type(), local, compact(f), nullable(f), false, names);
      } else {
        b.addStatement("$T $L = $L", f.javaType(), local, values.defaultValue(f));
        if (!inline.never()) {
          b.beginControlFlow("if ($L)", inline.expr());
          b.addStatement("field = $S", f.javaName());
          values.read(b, f, f.type(), local, compact(f), nullable(f), false, names);
          b.endControlFlow();
        }
      }
    }
    if (hasTaggedSection()) {
      readTaggedSection(b, locals, names);
    }
    List<CodeBlock> args = new ArrayList<>();
    for (int i = 0; i < struct.fields().size(); i++) {
      args.add(CodeBlock.of("$L", locals.get(i)));
    }
    if (struct.keepsUnknownTags()) {
      args.add(struct.unknownTagsIndex(), !keeps ? CodeBlock.of("$T.EMPTY", UNKNOWN_TAGGED_FIELDS)
          : onlyUnknown ? CodeBlock.of("unknownFields")
          : CodeBlock.of("unknown == null ? $T.EMPTY : unknown.build()", UNKNOWN_TAGGED_FIELDS));
    }
    b.addStatement("return new $T($L)", struct.className(), CodeBlock.join(args, ", "));
    b.nextControlFlow("catch ($T x)", PROTOCOL_EXCEPTION);
    b.addStatement(hasFields ? "throw field == null ? x : x.inField(field)" : "throw x");
    b.endControlFlow();
    return MethodSpec.methodBuilder(naming.readMethod(struct.className()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(struct.className())
        .addParameter(WIRE_READER, "in")
        .addParameter(TypeName.SHORT, "version")
        .addCode(b.build())
        .build();
  }

  /** How many fields from {@code start} on are fixed-width and inline in every version. */
  private int fixedRunFrom(int start) {
    int n = 0;
    for (int j = start; j < struct.fields().size(); j++) {
      FieldModel f = struct.fields().get(j);
      if (!isRunnable(f) || !Cond.of(f.inlineVersions(), valid).always()) {
        break;
      }
      n++;
    }
    return n;
  }

  private void readTaggedSection(CodeBlock.Builder b, List<String> locals, NameAllocator names) {
    Cond flexible = flexible();
    boolean keeps = struct.keepsUnknownTags();
    if (!flexible.always()) {
      b.beginControlFlow("if ($L)", flexible.expr());
    }
    b.addStatement("field = null");
    if (struct.taggedFieldsByTag().isEmpty()) {
      if (keeps) {
        b.addStatement("unknownFields = in.readTaggedSection()");
      } else {
        b.addStatement("in.skipTaggedSection()");
      }
      if (!flexible.always()) {
        b.endControlFlow();
      }
      return;
    }
    b.addStatement("int tagCount = in.readTaggedFieldCount()");
    b.addStatement("int tag = -1");
    b.beginControlFlow("for (int t = 0; t < tagCount; t++)");
    b.addStatement("tag = in.readTag(tag)");
    boolean first = true;
    for (FieldModel f : struct.taggedFieldsByTag()) {
      Cond when = taggedIn(f);
      CodeBlock test = when.always() ? CodeBlock.of("tag == $L", f.tag()) : CodeBlock.of("tag == $L && $L", f.tag(), when.grouped());
      if (first) {
        b.beginControlFlow("if ($L)", test);
        first = false;
      } else {
        b.nextControlFlow("else if ($L)", test);
      }
      b.addStatement("field = $S", f.javaName());
      b.addStatement("int limit = in.beginTaggedField()");
      values.read(b, f, f.type(), locals.get(struct.fields().indexOf(f)), Cond.ALWAYS, nullable(f), true, names);
      b.addStatement("in.endTaggedField(limit)");
      b.addStatement("field = null");
    }
    if (!first) {
      b.nextControlFlow("else");
    }
    if (keeps) {
      b.beginControlFlow("if (unknown == null)");
      b.addStatement("unknown = new $T()", UNKNOWN_TAGGED_FIELDS_BUILDER);
      b.endControlFlow();
      b.addStatement("unknown.add(tag, in.readUnknownTaggedField())");
    } else {
      b.addStatement("in.skipUnknownTaggedField()");
    }
    if (!first) {
      b.endControlFlow();
    }
    b.endControlFlow();
    if (!flexible.always()) {
      b.endControlFlow();
    }
  }

  private static String capitalize(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
