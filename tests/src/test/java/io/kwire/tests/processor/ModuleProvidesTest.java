package io.kwire.tests.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.kwire.annotations.ApiKey;
import io.kwire.processor.KwireProcessor;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.runtime.MessageCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * A user's named module: on the module path ServiceLoader reads only {@code provides}, so the processor
 * fails the compilation of a module declaration that lacks its generated codecs, on the declaration,
 * with the exact line to write ({@code [kwire/ModuleProvides]}). Compiled as javac compiles a module,
 * with kwire-annotations and kwire-runtime on the module path.
 */
class ModuleProvidesTest {
  private static final String PING = """
      package demo.app;
      import io.kwire.annotations.*;
      @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
      public record Ping(@Field(versions = "0+") String text) {}
      """;
  private static final String PONG = """
      package demo.app;
      import io.kwire.annotations.*;
      @ApiKey(value = 10000, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "none")
      public record Pong(@Field(versions = "0+") String text) {}
      """;

  @Test
  void aModuleWithoutProvidesIsToldTheLineToAdd() {
    JavaFileObject module = moduleInfo("""
        module demo.app {
          requires io.kwire.runtime;
        }
        """);
    Compilation c = compile(module, PING, PONG);
    assertThat(c).failed();
    String expected = Diagnostic.MODULE_PROVIDES.format("Module demo.app does not provide demo.app.PingCodec, "
        + "demo.app.PongCodec. Add to it: "
        + "`provides io.kwire.runtime.MessageCodec with demo.app.PingCodec, demo.app.PongCodec;`.");
    assertThat(c).hadErrorContaining(expected).inFile(module).onLine(1).atColumn(1);
    assertThat(c).hadErrorCount(1);
    assertEquals(expected, c.errors().get(0).getMessage(Locale.ROOT));
  }

  @Test
  void aModuleProvidingSomeCodecsIsToldTheWholeLine() {
    JavaFileObject module = moduleInfo("""
        module demo.app {
          requires io.kwire.runtime;

          provides io.kwire.runtime.MessageCodec with demo.app.PongCodec;
        }
        """);
    Compilation c = compile(module, PING, PONG);
    assertThat(c).hadErrorContaining(Diagnostic.MODULE_PROVIDES.format("Module demo.app does not provide "
        + "demo.app.PingCodec. Replace its provides of io.kwire.runtime.MessageCodec with: "
        + "`provides io.kwire.runtime.MessageCodec with demo.app.PongCodec, demo.app.PingCodec;`."))
        .inFile(module).onLine(1).atColumn(1);
    assertThat(c).hadErrorCount(1);
  }

  /** The line the diagnostic gives compiles cleanly. */
  @Test
  void aModuleProvidingEveryCodecCompilesWithoutWarnings() {
    Compilation c = compile(moduleInfo("""
        module demo.app {
          requires io.kwire.runtime;

          provides io.kwire.runtime.MessageCodec with demo.app.PingCodec, demo.app.PongCodec;
        }
        """), PING, PONG);
    assertThat(c).succeededWithoutWarnings();
    assertTrue(c.generatedFile(StandardLocation.CLASS_OUTPUT, "demo/app/PingCodec.class").isPresent());
    assertTrue(c.generatedFile(StandardLocation.CLASS_OUTPUT, "demo/app/PongCodec.class").isPresent());
  }

  /**
   * In a named module generated code carries no @Generated: javax.annotation.processing is in
   * java.compiler, and even a module that reads it would be warned (-Xlint:exports) that an exported
   * codec is annotated with a type its readers cannot see.
   */
  @Test
  void anExportedPackageCompilesWithoutWarningsAndWithoutGenerated() {
    Compilation c = compile(moduleInfo("""
        module demo.app {
          requires transitive io.kwire.runtime;
          requires static java.compiler;
          exports demo.app;

          provides io.kwire.runtime.MessageCodec with demo.app.PingCodec;
        }
        """), PING);
    assertThat(c).succeededWithoutWarnings();
    assertFalse(generatedSource(c, "demo/app/PingCodec.java").contains("@Generated"));
    assertFalse(generatedSource(c, "demo/app/PingBuilder.java").contains("@Generated"));
  }

  /** On the class path (the unnamed module) the service file is enough: nothing to declare. */
  @Test
  void theClassPathNeedsNoDeclaration() {
    Compilation c = javac().withProcessors(new KwireProcessor()).withOptions("-Xlint:all")
        .compile(JavaFileObjects.forSourceString("demo.app.Ping", PING));
    assertThat(c).succeededWithoutWarnings();
    assertTrue(generatedSource(c, "demo/app/PingCodec.java").contains("@Generated(\"io.kwire.processor.KwireProcessor\")"));
  }

  private static Compilation compile(JavaFileObject module, String... records) {
    List<JavaFileObject> sources = new ArrayList<>();
    sources.add(module);
    for (String record : records) {
      String name = record.substring(record.indexOf("public record ") + 14, record.indexOf('('));
      sources.add(JavaFileObjects.forSourceString("demo.app." + name, record));
    }
    String modulePath = location(ApiKey.class) + java.io.File.pathSeparator + location(MessageCodec.class);
    return javac().withProcessors(new KwireProcessor())
        .withOptions("-Xlint:all", "--module-path", modulePath)
        .compile(sources);
  }

  private static JavaFileObject moduleInfo(String source) {
    return JavaFileObjects.forSourceString("module-info", source);
  }

  private static String generatedSource(Compilation c, String path) {
    try {
      return c.generatedFile(StandardLocation.SOURCE_OUTPUT, path).orElseThrow().getCharContent(false).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The jar or class directory a kwire module was loaded from: a module on the module path. */
  private static Path location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
