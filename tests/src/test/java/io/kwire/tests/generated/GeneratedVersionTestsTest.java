package io.kwire.tests.generated;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The generated codecs of kwire-messages contain no version test that its enclosing branches, or the
 * versions from which its struct is reached, already decide. The sources are read as text from the
 * directory that {@code kwire.generatedSources} names (set by this module's surefire configuration).
 */
class GeneratedVersionTestsTest {

  private static Path generatedSources() {
    String dirName = System.getProperty("kwire.generatedSources");
    assertNotNull(dirName, "system property kwire.generatedSources is not set (see tests/pom.xml)");
    Path dir = Path.of(dirName);
    assertTrue(Files.isDirectory(dir), "no generated sources at " + dir.toAbsolutePath()
        + ": build kwire-messages first (mvn -pl tests -am ...)");
    return dir;
  }

  private static List<Path> codecs(Path dir) throws IOException {
    List<Path> codecs = VersionTestChecker.codecSources(dir);
    assertFalse(codecs.isEmpty(), "no *Codec.java under " + dir.toAbsolutePath());
    return codecs;
  }

  /** Kept apart from the main test so that a parser gap shows on its own, not among the findings. */
  @Test
  void theCheckerReadsEveryGeneratedCodec() throws IOException {
    for (Path codec : codecs(generatedSources())) {
      CodecSource parsed = assertDoesNotThrow(() -> CodecParser.parse(Files.readString(codec)),
          () -> "the checker cannot parse " + codec.getFileName());
      assertTrue(parsed.methods().stream().anyMatch(m -> m.paramIndex("version") >= 0),
          () -> codec.getFileName() + " has no method taking the version");
    }
  }

  @Test
  void noGeneratedVersionTestIsDecidedByItsContext() throws IOException {
    Path dir = generatedSources();
    List<Path> codecs = codecs(dir);

    VersionTestChecker.Report report = VersionTestChecker.checkDirectory(dir);
    report.findings().forEach(System.out::println);

    assertTrue(report.testsChecked() > 0, "the checker saw no version test in " + codecs.size() + " codecs");
    assertTrue(report.findings().isEmpty(), () -> report.findings().size() + " of " + report.testsChecked()
        + " version tests in " + codecs.size() + " generated codecs are decided by their context:\n"
        + report.findings().stream().map(VersionFinding::toString).collect(Collectors.joining("\n")));
  }
}
