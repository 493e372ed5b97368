package io.kwire.proxy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;

/**
 * One JSON line per message: when, which connection, direction, API, version, correlation id (and
 * the client id of a request), then the message itself as Kafka's JSON. Record data is left out
 * as Kafka's request log leaves it out ({@code ""}); secrets are redacted unless asked otherwise, by
 * the rule every kwire tool shares ({@link io.kwire.runtime.meta.Redaction}, through kwire-json).
 */
final class MessageLog {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private final JsonOptions options;

  MessageLog(boolean redact) {
    this.options = JsonOptions.DEFAULT.withRedactedSecrets(redact);
  }

  <T> String line(String connection, String direction, ApiMessageCodec<T> codec, short version, int correlationId,
      String clientId, T body) {
    String message = KwireJson.write(codec, body, version, options);
    StringWriter text = new StringWriter();
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      out.writeStartObject();
      out.writeStringField("time", Instant.now().toString());
      out.writeStringField("connection", connection);
      out.writeStringField("direction", direction);
      out.writeStringField("api", codec.descriptor().name().replaceFirst("(Request|Response)$", ""));
      out.writeNumberField("apiKey", codec.apiKey());
      out.writeNumberField("version", version);
      out.writeNumberField("correlationId", correlationId);
      if (clientId != null) {
        out.writeStringField("clientId", clientId);
      }
      out.writeFieldName("message");
      out.writeRawValue(message);
      out.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /**
   * A bridge line: what happened to one request ({@code "translated"} to another version, or
   * {@code "local"}: answered by the bridge), and the translator's notes (what could not be carried,
   * headers dropped, batches removed, why it answered itself).
   */
  String translation(String connection, String api, short apiKey, short clientVersion, short upstreamVersion,
      int correlationId, String what, List<String> notes) {
    StringWriter text = new StringWriter();
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      out.writeStartObject();
      out.writeStringField("time", Instant.now().toString());
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
}
