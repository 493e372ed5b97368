package io.kwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.function.Consumer;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The status lines of {@code kwire proxy} and {@code kwire bridge}, one line each in one format: its own
 * (listening, stopped), the proxy's events, and what the libraries log through {@link System.Logger}
 * (kwire-net's server, on java.util.logging, whose default handler writes two lines a record in
 * another format). {@code text}: {@code TIME LEVEL MESSAGE}; {@code json}: one object a line with
 * {@code time}, {@code level}, {@code logger} and {@code message}.
 */
final class LogLines {
  enum Format { TEXT, JSON }

  private static final JsonFactory JSON = new JsonFactory();

  private final PrintWriter out;
  private final Format format;
  private final Clock clock;

  LogLines(PrintWriter out, Format format, Clock clock) {
    this.out = out;
    this.format = format;
    this.clock = clock;
  }

  /** One line, flushed at once (so that {@code tail -f} shows it); event loops call this concurrently. */
  void line(String level, String logger, String message) {
    String text = format == Format.JSON ? json(level, logger, message)
        : clock.instant() + " " + level + " " + message;
    synchronized (out) {
      out.println(text);
      out.flush();
    }
  }

  /** The proxy's event lines: each says something went wrong with a connection. */
  Consumer<String> events() {
    return message -> line("WARN", "kwire.proxy", message);
  }

  /**
   * java.util.logging's root handlers replaced by one writing these lines, so that kwire-net's
   * server lines (a refused connection, a failed handler) look as the others.
   */
  void takeOverJavaLogging() {
    Logger root = LogManager.getLogManager().getLogger("");
    for (Handler handler : root.getHandlers()) {
      root.removeHandler(handler);
    }
    root.addHandler(new Handler() {
      @Override
      public void publish(LogRecord record) {
        if (!isLoggable(record)) {
          return;
        }
        String message = record.getMessage();
        if (record.getParameters() != null && record.getParameters().length > 0) {
          message = java.text.MessageFormat.format(message, record.getParameters());
        }
        if (record.getThrown() != null) {
          message += ": " + record.getThrown();
        }
        line(level(record.getLevel()), record.getLoggerName(), message);
      }

      @Override
      public void flush() {
        out.flush();
      }

      @Override
      public void close() {}
    });
  }

  static String level(Level level) {
    int value = level.intValue();
    return value >= Level.SEVERE.intValue() ? "ERROR" : value >= Level.WARNING.intValue() ? "WARN"
        : value >= Level.INFO.intValue() ? "INFO" : "DEBUG";
  }

  private String json(String level, String logger, String message) {
    StringWriter text = new StringWriter();
    try (JsonGenerator json = JSON.createGenerator(text)) {
      json.writeStartObject();
      json.writeStringField("time", clock.instant().toString());
      json.writeStringField("level", level);
      json.writeStringField("logger", logger == null ? "" : logger);
      json.writeStringField("message", message);
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return text.toString();
  }
}
