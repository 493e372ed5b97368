package io.kwire.tests.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every code block of the README and of the pages in docs/ is either taken from a file that the
 * build compiles and runs (mostly {@code examples/custom-api}, which maven-invoker-plugin builds as a
 * user's project) or says why not: a snippet that drifts from its source fails here, and a source
 * that stops compiling fails the build.
 */
class ReadmeSnippetsTest {
  private static final Path ROOT = Path.of(System.getProperty("kwire.rootDir", ".."));

  @TestFactory
  Stream<DynamicTest> everyCheckedSnippetIsInItsSource() throws IOException {
    List<Snippet> readme = ReadmeSnippets.parse("README.md", Files.readAllLines(ROOT.resolve("README.md")));
    assertTrue(checked(readme).size() >= 9, "expected the README's Getting started snippets to be checked, found "
        + checked(readme).size());
    List<Snippet> docs = new ArrayList<>();
    for (Path page : docsPages()) {
      docs.addAll(ReadmeSnippets.parse("docs/" + page.getFileName(), Files.readAllLines(page)));
    }
    assertTrue(checked(docs).size() >= 6, "expected the reference pages' snippets (catalogue, records, negotiation,"
        + " JSON, raw frames) to be checked, found " + checked(docs).size());
    List<Snippet> all = new ArrayList<>(checked(readme));
    all.addAll(checked(docs));
    return all.stream().map(s -> DynamicTest.dynamicTest(s.page() + " line " + s.readmeLine() + " in " + s.source(), () -> {
      Path source = ROOT.resolve(s.source());
      assertTrue(Files.isRegularFile(source), s.page() + " line " + s.readmeLine() + " names a missing file " + source);
      String missing = s.firstMissingChunk(Files.readAllLines(source));
      if (missing != null) {
        fail(s.page() + " line " + s.readmeLine() + ": these lines are not in " + s.source() + " (in this order):\n" + missing);
      }
    }));
  }

  private static List<Snippet> checked(List<Snippet> snippets) {
    return snippets.stream().filter(s -> s.source() != null).toList();
  }

  private static List<Path> docsPages() throws IOException {
    try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
      return pages.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().toList();
    }
  }

  /** The README and the example tell a user the version this build makes. */
  @Test
  void exampleUsesTheVersionThisBuildMakes() throws IOException {
    String version = System.getProperty("kwire.version");
    assertNotNull(version, "the build passes kwire.version");
    String pom = Files.readString(ROOT.resolve("examples/custom-api/pom.xml"));
    assertTrue(pom.contains("<kwire.version>" + version + "</kwire.version>"), "examples/custom-api/pom.xml must use kwire " + version);
    assertTrue(Files.readString(ROOT.resolve("README.md")).contains("<kwire.version>" + version + "</kwire.version>"));
  }

  @Test
  void aSnippetThatDriftedIsReported() {
    List<String> source = List.of("class A {", "  int a = 1;", "  int b = 2;", "  int c = 3;", "}");
    assertNull(new Snippet("A.md", 1, "java", "A.java", List.of("int a = 1;", "  // ...", "int c  =  3;")).firstMissingChunk(source));
    assertEquals("int a = 1;\nint b = 3;", new Snippet("A.md", 1, "java", "A.java", List.of("int a = 1;", "int b = 3;")).firstMissingChunk(source));
    assertEquals("int a = 1;", new Snippet("A.md", 1, "java", "A.java", List.of("int c = 3;", "...", "int a = 1;")).firstMissingChunk(source));
  }

  @Test
  void aCodeBlockWithoutAMarkerIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadmeSnippets.parse("docs/a.md", List.of("text", "```java", "int a;", "```")));
    assertTrue(e.getMessage().startsWith("docs/a.md line 2: "), e.getMessage());
    assertEquals(List.of("int a;"), ReadmeSnippets.parse(List.of("<!-- checked: A.java -->", "```java", "int a;", "```")).get(0).lines());
  }
}
