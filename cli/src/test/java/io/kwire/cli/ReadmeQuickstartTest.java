package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The output the README's quickstart shows is what {@code kwire sample CreateTopics --version 7} prints. */
class ReadmeQuickstartTest {
  private static final String MARKER = "<!-- unchecked: kwire's output; cli's ReadmeQuickstartTest";

  @Test
  void theReadmesOutputIsWhatTheCommandPrints() throws Exception {
    List<String> readme = Files.readAllLines(Path.of(System.getProperty("user.dir")).resolveSibling("README.md"));
    int at = -1;
    for (int i = 0; i < readme.size(); i++) {
      if (readme.get(i).startsWith(MARKER)) {
        at = i;
      }
    }
    assertTrue(at >= 0, "the README has the quickstart's output block");
    assertEquals("```text", readme.get(at + 1));
    List<String> shown = new ArrayList<>();
    for (int i = at + 2; !readme.get(i).equals("```"); i++) {
      shown.add(readme.get(i));
    }
    assertTrue(shown.size() > 10, "the block shows the tree");
    assertTrue(readme.contains("./kwire sample CreateTopics --version 7"));

    CliRun run = CliRun.of("sample", "CreateTopics", "--version", "7");
    assertEquals(0, run.exitCode(), run.err());
    List<String> printed = run.out().lines().toList();
    assertEquals(0, Collections.indexOfSubList(printed, shown), "the README's lines, in order, at the top of:\n"
        + run.out());
  }
}
