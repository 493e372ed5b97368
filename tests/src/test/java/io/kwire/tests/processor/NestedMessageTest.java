package io.kwire.tests.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.kwire.processor.KwireProcessor;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** A message record nested in another type gets top-level generated classes named after both. */
class NestedMessageTest {
  @Test
  void nestedMessageRecordGetsATopLevelCodec() {
    JavaFileObject outer = JavaFileObjects.forSourceString("demo.Outer", DiagnosticCase.HEADER + """
        public interface Outer {
          @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
          record Bad(@Field(versions = "0+") int a) {}
        }
        """);
    Compilation c = javac().withProcessors(new KwireProcessor()).withOptions("-Xlint:all").compile(outer);
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("demo.Outer_BadCodec");
    assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/services/io.kwire.runtime.MessageCodec")
        .contentsAsUtf8String().isEqualTo("demo.Outer_BadCodec\n");
  }
}
