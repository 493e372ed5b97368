package io.kwire.tests.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.kwire.processor.KwireProcessor;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A source with missing or broken types gets javac's own errors: kwire neither crashes nor adds a
 * diagnostic about a type javac could not resolve.
 */
class BrokenSourcesTest {
  @ParameterizedTest
  @ValueSource(strings = {"Missing", "List<Missing>", "java.util.List<Missing>", "Missing.Inner"})
  void aMissingTypeGivesOnlyJavacsError(String type) {
    JavaFileObject source = JavaFileObjects.forSourceString("demo.Broken", """
        package demo;
        import io.kwire.annotations.*;
        import java.util.List;
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
        public record Broken(
            @Field(versions = "0+") int a,
            @Field(versions = "0+") %s b) {}
        """.formatted(type));
    Compilation compilation = javac().withProcessors(new KwireProcessor()).compile(source);
    assertThat(compilation).failed();
    List<String> errors = compilation.errors().stream().map(d -> d.getMessage(Locale.ROOT)).toList();
    assertTrue(errors.stream().noneMatch(m -> m.contains("[kwire/")), () -> "kwire reported on a type javac could not resolve: " + errors);
    assertTrue(errors.stream().allMatch(m -> m.contains("cannot find symbol") || m.contains("package Missing does not exist")), errors::toString);
    assertEquals(1, compilation.diagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).count(), errors::toString);
  }

  /** Another processor writes {@code demo.Later} in the first round; kwire must wait for it. */
  static final class WritesLater extends AbstractProcessor {
    private boolean written;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!written) {
        written = true;
        try (Writer w = processingEnv.getFiler().createSourceFile("demo.Later").openWriter()) {
          w.write("package demo;\npublic record Later(@io.kwire.annotations.Field(versions = \"0+\") int x) {}\n");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  @Test
  void aTypeAnotherProcessorWritesLaterIsWaitedFor() {
    JavaFileObject source = JavaFileObjects.forSourceString("demo.Waits", """
        package demo;
        import io.kwire.annotations.*;
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
        public record Waits(@Field(versions = "0+") Later later) {}
        """);
    Compilation compilation = javac().withProcessors(new WritesLater(), new KwireProcessor()).compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).generatedSourceFile("demo.WaitsCodec");
  }
}
