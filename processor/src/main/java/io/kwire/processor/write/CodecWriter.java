package io.kwire.processor.write;

import static io.kwire.processor.write.RuntimeNames.API_MESSAGE_CODEC;
import static io.kwire.processor.write.RuntimeNames.ENCODE_EXCEPTION;
import static io.kwire.processor.write.RuntimeNames.MESSAGE_CODEC;
import static io.kwire.processor.write.RuntimeNames.MESSAGE_DESCRIPTOR;
import static io.kwire.processor.write.RuntimeNames.PROTOCOL_EXCEPTION;
import static io.kwire.processor.write.RuntimeNames.WIRE_READER;
import static io.kwire.processor.write.RuntimeNames.WIRE_WRITER;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/** Stage three: writes {@code <Record>Codec}, the generated codec of one message. */
public final class CodecWriter {
  private CodecWriter() {}

  public static JavaFile write(MessageModel message, Element origin) {
    return write(message, origin, true);
  }

  /**
   * The codec; with {@code markGenerated} false it carries no {@code @Generated}, for a named module
   * that does not read {@code java.compiler}.
   */
  public static JavaFile write(MessageModel message, Element origin, boolean markGenerated) {
    ClassName codec = message.codecClass();
    ClassName record = message.recordClass();
    CodecNames names = new CodecNames(message);
    TypeSpec.Builder type = TypeSpec.classBuilder(codec)
        .addOriginatingElement(origin)
        .addAnnotations(RuntimeNames.generated(markGenerated))
        .addJavadoc("Codec of {@link $T}, generated from its annotations. Stateless; use {@link #INSTANCE}.\n", record)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addSuperinterface(ParameterizedTypeName.get(message.hasApiKey() ? API_MESSAGE_CODEC : MESSAGE_CODEC, record));

    type.addField(FieldSpec.builder(codec, "INSTANCE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer("new $T()", codec).build());
    if (message.hasApiKey()) {
      type.addField(FieldSpec.builder(TypeName.SHORT, "API_KEY", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .initializer("$L", message.apiKey().getAsInt()).build());
    }
    type.addField(FieldSpec.builder(TypeName.SHORT, "LOWEST_SUPPORTED_VERSION", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer("$L", message.validVersions().lowest()).build());
    type.addField(FieldSpec.builder(TypeName.SHORT, "HIGHEST_SUPPORTED_VERSION", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer("$L", message.validVersions().highest()).build());
    for (FieldSpec f : DescriptorCode.fields(message)) {
      type.addField(f);
    }
    for (ClassName struct : defaultStructs(message)) {
      // package-private: builders start from the same instance, so encoding a default costs one identity check
      type.addField(FieldSpec.builder(struct, CodecNames.defaultConstant(struct), Modifier.STATIC, Modifier.FINAL)
          .initializer("new $T().build()", BuilderWriter.builderOf(message, struct)).build());
    }
    type.addMethod(MethodSpec.constructorBuilder()
        .addJavadoc("For {@link java.util.ServiceLoader}; use {@link #INSTANCE}.\n")
        .addModifiers(Modifier.PUBLIC).build());
    type.addMethods(interfaceMethods(message, names));
    for (StructModel struct : message.allStructs()) {
      if (struct.reachableVersions().isEmpty()) {
        continue; // held only by fields absent wherever their holder is: never on the wire
      }
      StructScope scope = new StructScope(message, struct, names);
      type.addMethod(new SizeMethod(scope).build());
      type.addMethod(new WriteMethod(scope).build());
      type.addMethod(new ReadMethod(scope).build());
    }
    return JavaFile.builder(codec.packageName(), type.build()).skipJavaLangImports(true).indent("  ").build();
  }

  private static List<MethodSpec> interfaceMethods(MessageModel message, CodecNames names) {
    ClassName record = message.recordClass();
    String name = message.name();
    List<MethodSpec> methods = new ArrayList<>();
    methods.add(MethodSpec.methodBuilder("descriptor").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(MESSAGE_DESCRIPTOR).addStatement("return DESCRIPTOR").build());
    methods.add(MethodSpec.methodBuilder("messageType").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(ClassName.get(Class.class), record)).addStatement("return $T.class", record).build());
    methods.add(MethodSpec.methodBuilder("newBuilder").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(message.builderClass()).addStatement("return new $T()", message.builderClass()).build());
    methods.add(MethodSpec.methodBuilder("size").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(TypeName.INT).addParameter(record, "message").addParameter(TypeName.SHORT, "version")
        .addStatement("checkVersion(version)")
        .addStatement("return $L(message, version)", names.sizeMethod(message.body().className()))
        .build());
    methods.add(MethodSpec.methodBuilder("write").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .addParameter(record, "message").addParameter(TypeName.SHORT, "version").addParameter(WIRE_WRITER, "out")
        .addStatement("checkVersion(version)")
        .addStatement("int start = out.position()")
        .beginControlFlow("try")
        .addStatement("$L(message, version, out)", names.writeMethod(message.body().className()))
        .nextControlFlow("catch ($T e)", RuntimeException.class)
        .addComment("nothing is left half-written")
        .addStatement("out.rewind(start)")
        .addStatement("throw e")
        .endControlFlow()
        .build());
    methods.add(MethodSpec.methodBuilder("read").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(record).addParameter(WIRE_READER, "in").addParameter(TypeName.SHORT, "version")
        .beginControlFlow("if (version < LOWEST_SUPPORTED_VERSION || version > HIGHEST_SUPPORTED_VERSION)")
        .addStatement("throw in.error($S + version)", name + " has no version ")
        .endControlFlow()
        .beginControlFlow("try")
        .addStatement("return $L(in, version)", names.readMethod(message.body().className()))
        .nextControlFlow("catch ($T x)", PROTOCOL_EXCEPTION)
        .addStatement("throw x.inField($S)", name)
        .endControlFlow()
        .build());
    methods.add(MethodSpec.methodBuilder("checkVersion").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addParameter(TypeName.SHORT, "version")
        .beginControlFlow("if (version < LOWEST_SUPPORTED_VERSION || version > HIGHEST_SUPPORTED_VERSION)")
        .addStatement("throw $T.unsupportedVersion($S, version, $S)", ENCODE_EXCEPTION, name, message.validVersions().toString())
        .endControlFlow()
        .build());
    return methods;
  }

  /**
   * Structs that some field defaults to (non-null): each gets a constant built once by its builder,
   * children first, since a struct's default may hold another's (static initialisers run in order).
   */
  static List<ClassName> defaultStructs(MessageModel message) {
    Set<ClassName> defaulted = new LinkedHashSet<>();
    for (StructModel s : message.allStructs()) {
      for (FieldModel f : s.fields()) {
        if (f.type() instanceof FieldType.Struct struct && !f.defaultValue().isNull()) {
          defaulted.add(struct.record());
        }
      }
    }
    return message.structs().stream().map(StructModel::className).filter(defaulted::contains).toList();
  }
}
