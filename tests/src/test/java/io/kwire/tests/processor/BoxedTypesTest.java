package io.kwire.tests.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.kwire.processor.KwireProcessor;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A boxed type is not a field: the wire has no null integer, and encoding a null box would fail with
 * a raw NullPointerException. Every box is refused on the component; as array elements
 * ({@code List<Integer>}) boxes stay the way to write {@code []int32}.
 */
class BoxedTypesTest {
  @ParameterizedTest
  @ValueSource(strings = {"Boolean", "Byte", "Short", "Integer", "Long", "Double", "Character", "Float", "Object"})
  void boxedFieldIsRefusedOnTheComponent(String box) {
    JavaFileObject source = JavaFileObjects.forSourceString("demo.Boxed", """
        package demo;
        import io.kwire.annotations.*;
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
        public record Boxed(
            @Field(versions = "0+") %s a) {}
        """.formatted(box));
    Compilation compilation = javac().withProcessors(new KwireProcessor()).compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("[kwire/UnsupportedJavaType] ").inFile(source).onLine(5);
    assertThat(compilation).hadErrorContaining("The component is java.lang." + box + ".");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"Boolean", "Byte", "Short", "Integer", "Long", "Double"})
  void boxesAreArrayElements(String box) {
    JavaFileObject source = JavaFileObjects.forSourceString("demo.Boxes", """
        package demo;
        import io.kwire.annotations.*;
        import java.util.List;
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
        public record Boxes(
            @Field(versions = "0+") List<%s> a) {}
        """.formatted(box));
    assertThat(javac().withProcessors(new KwireProcessor()).compile(source)).succeededWithoutWarnings();
  }
}
