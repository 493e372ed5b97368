package io.kwire.fake;

import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;

/**
 * One request a broker received and the response it sent (none for acks=0, a dropped connection or
 * a failed handler), as {@link Recording} keeps them.
 */
public final class RecordedExchange {
  private final ControlContext context;
  private final ApiMessageCodec<Object> requestCodec;
  private final ApiMessageCodec<Object> responseCodec;
  private final Object request;
  private final Object response;
  private final long sizeBytes;

  @SuppressWarnings("unchecked") // the codecs are the request's and response's own (FakeApi's)
  <Q, R> RecordedExchange(ControlContext context, ApiMessageCodec<Q> requestCodec, ApiMessageCodec<R> responseCodec,
      Q request, R response) {
    this.context = context;
    this.requestCodec = (ApiMessageCodec<Object>) requestCodec;
    this.responseCodec = (ApiMessageCodec<Object>) responseCodec;
    this.request = request;
    this.response = response;
    this.sizeBytes = size(this.requestCodec, request, context.apiVersion())
        + (response == null ? 0 : size(this.responseCodec, response, context.apiVersion()));
  }

  /** The bodies' encoded size: what the recording counts against its byte budget. */
  long sizeBytes() {
    return sizeBytes;
  }

  private static long size(ApiMessageCodec<Object> codec, Object message, short version) {
    try {
      return codec.size(message, version);
    } catch (RuntimeException e) {
      return 0; // a response that did not encode (kwire-net answered an error instead): nothing big kept
    }
  }

  /** Broker, connection, API key and version, correlation and client id. */
  public ControlContext context() {
    return context;
  }

  /** The API's name without "Request": "Produce", "Metadata". */
  public String api() {
    return requestCodec.descriptor().name().replaceFirst("Request$", "");
  }

  /** The request record. */
  public Object request() {
    return request;
  }

  /** The request as {@code type}, which must be its class. */
  public <Q> Q request(Class<Q> type) {
    return type.cast(request);
  }

  /** The response record, or null when none was sent. */
  public Object response() {
    return response;
  }

  /** The response as {@code type}, which must be its class; null when none was sent. */
  public <R> R response(Class<R> type) {
    return type.cast(response);
  }

  /**
   * One line of JSON: {@code broker}, {@code connection}, {@code api}, {@code apiKey}, {@code apiVersion},
   * {@code correlationId}, {@code clientId}, then {@code request} and {@code response} (null when none
   * was sent) in the format of Kafka's generated JSON converters (kwire-json; a {@code records} field as
   * they write it, {@code ""}: the typed records have the batches).
   */
  public String json() {
    StringBuilder out = new StringBuilder(256);
    out.append("{\"broker\":").append(context.brokerId())
        .append(",\"connection\":");
    string(out, context.connectionId());
    out.append(",\"api\":");
    string(out, api());
    out.append(",\"apiKey\":").append(context.apiKey())
        .append(",\"apiVersion\":").append(context.apiVersion())
        .append(",\"correlationId\":").append(context.correlationId())
        .append(",\"clientId\":");
    string(out, context.clientId());
    out.append(",\"request\":").append(KwireJson.write(requestCodec, request, context.apiVersion()))
        .append(",\"response\":")
        .append(response == null ? "null" : KwireJson.write(responseCodec, response, context.apiVersion()))
        .append('}');
    return out.toString();
  }

  @Override
  public String toString() {
    return json();
  }

  private static void string(StringBuilder out, String s) {
    if (s == null) {
      out.append("null");
      return;
    }
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }
}
