package io.kwire.tests.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.kwire.processor.KwireProcessor;
import io.kwire.processor.diag.Diagnostic;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every diagnostic of the catalogue, provoked by a minimal record (see {@link DiagnosticCases}):
 * reported once, with its id, at the exact line and column of what is wrong, in the catalogue's format.
 */
class DiagnosticsTest {
  static Stream<DiagnosticCase> cases() {
    return DiagnosticCases.all().stream();
  }

  private static Compilation compile(JavaFileObject... sources) {
    return javac().withProcessors(new KwireProcessor()).compile(sources);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reportsExactlyThisDiagnosticWhereTheMistakeIs(DiagnosticCase c) {
    JavaFileObject source = c.source();
    Compilation compilation = compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("[kwire/" + c.diagnostic().id() + "]")
        .inFile(source).onLine(c.fileLine()).atColumn(c.column());
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void messageStatesIdRuleDetailAndHint(DiagnosticCase c) {
    Compilation compilation = compile(c.source());
    String message = compilation.errors().get(0).getMessage(Locale.ROOT);
    assertTrue(formatOf(c.diagnostic()).matcher(message).matches(),
        () -> "not in the form [kwire/Id] <rule> <detail> Hint: <hint>: " + message);
  }

  /**
   * A new diagnostic needs its negative case: this fails until {@link DiagnosticCases} (or, for
   * INTERNAL_ERROR, {@link #internalErrorWhenTwoMessagesWantTheSameCodecName}) covers it.
   */
  @Test
  void everyDiagnosticHasItsNegativeCase() {
    List<Diagnostic> covered = DiagnosticCases.all().stream().map(DiagnosticCase::diagnostic).toList();
    assertEquals(covered.size(), new HashSet<>(covered).size(), "one case per diagnostic: " + covered);
    Set<Diagnostic> missing = EnumSet.allOf(Diagnostic.class);
    covered.forEach(missing::remove);
    missing.remove(Diagnostic.INTERNAL_ERROR);
    assertEquals(Set.of(), missing, "diagnostics without a negative case in DiagnosticCases");
  }

  @Test
  void catalogueEntriesAreWellFormed() {
    Set<String> ids = new HashSet<>();
    for (Diagnostic d : Diagnostic.values()) {
      assertTrue(d.id().matches("[A-Z][A-Za-z]+"), d + ": id " + d.id());
      assertTrue(ids.add(d.id()), d + ": id " + d.id() + " is used twice");
      assertTrue(d.rule().endsWith("."), d + ": the rule is one sentence ending in a period");
      assertTrue(!d.hint().isBlank(), d + ": no hint");
      assertEquals("[kwire/" + d.id() + "] " + d.rule() + " Hint: " + d.hint(), d.format(""));
      assertEquals("[kwire/" + d.id() + "] " + d.rule() + " Got 7. Hint: " + d.hint(), d.format("Got 7."));
      assertTrue(formatOf(d).matcher(d.format("Got 7.")).matches(), d.toString());
    }
  }

  /**
   * INTERNAL_ERROR has no user mistake of its own; the one way found to reach it is a codec name
   * clash, which javac's Filer refuses: {@code Outer.Bad} and {@code Outer_Bad} both want
   * {@code demo.Outer_BadCodec}. The nested record sorts first, so the top-level one gets the error.
   * (The error count is not checked: see the disabled test below for the nested record's own problem.)
   */
  @Test
  void internalErrorWhenTwoMessagesWantTheSameCodecName() {
    JavaFileObject topLevel = JavaFileObjects.forSourceString("demo.Outer_Bad", DiagnosticCase.HEADER + """
        @ApiKey(value = 10001, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
        public record Outer_Bad(@Field(versions = "0+") int a) {}
        """);
    JavaFileObject nested = JavaFileObjects.forSourceString("demo.Outer", DiagnosticCase.HEADER + """
        public interface Outer {
          @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
          record Bad(@Field(versions = "0+") int a) {}
        }
        """);
    Compilation compilation = compile(topLevel, nested);
    assertThat(compilation).hadErrorContaining("[kwire/" + Diagnostic.INTERNAL_ERROR.id() + "]")
        .inFile(topLevel).onLine(DiagnosticCase.HEADER_LINES + 2).atColumn(8);
    String message = compilation.errors().stream().map(e -> e.getMessage(Locale.ROOT))
        .filter(m -> m.startsWith("[kwire/InternalError]")).collect(Collectors.joining());
    assertTrue(message.contains("FilerException"), message);
    assertTrue(formatOf(Diagnostic.INTERNAL_ERROR).matcher(message).matches(), message);
  }

  /** {@code [kwire/Id] <rule>[ <detail>] Hint: <hint>}, the detail possibly spanning lines. */
  private static Pattern formatOf(Diagnostic d) {
    return Pattern.compile("\\[kwire/" + Pattern.quote(d.id()) + "] " + Pattern.quote(d.rule())
        + "( .+)? Hint: " + Pattern.quote(d.hint()), Pattern.DOTALL);
  }
}
