package io.kwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.kwire.annotations.MessageType;
import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.ResponseHeaderCodec;
import java.io.IOException;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;

/**
 * Whole frames (size, header, body) as {@code {"header": {...}, "body": {...}}}: the header in
 * Kafka's JSON for RequestHeader/ResponseHeader at the header version the body's version implies.
 */
final class FrameJson {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private FrameJson() {}

  /** Writes the frame; a request is recognised from its header unless {@code told}, a response needs api and version. */
  static void decode(KwireRegistry registry, byte[] frame, MessageType told, String api, Integer version,
      JsonGenerator out, JsonOptions options) throws IOException {
    MessageType type = FrameKind.of(registry, frame, told, api, version);
    if (type == MessageType.REQUEST) {
      DecodedRequest<?> request = Frames.decodeRequest(frame, registry);
      if (api != null && Apis.find(registry, api, MessageType.REQUEST) != request.codec()) {
        throw new UsageException("the frame is a " + request.codec().descriptor().name() + ", not " + api);
      }
      writeRequest(request, out, options);
      return;
    }
    ApiMessageCodec<?> codec = Apis.find(registry, api, MessageType.RESPONSE);
    writeResponse(codec, Apis.version(codec, version), frame, out, options);
  }

  private static <T> void writeRequest(DecodedRequest<T> request, JsonGenerator out, JsonOptions options)
      throws IOException {
    short version = request.header().requestApiVersion();
    out.writeStartObject();
    out.writeFieldName("header");
    KwireJson.write(RequestHeaderCodec.INSTANCE, request.header(), request.codec().headerVersion(version), out, options);
    out.writeFieldName("body");
    KwireJson.write(request.codec(), request.body(), version, out, options);
    out.writeEndObject();
  }

  private static <T> void writeResponse(ApiMessageCodec<T> codec, short version, byte[] frame, JsonGenerator out,
      JsonOptions options) throws IOException {
    DecodedResponse<T> response = Frames.decodeResponse(frame, codec, version);
    out.writeStartObject();
    out.writeFieldName("header");
    KwireJson.write(ResponseHeaderCodec.INSTANCE, response.header(), codec.headerVersion(version), out, options);
    out.writeFieldName("body");
    KwireJson.write(codec, response.body(), version, out, options);
    out.writeEndObject();
  }

  /**
   * The frame that {@code json} ({@code {"header", "body"}}) describes. A request's header says its
   * API and version ({@code requestApiKey}, {@code requestApiVersion}); a response needs {@code api}.
   */
  static byte[] encode(KwireRegistry registry, String json, MessageType type, String api, Integer version)
      throws IOException {
    Map<String, String> parts = topLevel(json);
    String header = parts.get("header");
    String body = parts.get("body");
    if (header == null || body == null) {
      throw new UsageException("a frame is {\"header\": {...}, \"body\": {...}}");
    }
    if (type == MessageType.RESPONSE) {
      if (api == null) {
        throw new UsageException("a response frame does not say what it answers: give --api (and --version)");
      }
      ApiMessageCodec<?> codec = Apis.find(registry, api, MessageType.RESPONSE);
      return encodeResponse(codec, Apis.version(codec, version), header, body);
    }
    Map<String, String> fields = topLevel(header);
    ApiMessageCodec<?> codec = registry.request(integer(fields, "requestApiKey"));
    if (api != null && Apis.find(registry, api, MessageType.REQUEST) != codec) {
      throw new UsageException("the header names " + codec.descriptor().name() + ", not " + api);
    }
    short v = Apis.version(codec, integer(fields, "requestApiVersion"));
    if (version != null && version != v) {
      throw new UsageException("the header says version " + v + ", not " + version);
    }
    return encodeRequest(codec, v, header, body);
  }

  private static <T> byte[] encodeRequest(ApiMessageCodec<T> codec, short version, String header, String body) {
    RequestHeader h = KwireJson.read(RequestHeaderCodec.INSTANCE, header, codec.headerVersion(version));
    return Frames.encodeRequest(h, codec, KwireJson.read(codec, body, version));
  }

  private static <T> byte[] encodeResponse(ApiMessageCodec<T> codec, short version, String header, String body) {
    ResponseHeader h = KwireJson.read(ResponseHeaderCodec.INSTANCE, header, codec.headerVersion(version));
    return Frames.encodeResponse(h, codec, version, KwireJson.read(codec, body, version));
  }

  private static int integer(Map<String, String> fields, String name) {
    String text = fields.get(name);
    try {
      return Integer.parseInt(text == null ? "" : text.trim());
    } catch (NumberFormatException e) {
      throw new UsageException("the header needs \"" + name + "\" as an integer");
    }
  }

  /** An object's members as JSON text each, so that parts can be read once what they are is known. */
  private static Map<String, String> topLevel(String json) throws IOException {
    Map<String, String> parts = new HashMap<>();
    try (JsonParser p = FACTORY.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new UsageException("a frame is a JSON object: {\"header\": {...}, \"body\": {...}}");
      }
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String key = p.currentName();
        p.nextToken();
        StringWriter text = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(text)) {
          g.copyCurrentStructure(p);
        }
        parts.put(key, text.toString());
      }
    }
    return parts;
  }
}
