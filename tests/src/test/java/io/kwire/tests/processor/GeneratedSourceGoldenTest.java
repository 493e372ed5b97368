package io.kwire.tests.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.kwire.processor.KwireProcessor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Compiles one small message through the processor and compares the generated codec and builder
 * with golden files at {@code src/test/resources/goldens/GeneratedSourceGoldenTest/<method>/<fqn>.java}.
 *
 * <p>After an intended change to the generated code, regenerate the goldens from the repository root with
 * <pre>
 * mvn -B -o -pl tests -am verify -Dtest=GeneratedSourceGoldenTest -Dsurefire.failIfNoSpecifiedTests=false -Dkwire.updateGoldens=true
 * </pre>
 * and review the diff before committing it.
 */
class GeneratedSourceGoldenTest {
  /** Warnings on, except the "no processor claimed these annotations" noise. */
  private static final List<String> LINT = List.of("-Xlint:all");

  static final JavaFileObject WIDGET = JavaFileObjects.forSourceString("demo.WidgetRequest", """
      package demo;

      import io.kwire.annotations.ApiKey;
      import io.kwire.annotations.Field;
      import io.kwire.annotations.MessageType;
      import io.kwire.runtime.wire.UnknownTaggedFields;
      import java.util.List;

      /** A small request that touches the main kinds of field. */
      @ApiKey(value = 10001, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "1+")
      public record WidgetRequest(
          @Field(versions = "0+") short widgetId,
          @Field(versions = "0+", nullableVersions = "1+") String label,
          @Field(versions = "0+") List<Integer> sizes,
          @Field(versions = "0+") List<Part> parts,
          @Field(versions = "1+", tag = 0, taggedVersions = "1+", defaultValue = "-1") long epoch,
          UnknownTaggedFields unknownTaggedFields) {

        /** One element of {@code parts}. */
        public record Part(@Field(versions = "0+") int partId) {}
      }
      """);

  private static Compilation compile(List<String> options) {
    return javac().withProcessors(new KwireProcessor()).withOptions(options).compile(WIDGET);
  }

  @Test
  void codecAndBuilderMatchTheirGoldens(TestInfo test) throws IOException {
    Compilation c = compile(LINT);
    assertThat(c).succeededWithoutWarnings();
    for (String generated : List.of("demo.WidgetRequestCodec", "demo.WidgetRequestBuilder")) {
      byte[] bytes = c.generatedSourceFile(generated)
          .orElseThrow(() -> new AssertionError(generated + " was not generated"))
          .openInputStream().readAllBytes();
      String actual = new String(bytes, StandardCharsets.UTF_8);
      String resource = "goldens/" + getClass().getSimpleName() + "/" + test.getTestMethod().orElseThrow().getName()
          + "/" + generated + ".java";
      assertThat(c).generatedSourceFile(generated).contentsAsUtf8String().isEqualTo(Goldens.expected(resource, actual));
    }
  }

  @Test
  void compilesUnderWerror() {
    List<String> options = List.of("-Xlint:all", "-Werror");
    assertThat(compile(options)).succeededWithoutWarnings();
  }

  @Test
  void registersTheCodecForServiceLoader() {
    Compilation c = compile(LINT);
    assertThat(c).succeeded();
    assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/services/io.kwire.runtime.MessageCodec")
        .contentsAsUtf8String().isEqualTo("demo.WidgetRequestCodec\n");
  }
}
