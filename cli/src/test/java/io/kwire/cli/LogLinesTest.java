package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: the command printed its own event line, and kwire-net's server the same event again
 * through java.util.logging's two-line default. Now every line is one line, in one format.
 */
class LogLinesTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-06T10:30:00.123Z"), ZoneOffset.UTC);

  @Test
  void eventsAndJavaLoggingShareOneLineFormat() {
    StringWriter text = new StringWriter();
    Logger root = LogManager.getLogManager().getLogger("");
    Handler[] before = root.getHandlers();
    try {
      LogLines lines = new LogLines(new PrintWriter(text), LogLines.Format.TEXT, CLOCK);
      lines.takeOverJavaLogging();
      lines.events().accept("kwire proxy: 127.0.0.1:5000: upstream 127.0.0.1:9092 refused the connection");
      System.getLogger("io.kwire.net.KwireServer").log(System.Logger.Level.WARNING,
          "kwire server: 127.0.0.1:5001: refused: 2 connections are open already");
      System.getLogger("io.kwire.net.KwireServer").log(System.Logger.Level.ERROR, "kwire server: out of files",
          new java.io.IOException("Too many open files"));
      System.getLogger("io.kwire.net.KwireServer").log(System.Logger.Level.DEBUG, "not shown at the default level");
      assertEquals("2026-12-06T10:30:00.123Z WARN kwire proxy: 127.0.0.1:5000: upstream 127.0.0.1:9092 refused the"
          + " connection\n"
          + "2026-12-06T10:30:00.123Z WARN kwire server: 127.0.0.1:5001: refused: 2 connections are open already\n"
          + "2026-12-06T10:30:00.123Z ERROR kwire server: out of files: java.io.IOException: Too many open files\n",
          text.toString().replace(System.lineSeparator(), "\n"));
    } finally {
      for (Handler h : root.getHandlers()) {
        root.removeHandler(h);
      }
      for (Handler h : before) {
        root.addHandler(h);
      }
    }
  }

  @Test
  void jsonIsOneObjectALineWithTheMessageEscaped() {
    StringWriter text = new StringWriter();
    LogLines lines = new LogLines(new PrintWriter(text), LogLines.Format.JSON, CLOCK);
    lines.line("INFO", "kwire.proxy", "kwire proxy stopped: connections 2\n\"frames\" 7");
    assertEquals("{\"time\":\"2026-12-06T10:30:00.123Z\",\"level\":\"INFO\",\"logger\":\"kwire.proxy\",\"message\":"
        + "\"kwire proxy stopped: connections 2\\n\\\"frames\\\" 7\"}\n", text.toString().replace(System.lineSeparator(), "\n"));
  }
}
