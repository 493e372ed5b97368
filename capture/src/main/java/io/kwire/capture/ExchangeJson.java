package io.kwire.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Duration;

/**
 * An exchange as one line of JSON: when, which connection, client id and software, API, version,
 * sizes, latency, then the request and response bodies as Kafka's JSON (kwire-json). Secrets are
 * redacted by the rule every kwire tool shares ({@link io.kwire.runtime.meta.Redaction}) unless the
 * options say otherwise; record data is written as Kafka's request log writes it ({@code ""}) unless
 * asked for.
 *
 * <pre>{@code
 * {"time":"2026-12-06T10:00:00.001Z","client":"10.0.0.1:50123","broker":"10.0.0.2:9092",
 *  "clientId":"console-consumer","clientSoftware":{"name":"apache-kafka-java","version":"4.4.0"},
 *  "api":"Metadata","apiKey":3,"version":12,"correlationId":2,"requestBytes":53,"responseBytes":57,
 *  "latencyMs":0.412,"request":{...},"response":{...}}
 * }</pre>
 */
public final class ExchangeJson {
  /** Secrets redacted, record data left out. */
  public static final JsonOptions SAFE = JsonOptions.DEFAULT.withRedactedSecrets(true).withRecordData(false);

  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private ExchangeJson() {}

  /** The exchange's line, without a line break. */
  public static String line(Exchange exchange, JsonOptions options) {
    StringWriter text = new StringWriter();
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      write(exchange, out, options);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** Writes the exchange as one JSON object. */
  public static void write(Exchange exchange, JsonGenerator out, JsonOptions options) throws IOException {
    out.writeStartObject();
    out.writeStringField("time", exchange.requestTime().toString());
    Conversation connection = exchange.connection();
    out.writeStringField("client", connection.client().toString());
    out.writeStringField("broker", connection.broker().toString());
    if (exchange.clientId() != null) {
      out.writeStringField("clientId", exchange.clientId());
    }
    if (connection.software() != null) {
      out.writeObjectFieldStart("clientSoftware");
      out.writeStringField("name", connection.software().name());
      out.writeStringField("version", connection.software().version());
      out.writeEndObject();
    }
    out.writeStringField("api", exchange.api());
    out.writeNumberField("apiKey", exchange.apiKey());
    out.writeNumberField("version", exchange.version());
    if (exchange.answered() && exchange.responseVersion() != exchange.version()) {
      out.writeNumberField("responseVersion", exchange.responseVersion());
    }
    out.writeNumberField("correlationId", exchange.correlationId());
    out.writeNumberField("requestBytes", exchange.requestSize());
    if (exchange.answered()) {
      out.writeNumberField("responseBytes", exchange.responseSize());
      out.writeFieldName("latencyMs");
      out.writeNumber(millis(exchange.latency()));
    }
    if (connection.midstream()) {
      out.writeBooleanField("midstream", true);
    }
    if (connection.lossy()) {
      out.writeBooleanField("lossy", true);
    }
    if (exchange.request() != null) {
      out.writeFieldName("request");
      body(exchange.requestCodec(), exchange.request(), exchange.version(), out, options);
    }
    if (exchange.response() != null) {
      out.writeFieldName("response");
      body(exchange.responseCodec(), exchange.response(), exchange.responseVersion(), out, options);
    }
    strings(out, "errors", exchange.errors());
    strings(out, "notes", exchange.notes());
    out.writeEndObject();
  }

  private static void strings(JsonGenerator out, String name, java.util.List<String> values) throws IOException {
    if (!values.isEmpty()) {
      out.writeArrayFieldStart(name);
      for (String value : values) {
        out.writeString(value);
      }
      out.writeEndArray();
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> void body(ApiMessageCodec<T> codec, Object body, short version, JsonGenerator out,
      JsonOptions options) {
    KwireJson.write(codec, (T) body, version, out, options);
  }

  /** Milliseconds with microsecond precision: {@code 0.412}. */
  static BigDecimal millis(Duration latency) {
    return BigDecimal.valueOf(latency.toNanos() / 1000, 3);
  }
}
