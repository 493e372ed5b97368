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
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's named module: on the module path ServiceLoader reads only {@code provides}, so the processor
 * fails the compilation of a module declaration that lacks its generated codecs, on the declaration,
 * with the exact line to write ({@code [kwire/ModuleProvides]}). The modules are compiled as javac
 * compiles a module, from files, with kwire-annotations and kwire-runtime on the module path:
 * compile-testing's in-memory file manager cannot compile a {@code module-info.java} (javac then
 * matches the declaration against every module of the graph), so javac's standard one is used.
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

  @TempDir
  Path dir;

  @Test
  void aModuleWithoutProvidesIsToldTheLineToAdd() throws IOException {
    ModuleCompilation c = compile("""
        module demo.app {
          requires io.kwire.runtime;
        }
        """, PING, PONG);
    assertFalse(c.succeeded());
    assertEquals(1, c.errors().size(), c.toString());
    javax.tools.Diagnostic<? extends JavaFileObject> error = c.errors().get(0);
    assertEquals(Diagnostic.MODULE_PROVIDES.format("Module demo.app does not provide demo.app.PingCodec, "
        + "demo.app.PongCodec. Add to it: "
        + "`provides io.kwire.runtime.MessageCodec with demo.app.PingCodec, demo.app.PongCodec;`."),
        error.getMessage(Locale.ROOT));
    assertOnTheModuleDeclaration(error, 1, 1);
  }

  @Test
  void aModuleProvidingSomeCodecsIsToldTheWholeLine() throws IOException {
    ModuleCompilation c = compile("""
        // the application's module
        module demo.app {
          requires io.kwire.runtime;

          provides io.kwire.runtime.MessageCodec with demo.app.PongCodec;
        }
        """, PING, PONG);
    assertEquals(1, c.errors().size(), c.toString());
    javax.tools.Diagnostic<? extends JavaFileObject> error = c.errors().get(0);
    assertEquals(Diagnostic.MODULE_PROVIDES.format("Module demo.app does not provide demo.app.PingCodec. "
        + "Replace its provides of io.kwire.runtime.MessageCodec with: "
        + "`provides io.kwire.runtime.MessageCodec with demo.app.PongCodec, demo.app.PingCodec;`."),
        error.getMessage(Locale.ROOT));
    assertOnTheModuleDeclaration(error, 2, 1);
  }

  /** The line the diagnostic gives compiles cleanly. */
  @Test
  void aModuleProvidingEveryCodecCompilesWithoutWarnings() throws IOException {
    ModuleCompilation c = compile("""
        module demo.app {
          requires io.kwire.runtime;

          provides io.kwire.runtime.MessageCodec with demo.app.PingCodec, demo.app.PongCodec;
        }
        """, PING, PONG);
    assertTrue(c.succeeded(), c.toString());
    assertEquals(List.of(), c.diagnostics(), "no warnings");
    assertTrue(Files.isRegularFile(c.classes().resolve("demo/app/PingCodec.class")));
    assertTrue(Files.isRegularFile(c.classes().resolve("module-info.class")));
  }

  /**
   * In a named module generated code carries no @Generated: javax.annotation.processing is in
   * java.compiler, and even a module that reads it would be warned (-Xlint:exports) that an exported
   * codec is annotated with a type its readers cannot see.
   */
  @Test
  void anExportedPackageCompilesWithoutWarningsAndWithoutGenerated() throws IOException {
    ModuleCompilation c = compile("""
        module demo.app {
          requires transitive io.kwire.runtime;
          requires static java.compiler;
          exports demo.app;

          provides io.kwire.runtime.MessageCodec with demo.app.PingCodec;
        }
        """, PING);
    assertTrue(c.succeeded(), c.toString());
    assertEquals(List.of(), c.diagnostics(), "no warnings");
    assertFalse(c.generatedSource("demo/app/PingCodec.java").contains("@Generated"));
    assertFalse(c.generatedSource("demo/app/PingBuilder.java").contains("@Generated"));
  }

  /** On the class path (the unnamed module) the service file is enough: nothing to declare. */
  @Test
  void theClassPathNeedsNoDeclaration() throws IOException {
    Compilation c = javac().withProcessors(new KwireProcessor()).withOptions("-Xlint:all")
        .compile(JavaFileObjects.forSourceString("demo.app.Ping", PING));
    assertThat(c).succeededWithoutWarnings();
    String codec = c.generatedFile(StandardLocation.SOURCE_OUTPUT, "demo/app/PingCodec.java").orElseThrow()
        .getCharContent(false).toString();
    assertTrue(codec.contains("@Generated(\"io.kwire.processor.KwireProcessor\")"));
  }

  private static void assertOnTheModuleDeclaration(javax.tools.Diagnostic<? extends JavaFileObject> error,
      long line, long column) {
    assertEquals("module-info.java", Path.of(error.getSource().toUri()).getFileName().toString());
    assertEquals(line, error.getLineNumber(), "the line of the module declaration");
    assertEquals(column, error.getColumnNumber(), "the column of `module`");
  }

  /** javac on {@code moduleInfo} and the records, in package demo.app, with the kwire processor. */
  private ModuleCompilation compile(String moduleInfo, String... records) throws IOException {
    Path sources = dir.resolve("src");
    Path classes = dir.resolve("classes");
    Path generated = dir.resolve("generated");
    Files.createDirectories(sources.resolve("demo/app"));
    Files.createDirectories(classes);
    Files.createDirectories(generated);
    List<Path> files = new ArrayList<>();
    files.add(Files.writeString(sources.resolve("module-info.java"), moduleInfo));
    for (String record : records) {
      Matcher name = Pattern.compile("public record (\\w+)").matcher(record);
      if (!name.find()) {
        throw new IllegalArgumentException("no public record in " + record);
      }
      files.add(Files.writeString(sources.resolve("demo/app/" + name.group(1) + ".java"), record));
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager fileManager = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = List.of("-Xlint:all", "--module-path", location(ApiKey.class) + File.pathSeparator
          + location(MessageCodec.class), "-d", classes.toString(), "-s", generated.toString());
      JavaCompiler.CompilationTask task = compiler.getTask(null, fileManager, diagnostics, options, null,
          fileManager.getJavaFileObjectsFromPaths(files));
      task.setProcessors(List.of(new KwireProcessor()));
      boolean succeeded = task.call();
      return new ModuleCompilation(succeeded, List.copyOf(diagnostics.getDiagnostics()), classes, generated);
    }
  }

  private record ModuleCompilation(boolean succeeded, List<javax.tools.Diagnostic<? extends JavaFileObject>> diagnostics,
      Path classes, Path generated) {
    List<javax.tools.Diagnostic<? extends JavaFileObject>> errors() {
      return diagnostics.stream().filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR).toList();
    }

    String generatedSource(String path) throws IOException {
      return Files.readString(generated.resolve(path));
    }

    @Override
    public String toString() {
      return diagnostics.stream().map(d -> d.getKind() + " " + d.getLineNumber() + ":" + d.getColumnNumber() + " "
          + d.getMessage(Locale.ROOT)).toList().toString();
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
