package io.kwire.proxy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.util.List;

/**
 * One JSON line per message: when, which connection, direction, API, version, correlation id (and
 * the client id of a request), then the message itself as Kafka's JSON. Record data is left out
 * as Kafka's request log leaves it out ({@code ""}); secrets are redacted unless asked otherwise, by
 * the rule every kwire tool shares ({@link io.kwire.runtime.meta.Redaction}, through kwire-json).
 *
 * <p>Lines are rendered and written off the event loops ({@link LogQueue}). A message whose frame is
 * larger than {@link ProxyConfig#logMessageMaxBytes} is not rendered at all, and one whose line
 * would grow past it (counted in characters) stops being rendered there: either is logged as a short line with
 * {@code "omitted"} saying why, beside its API, version and frame size.
 */
final class MessageLog implements AutoCloseable {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private final JsonOptions options;
  private final int maxLineBytes;
  private final LogQueue queue;

  private MessageLog(ProxyConfig config, LogSink sink, Counters counters) {
    this.options = JsonOptions.DEFAULT.withRedactedSecrets(config.redactSecrets());
    this.maxLineBytes = config.logMessageMaxBytes();
    this.queue = new LogQueue(sink, counters.logDropped, MessageLog::dropped, config.events());
  }

  /**
   * The log {@code config} asks for, writing to its file or its consumer; null for none.
   *
   * @throws IllegalStateException if the log file cannot be opened
   */
  static MessageLog open(ProxyConfig config, Counters counters) {
    if (config.logFile() != null) {
      try {
        return new MessageLog(config, new RotatingLogFile(config.logFile(), config.logMaxBytes(), config.logFiles()),
            counters);
      } catch (IOException e) {
        throw new IllegalStateException("cannot write the log file " + config.logFile() + ": " + e.getMessage(), e);
      }
    }
    return config.log() == null ? null : new MessageLog(config, LogSink.of(config.log()), counters);
  }

  /**
   * Queues the line of one message; {@code frameBytes} is the size of the frame it came in (or, for
   * an answer of the bridge's own, of the request it answers), checked before anything is rendered.
   */
  <T> void message(String connection, String direction, ApiMessageCodec<T> codec, short version, int correlationId,
      String clientId, T body, int frameBytes) {
    Instant time = Instant.now();
    if (frameBytes > maxLineBytes) {
      queue.offer(() -> omitted(time, connection, direction, codec, version, correlationId, clientId, frameBytes,
          "frame over the " + maxLineBytes + "-byte log message cap"), 0);
    } else {
      queue.offer(() -> line(time, connection, direction, codec, version, correlationId, clientId, body, frameBytes),
          frameBytes);
    }
  }

  private <T> String line(Instant time, String connection, String direction, ApiMessageCodec<T> codec, short version,
      int correlationId, String clientId, T body, int frameBytes) {
    CappedWriter text = new CappedWriter(maxLineBytes);
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      head(out, time, connection, direction, codec, version, correlationId, clientId);
      out.writeFieldName("message");
      KwireJson.write(codec, body, version, out, options);
      out.writeEndObject();
    } catch (IOException | RuntimeException e) {
      if (!text.over) {
        throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
      }
      return omitted(time, connection, direction, codec, version, correlationId, clientId, frameBytes,
          "JSON over the " + maxLineBytes + "-byte log message cap");
    }
    return text.toString();
  }

  private String omitted(Instant time, String connection, String direction, ApiMessageCodec<?> codec, short version,
      int correlationId, String clientId, int frameBytes, String why) {
    StringWriter text = new StringWriter();
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      head(out, time, connection, direction, codec, version, correlationId, clientId);
      out.writeNumberField("frameBytes", frameBytes);
      out.writeStringField("omitted", why);
      out.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  private static void head(JsonGenerator out, Instant time, String connection, String direction,
      ApiMessageCodec<?> codec, short version, int correlationId, String clientId) throws IOException {
    out.writeStartObject();
    out.writeStringField("time", time.toString());
    out.writeStringField("connection", connection);
    out.writeStringField("direction", direction);
    out.writeStringField("api", codec.descriptor().name().replaceFirst("(Request|Response)$", ""));
    out.writeNumberField("apiKey", codec.apiKey());
    out.writeNumberField("version", version);
    out.writeNumberField("correlationId", correlationId);
    if (clientId != null) {
      out.writeStringField("clientId", clientId);
    }
  }

  /**
   * Queues a bridge line: what happened to one request ({@code "translated"} to another version, or
   * {@code "local"}: answered by the bridge), and the translator's notes (what could not be carried,
   * headers dropped, batches removed, why it answered itself).
   */
  void translation(String connection, String api, short apiKey, short clientVersion, short upstreamVersion,
      int correlationId, String what, List<String> notes) {
    Instant time = Instant.now();
    long weight = notes.stream().mapToLong(String::length).sum();
    queue.offer(() -> translationLine(time, connection, api, apiKey, clientVersion, upstreamVersion, correlationId,
        what, notes), weight);
  }

  private static String translationLine(Instant time, String connection, String api, short apiKey,
      short clientVersion, short upstreamVersion, int correlationId, String what, List<String> notes) {
    StringWriter text = new StringWriter();
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      out.writeStartObject();
      out.writeStringField("time", time.toString());
      out.writeStringField("connection", connection);
      out.writeStringField("direction", "bridge");
      out.writeStringField("api", api);
      out.writeNumberField("apiKey", apiKey);
      out.writeNumberField("version", clientVersion);
      out.writeNumberField("correlationId", correlationId);
      out.writeStringField("translation", what);
      if (upstreamVersion >= 0) {
        out.writeNumberField("upstreamVersion", upstreamVersion);
      }
      out.writeArrayFieldStart("notes");
      for (String note : notes) {
        out.writeString(note);
      }
      out.writeEndArray();
      out.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** The line the writer adds when lines were dropped because the queue was full. */
  private static String dropped(long lines) {
    StringWriter text = new StringWriter();
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      out.writeStartObject();
      out.writeStringField("time", Instant.now().toString());
      out.writeStringField("direction", "log");
      out.writeNumberField("dropped", lines);
      out.writeStringField("why", "the log was written slower than messages came; the proxy did not wait for it");
      out.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** Writes what is queued, then closes the file (if the log has one). */
  @Override
  public void close() {
    queue.close();
  }

  /** A writer into a string builder that refuses to grow past {@code max} chars. */
  private static final class CappedWriter extends Writer {
    private final StringBuilder text = new StringBuilder();
    private final int max;
    boolean over;

    CappedWriter(int max) {
      this.max = max;
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
      if (text.length() + length > max) {
        over = true;
        throw new IOException("log line over " + max + " chars");
      }
      text.append(chars, offset, length);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}

    @Override
    public String toString() {
      return text.toString();
    }
  }
}
