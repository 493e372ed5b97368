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
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every code block of the README is either taken from a file that the build compiles and runs
 * (mostly {@code examples/custom-api}, which maven-invoker-plugin builds as a user's project) or
 * says why not: a snippet that drifts from its source fails here, and a source that stops compiling
 * fails the build.
 */
class ReadmeSnippetsTest {
  private static final Path ROOT = Path.of(System.getProperty("kwire.rootDir", ".."));

  @TestFactory
  Stream<DynamicTest> everyCheckedSnippetIsInItsSource() throws IOException {
    List<Snippet> snippets = ReadmeSnippets.parse(Files.readAllLines(ROOT.resolve("README.md")));
    List<Snippet> checked = snippets.stream().filter(s -> s.source() != null).toList();
    assertTrue(checked.size() >= 10, "expected the README's Getting started snippets to be checked, found " + checked.size());
    return checked.stream().map(s -> DynamicTest.dynamicTest("README line " + s.readmeLine() + " in " + s.source(), () -> {
      Path source = ROOT.resolve(s.source());
      assertTrue(Files.isRegularFile(source), "README line " + s.readmeLine() + " names a missing file " + source);
      String missing = s.firstMissingChunk(Files.readAllLines(source));
      if (missing != null) {
        fail("README line " + s.readmeLine() + ": these lines are not in " + s.source() + " (in this order):\n" + missing);
      }
    }));
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
    assertNull(new Snippet(1, "java", "A.java", List.of("int a = 1;", "  // ...", "int c  =  3;")).firstMissingChunk(source));
    assertEquals("int a = 1;\nint b = 3;", new Snippet(1, "java", "A.java", List.of("int a = 1;", "int b = 3;")).firstMissingChunk(source));
    assertEquals("int a = 1;", new Snippet(1, "java", "A.java", List.of("int c = 3;", "...", "int a = 1;")).firstMissingChunk(source));
  }

  @Test
  void aCodeBlockWithoutAMarkerIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> ReadmeSnippets.parse(List.of("text", "```java", "int a;", "```")));
    assertEquals(List.of("int a;"), ReadmeSnippets.parse(List.of("<!-- checked: A.java -->", "```java", "int a;", "```")).get(0).lines());
  }
}
