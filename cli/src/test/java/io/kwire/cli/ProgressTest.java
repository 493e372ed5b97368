package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Progress redraws on a clock, not per line, and stays silent when not shown. */
class ProgressTest {
  private long now;

  @Test
  void redrawsAtMostFourTimesASecondThenSummarises() {
    StringWriter text = new StringWriter();
    Progress progress = new Progress(new PrintWriter(text), true, () -> now);
    for (long line = 1; line <= 100_000; line++) {
      now += 10_000; // 10 µs a line: one second in all
      progress.lineDone(line, line / 1000);
    }
    Progress.Summary summary = progress.finish(100_000, 100);
    assertEquals(100_000, summary.linesPerSecond(), 1e-6);
    String shown = text.toString();
    long drawings = shown.chars().filter(c -> c == '\r').count() - 1;
    assertTrue(drawings >= 3 && drawings <= 4, drawings + " drawings:\n" + shown);
    assertTrue(shown.endsWith("\rkwire: 100000 lines, 100 errors, 1.00 s (100000 lines/s)    \n"), shown);
  }

  @Test
  void silentWhenNotShown() {
    StringWriter text = new StringWriter();
    Progress progress = new Progress(new PrintWriter(text), false, () -> now);
    for (long line = 1; line <= 10_000; line++) {
      now += 1_000_000;
      progress.lineDone(line, 0);
    }
    assertEquals(10_000, progress.finish(10_000, 0).lines());
    assertEquals("", text.toString());
  }
}
