package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.UNKNOWN_TAGGED_FIELDS;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Stage three: writes {@code <Record>Builder}, which starts from the declared defaults, with one
 * nested {@code <Struct>Builder} per struct of the message.
 */
public final class BuilderWriter {
  private BuilderWriter() {}

  /** The builder class of {@code struct} within {@code message}. */
  static ClassName builderOf(MessageModel message, ClassName struct) {
    ClassName outer = message.builderClass();
    return struct.equals(message.recordClass()) ? outer : outer.nestedClass(struct.simpleName() + "Builder");
  }

  public static JavaFile write(MessageModel message, Element origin) {
    return write(message, origin, true);
  }

  /** The builder; {@code markGenerated} as in {@link CodecWriter#write(MessageModel, Element, boolean)}. */
  public static JavaFile write(MessageModel message, Element origin, boolean markGenerated) {
    TypeSpec.Builder outer = builder(message, message.body(), message.builderClass())
        .addOriginatingElement(origin)
        .addAnnotations(RuntimeNames.generated(markGenerated));
    for (StructModel struct : message.structs()) {
      outer.addType(builder(message, struct, builderOf(message, struct.className()))
          .addModifiers(Modifier.STATIC).build());
    }
    ClassName name = message.builderClass();
    return JavaFile.builder(name.packageName(), outer.build()).skipJavaLangImports(true).indent("  ").build();
  }

  private static TypeSpec.Builder builder(MessageModel message, StructModel struct, ClassName self) {
    // the codec's shared default instances, so that the codec recognises them by identity
    DefaultCode defaults = new DefaultCode(record -> CodeBlock.of("$T.$L", message.codecClass(), CodecNames.defaultConstant(record)));
    TypeSpec.Builder type = TypeSpec.classBuilder(self)
        .addJavadoc("Builds {@link $T}, starting from the defaults its annotations declare.\n", struct.className())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addSuperinterface(ParameterizedTypeName.get(RuntimeNames.MESSAGE_BUILDER, struct.className()));
    MethodSpec.Builder copy = MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
        .addJavadoc("Starts from the values of {@code from}.\n")
        .addParameter(struct.className(), "from");
    List<CodeBlock> args = new ArrayList<>();
    for (FieldModel f : struct.fields()) {
      type.addField(FieldSpec.builder(f.javaType(), f.javaName(), Modifier.PRIVATE).initializer(defaults.value(f)).build());
      copy.addStatement("this.$L = from.$L()", f.javaName(), f.javaName());
      type.addMethod(setter(self, f.javaType(), f.javaName()));
      args.add(CodeBlock.of("$L", f.javaName()));
    }
    if (struct.unknownTags().isPresent()) {
      String name = struct.unknownTags().get().name();
      type.addField(FieldSpec.builder(UNKNOWN_TAGGED_FIELDS, name, Modifier.PRIVATE).initializer("$T.EMPTY", UNKNOWN_TAGGED_FIELDS).build());
      copy.addStatement("this.$L = from.$L()", name, name);
      type.addMethod(setter(self, UNKNOWN_TAGGED_FIELDS, name));
      args.add(struct.unknownTags().get().index(), CodeBlock.of("$L", name));
    }
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
        .addJavadoc("Starts from the declared defaults.\n").build());
    type.addMethod(copy.build());
    type.addMethod(MethodSpec.methodBuilder("build").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(struct.className())
        .addStatement("return new $T($L)", struct.className(), CodeBlock.join(args, ", ")).build());
    return type;
  }

  private static MethodSpec setter(ClassName self, TypeName type, String name) {
    return MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(self)
        .addParameter(type, name)
        .addStatement("this.$L = $L", name, name)
        .addStatement("return this")
        .build();
  }
}
