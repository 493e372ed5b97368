package io.kwire.tests.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.kwire.processor.KwireProcessor;
import io.kwire.processor.diag.Diagnostic;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The baseline check ({@code -Akwire.baseline=PATH}): the base message is compiled first and its spec
 * taken from the class output, as a later build takes it from the previous release's jar; each case
 * then compiles a changed message against it and gets exactly one diagnostic, at an exact position.
 */
class BaselineCheckTest {
  @TempDir
  static Path baseline;

  static Stream<BaselineCase> cases() {
    return BaselineCases.all().stream();
  }

  /** The base's exported spec, written where the baseline option points. */
  @org.junit.jupiter.api.BeforeAll
  static void compileTheBase() throws IOException {
    Compilation base = javac().withProcessors(new KwireProcessor())
        .compile(source(BaselineCases.BASE));
    assertThat(base).succeededWithoutWarnings();
    JavaFileObject spec = base.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/kwire/specs/Greet.json")
        .orElseThrow();
    try (InputStream in = spec.openInputStream()) {
      Files.write(baseline.resolve("Greet.json"), in.readAllBytes());
    }
  }

  private static JavaFileObject source(String body) {
    return new DiagnosticCase(Diagnostic.INTERNAL_ERROR, body, 0, 0, "").source();
  }

  private static Compilation againstBaseline(String body) {
    return javac().withProcessors(new KwireProcessor()).withOptions("-Akwire.baseline=" + baseline)
        .compile(source(body));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reportsTheChangeWhereItWasMade(BaselineCase c) {
    JavaFileObject source = source(c.body());
    Compilation compilation = againstBaseline(c.body());
    List<javax.tools.Diagnostic<? extends JavaFileObject>> found = compilation.diagnostics().stream()
        .filter(d -> d.getMessage(Locale.ROOT).startsWith("[kwire/")).toList();
    assertEquals(1, found.size(), () -> "one kwire diagnostic: " + found);
    javax.tools.Diagnostic<? extends JavaFileObject> d = found.get(0);
    boolean note = c.diagnostic() == Diagnostic.BASELINE_DROPPED_OLDEST || c.diagnostic() == Diagnostic.BASELINE_RENAMED;
    assertEquals(note ? javax.tools.Diagnostic.Kind.NOTE : javax.tools.Diagnostic.Kind.ERROR, d.getKind());
    assertEquals(c.diagnostic().format(c.detail()), d.getMessage(Locale.ROOT));
    assertEquals(source.toUri(), d.getSource().toUri());
    assertEquals(c.line() + DiagnosticCase.HEADER_LINES, d.getLineNumber(), "line");
    assertEquals(c.column(), d.getColumnNumber(), "column");
    if (note) {
      assertThat(compilation).succeeded();
    }
  }

  @Test
  void compatibleEvolutionPasses() {
    Compilation compilation = againstBaseline("""
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "1+")
        public record Greet(
            @Field(versions = "0+") String name,
            @Field(versions = "0+", defaultValue = "1") int count,
            @Field(versions = "1+", nullableVersions = "1+") String note,
            @Field(versions = "3+") long since,
            @Field(versions = "2+", tag = 0, taggedVersions = "2+") int hint,
            @Field(versions = "1+", tag = 1, taggedVersions = "1+", defaultValue = "null", nullableVersions = "1+")
            String mood,
            UnknownTaggedFields unknownTaggedFields) {}
        """);
    assertThat(compilation).succeededWithoutWarnings();
    assertEquals(List.of(), compilation.notes().stream().map(n -> n.getMessage(Locale.ROOT))
        .filter(m -> m.startsWith("[kwire/")).toList());
  }

  @Test
  void anUnstableLatestVersionOfTheBaselineMayStillChange(@TempDir Path unstable) throws IOException {
    Compilation base = javac().withProcessors(new KwireProcessor()).compile(source("""
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "none",
            latestVersionUnstable = true)
        public record Greet(@Field(versions = "0+") String name) {}
        """));
    try (InputStream in = base.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/kwire/specs/Greet.json")
        .orElseThrow().openInputStream()) {
      Files.write(unstable.resolve("Greet.json"), in.readAllBytes());
    }
    String changedInVersion = """
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "none")
        public record Greet(@Field(versions = "0+") String name, @Field(versions = "%s") int extra) {}
        """;
    Compilation latest = javac().withProcessors(new KwireProcessor()).withOptions("-Akwire.baseline=" + unstable)
        .compile(source(changedInVersion.formatted("1+")));
    assertThat(latest).succeededWithoutWarnings();
    Compilation older = javac().withProcessors(new KwireProcessor()).withOptions("-Akwire.baseline=" + unstable)
        .compile(source(changedInVersion.formatted("0+")));
    assertThat(older).hadErrorContaining(Diagnostic.BASELINE_FIELD_ADDED.format(
        "Greet.Extra is new in version 0, which the baseline has."));
    assertThat(older).hadErrorCount(1);
  }

  @Test
  void droppedVersionsIsAVersionRange() {
    JavaFileObject source = source("""
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "1-3", flexibleVersions = "none",
            droppedVersions = "0-x")
        public record Greet(@Field(versions = "1+") String name) {}
        """);
    Compilation compilation = javac().withProcessors(new KwireProcessor()).compile(source);
    assertThat(compilation).hadErrorContaining(Diagnostic.VERSION_SYNTAX.format("droppedVersions is \"0-x\"."))
        .inFile(source).onLine(2 + DiagnosticCase.HEADER_LINES).atColumn(23);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anUnreadableBaselineIsAnError() {
    Compilation compilation = javac().withProcessors(new KwireProcessor())
        .withOptions("-Akwire.baseline=" + baseline.resolve("missing.jar"))
        .compile(source(BaselineCases.BASE));
    assertThat(compilation).hadErrorCount(1);
    assertEquals(Diagnostic.BASELINE_UNREADABLE.format("Cannot read " + baseline.resolve("missing.jar")
        + ": no such file or directory"), compilation.errors().get(0).getMessage(Locale.ROOT));
  }

  @Test
  void everyBaselineDiagnosticHasItsCase() {
    Set<Diagnostic> missing = EnumSet.copyOf(baselineDiagnostics());
    BaselineCases.all().forEach(c -> missing.remove(c.diagnostic()));
    missing.remove(Diagnostic.BASELINE_UNREADABLE); // anUnreadableBaselineIsAnError
    assertEquals(Set.of(), missing);
  }

  /** The catalogue's baseline diagnostics, which need a baseline and so have their cases here. */
  static Set<Diagnostic> baselineDiagnostics() {
    Set<Diagnostic> all = EnumSet.noneOf(Diagnostic.class);
    for (Diagnostic d : Diagnostic.values()) {
      if (d.id().startsWith("Baseline")) {
        all.add(d);
      }
    }
    return all;
  }

}
