package io.kwire.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress of a long run on stderr: a line redrawn in place a few times a second while it runs, and
 * one summary line at the end (lines, errors, time). Silent unless {@code shown}: stderr is a
 * terminal, or the user asked with {@code --progress}; piped runs stay quiet.
 */
final class Progress {
  /** Lines between clock readings: reading the clock per line would cost more than the line. */
  private static final long CHECK_EVERY = 4096;
  private static final long REDRAW_NANOS = 250_000_000L;

  private final PrintWriter err;
  private final boolean shown;
  private final LongSupplier nanoTime;
  private final long start;
  private long lastDrawn;

  Progress(PrintWriter err, boolean shown, LongSupplier nanoTime) {
    this.err = err;
    this.shown = shown;
    this.nanoTime = nanoTime;
    this.start = nanoTime.getAsLong();
    this.lastDrawn = start;
  }

  /** What a run did, for the summary and for tests. */
  record Summary(long lines, long errors, long nanos) {
    double linesPerSecond() {
      return nanos == 0 ? 0 : lines * 1e9 / nanos;
    }

    String text() {
      return String.format(Locale.ROOT, "kwire: %d lines, %d errors, %.2f s (%.0f lines/s)", lines, errors,
          nanos / 1e9, linesPerSecond());
    }
  }

  void lineDone(long lines, long errors) {
    if (!shown || lines % CHECK_EVERY != 0) {
      return;
    }
    long now = nanoTime.getAsLong();
    if (now - lastDrawn >= REDRAW_NANOS) {
      lastDrawn = now;
      // \r and no newline: the next drawing, or the summary, overwrites this one.
      err.print("\r" + new Summary(lines, errors, now - start).text());
      err.flush();
    }
  }

  Summary finish(long lines, long errors) {
    Summary summary = new Summary(lines, errors, nanoTime.getAsLong() - start);
    if (shown) {
      // Trailing spaces wipe what is left of a longer progress line.
      err.println("\r" + summary.text() + "    ");
      err.flush();
    }
    return summary;
  }
}
