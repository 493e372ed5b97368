package io.kwire.proxy;

import java.io.IOException;
import java.util.function.Consumer;

/** Where the message log's lines end up; called from the log's one writer thread only. */
interface LogSink {
  void write(String line) throws IOException;

  /** Called when the writer has nothing more queued: what was written becomes visible ({@code tail -f}). */
  default void flush() throws IOException {}

  default void close() throws IOException {}

  /** The lines to a {@link ProxyConfig#log} consumer. */
  static LogSink of(Consumer<String> consumer) {
    return consumer::accept;
  }
}
