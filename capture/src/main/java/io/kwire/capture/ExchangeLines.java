package io.kwire.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.kwire.json.JsonOptions;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Exchanges as JSON lines ({@link ExchangeJson}), UTF-8, each followed by {@code \n}, written to a
 * stream through one generator for all of them: the bytes of {@link ExchangeJson#line} plus the line
 * break, without a String, a writer or a generator per line. Each line is handed to the stream
 * when it is complete (without flushing the stream), so a live capture's lines come as they
 * happen. Closing flushes, and leaves the stream open. Not thread-safe.
 */
public final class ExchangeLines implements Flushable, Closeable {
  private static final JsonFactory FACTORY = new JsonFactoryBuilder()
      .rootValueSeparator((String) null)
      .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
      .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
      .build();

  private final JsonGenerator out;
  private final OutputStream stream;
  private final JsonOptions options;

  public ExchangeLines(OutputStream out, JsonOptions options) {
    try {
      this.out = FACTORY.createGenerator(out);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    this.stream = out;
    this.options = options;
  }

  /** Writes the exchange's line and its line break, and hands them to the stream. */
  public void write(Exchange exchange) throws IOException {
    ExchangeJson.write(exchange, out, options);
    out.writeRaw('\n');
    out.flush();
  }

  /** Flushes the stream too. */
  @Override
  public void flush() throws IOException {
    out.flush();
    stream.flush();
  }

  @Override
  public void close() throws IOException {
    out.close();
    stream.flush();
  }
}
