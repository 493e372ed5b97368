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
  void messageSaysWhatIsWrongThenTheRuleAndHint(DiagnosticCase c) {
    Compilation compilation = compile(c.source());
    String message = compilation.errors().get(0).getMessage(Locale.ROOT);
    assertTrue(formatOf(c.diagnostic()).matcher(message).matches(),
        () -> "not in the form [kwire/Id] <what is wrong> <rule> Hint: <hint>: " + message);
    assertEquals(c.diagnostic().format(c.problem()), message, "what is wrong, then the rule, then the hint");
  }

  /** Tag 1 without tag 0: the report says that tag 0 is missing (not that tag 1 comes before it). */
  @Test
  void aStructWithoutTagZeroSaysTagZeroIsMissing() {
    DiagnosticCase c = DiagnosticCase.of(Diagnostic.TAGS_NOT_CONTIGUOUS, 3, 18,
        "Tag 0 is missing in Bad, whose tags are [1].", """
        @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
        public record Bad(
            @Field(tag = 1, taggedVersions = "0+") int a) {}
        """);
    Compilation compilation = compile(c.source());
    assertThat(compilation).hadErrorContaining(c.diagnostic().format(c.problem()))
        .inFile(c.source()).onLine(c.fileLine()).atColumn(c.column());
    assertThat(compilation).hadErrorCount(1);
  }

  /**
   * A new diagnostic needs its negative case: this fails until {@link DiagnosticCases} covers it.
   * INTERNAL_ERROR is exempt: it is the processor's catch-all for its own failures, which no input is
   * known to reach (the one found, a generated-name clash, is now {@code GeneratedNameClash}).
   */
  @Test
  void everyDiagnosticHasItsNegativeCase() {
    List<Diagnostic> covered = DiagnosticCases.all().stream().map(DiagnosticCase::diagnostic).toList();
    assertEquals(covered.size(), new HashSet<>(covered).size(), "one case per diagnostic: " + covered);
    Set<Diagnostic> missing = EnumSet.allOf(Diagnostic.class);
    covered.forEach(missing::remove);
    missing.remove(Diagnostic.INTERNAL_ERROR);
    missing.removeAll(BaselineCheckTest.baselineDiagnostics()); // they need a baseline: BaselineCases
    missing.remove(Diagnostic.MODULE_PROVIDES); // needs a module declaration: ModuleProvidesTest
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
      assertEquals("[kwire/" + d.id() + "] The tag is 7. " + d.rule() + " Hint: " + d.hint(), d.format("The tag is 7."));
      assertTrue(formatOf(d).matcher(d.format("The tag is 7.")).matches(), d.toString());
      assertTrue(d == Diagnostic.INTERNAL_ERROR || d.rule().matches(".*\\b(must|may|cannot|can|requires|needs|does not)\\b.*"),
          d + ": the rule is stated as a rule, not as if it were the fact: " + d.rule());
    }
  }

  /** {@code [kwire/Id] <what is wrong> <rule> Hint: <hint>}, what is wrong possibly spanning lines. */
  private static Pattern formatOf(Diagnostic d) {
    return Pattern.compile("\\[kwire/" + Pattern.quote(d.id()) + "] .+ " + Pattern.quote(d.rule())
        + " Hint: " + Pattern.quote(d.hint()), Pattern.DOTALL);
  }
}
