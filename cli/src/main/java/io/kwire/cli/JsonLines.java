package io.kwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import io.kwire.annotations.MessageType;
import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code --jsonl} batch modes: one JSON object per line in, one per line out, in the same order,
 * a bad line answered by {@code {"error": ...}} alone. Nothing is redacted and record data is kept,
 * so that round trips are exact. Blank lines are skipped without an answer (error messages
 * count them in their line numbers).
 */
final class JsonLines {
  /** Characters outside the BMP as UTF-8, as Kafka writes them, not as escaped surrogate pairs. */
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build();
  private static final JsonOptions EXACT = JsonOptions.DEFAULT.withRecordData(true);

  private final KwireRegistry registry;
  /** Codecs by what a line says ("19", "CreateTopics"), per type: names are looked up once. */
  private final Map<String, ApiMessageCodec<?>> requests = new HashMap<>();
  private final Map<String, ApiMessageCodec<?>> responses = new HashMap<>();
  private final JsonlHex hex = new JsonlHex();

  JsonLines(KwireRegistry registry) {
    this.registry = registry;
  }

  /** What one input line says: the body {@code bodyHex} holds (decode), or the body {@code json} encodes to (encode). */
  private record Line(ApiMessageCodec<?> codec, short version, byte[] body, byte[] encoded) {}

  /** {@code {"api","type","version","bodyHex"}} in, {@code {"json","reencodedHex"}} out. */
  Progress.Summary decode(InputStream in, OutputStream out, Progress progress) throws IOException {
    return run(in, out, progress, "bodyHex", (line, gen) -> {
      byte[] body = line.body();
      byte[] reencoded = reencode(line.codec(), body, line.version());
      gen.writeStartObject();
      gen.writeFieldName("json");
      // Straight into the output: KwireJson reads the whole body before it writes a token, and the
      // codec has just read it, so a bad body fails before anything of this line is written.
      KwireJson.bytesToJson(line.codec().descriptor(), body, line.version(), gen, EXACT);
      gen.writeFieldName("reencodedHex");
      hex.write(gen, reencoded);
      gen.writeEndObject();
    });
  }

  /** {@code {"api","type","version","json"}} in, {@code {"bodyHex"}} out. */
  Progress.Summary encode(InputStream in, OutputStream out, Progress progress) throws IOException {
    return run(in, out, progress, "json", (line, gen) -> {
      gen.writeStartObject();
      gen.writeFieldName("bodyHex");
      hex.write(gen, line.encoded());
      gen.writeEndObject();
    });
  }

  private interface Answer {
    /** Writes the line's answer; throws before writing anything if the line is bad. */
    void write(Line line, JsonGenerator out) throws IOException;
  }

  private Progress.Summary run(InputStream in, OutputStream out, Progress progress, String payloadKey, Answer answer)
      throws IOException {
    ByteLines reader = new ByteLines(in);
    long lines = 0;
    long errors = 0;
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      // Lines end in '\n', written below; Jackson would put a space between root values.
      gen.setRootValueSeparator(null);
      long lineNumber = 0;
      while (reader.next()) {
        lineNumber++;
        String text = printableAscii(reader) ? null
            : new String(reader.buffer(), reader.start(), reader.length(), StandardCharsets.UTF_8);
        if (text == null ? isBlankAscii(reader) : text.isBlank()) {
          continue;
        }
        lines++;
        try {
          Line line;
          // Printable ASCII parses from the bytes as from the text, to the same tokens, errors and columns.
          try (JsonParser p = text == null ? FACTORY.createParser(reader.buffer(), reader.start(), reader.length())
              : FACTORY.createParser(text)) {
            line = parse(p, payloadKey);
          }
          answer.write(line, gen);
        } catch (IOException | RuntimeException e) {
          errors++;
          gen.writeStartObject();
          gen.writeStringField("error", "line " + lineNumber + ": " + Kwire.describe(e));
          gen.writeEndObject();
        }
        gen.writeRaw('\n');
        // Flush when the input has nothing more buffered: interactive use sees each answer, bulk stays buffered.
        if (!reader.ready()) {
          gen.flush();
        }
        progress.lineDone(lines, errors);
      }
    }
    return progress.finish(lines, errors);
  }

  /** Whether the line is tabs and the characters from space to '~' only. */
  private static boolean printableAscii(ByteLines line) {
    byte[] b = line.buffer();
    for (int i = line.start(), end = line.start() + line.length(); i < end; i++) {
      if ((b[i] < 0x20 && b[i] != '\t') || b[i] > 0x7E) {
        return false;
      }
    }
    return true;
  }

  /** {@link String#isBlank} for a {@link #printableAscii} line. */
  private static boolean isBlankAscii(ByteLines line) {
    byte[] b = line.buffer();
    for (int i = line.start(), end = line.start() + line.length(); i < end; i++) {
      if (b[i] != ' ' && b[i] != '\t') {
        return false;
      }
    }
    return true;
  }

  private Line parse(JsonParser p, String payloadKey) throws IOException {
    String api = null;
    String type = null;
    Integer version = null;
    String payload = null;
    byte[] hexBytes = null;
    byte[] encoded = null;
    if (p.nextToken() != JsonToken.START_OBJECT) {
      throw new UsageException("a line must be one JSON object");
    }
    for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
      String key = p.currentName();
      JsonToken value = p.nextToken();
      if (encoded != null && (key.equals("api") || key.equals("type") || key.equals("version"))) {
        // The message was read with the codec and version named before it; the last key would win.
        throw new UsageException("\"" + key + "\" given again after \"json\"");
      }
      switch (key) {
        case "api" -> api = scalar(p, value, key);
        case "type" -> type = scalar(p, value, key);
        case "version" -> version = integer(p, value);
        default -> {
          if (key.equals(payloadKey) && payloadKey.equals("json")) {
            if (api != null && type != null && version != null) {
              // The usual order: the message is read in place, not copied out and parsed again.
              ApiMessageCodec<?> codec = codec(api, type);
              encoded = encode(codec, p, Apis.version(codec, version));
              payload = null;
            } else {
              payload = copy(p);
              encoded = null;
            }
          } else if (key.equals(payloadKey)) {
            // Hex straight from the parser's characters; text only for what is not hex, to report it as before.
            hexBytes = value == JsonToken.VALUE_STRING
                ? JsonlHex.parseOrNull(p.getTextCharacters(), p.getTextOffset(), p.getTextLength()) : null;
            payload = hexBytes != null ? null : scalar(p, value, key);
          } else {
            p.skipChildren();
          }
        }
      }
    }
    if (p.nextToken() != null) {
      throw new UsageException("text after the JSON object");
    }
    if (api == null || type == null || version == null || (payload == null && encoded == null && hexBytes == null)) {
      throw new UsageException("a line needs \"api\", \"type\", \"version\" and \"" + payloadKey + "\"");
    }
    ApiMessageCodec<?> lineCodec = codec(api, type);
    short lineVersion = Apis.version(lineCodec, version);
    if (encoded == null && payloadKey.equals("json")) {
      encoded = KwireJson.jsonToBytes(lineCodec, payload, lineVersion);
    }
    byte[] body = payloadKey.equals("bodyHex") ? (hexBytes != null ? hexBytes : JsonlHex.parse(payload)) : null;
    return new Line(lineCodec, lineVersion, body, encoded);
  }

  /** Encodes the message whose JSON starts at the parser, which is left after it. */
  private static <T> byte[] encode(MessageCodec<T> codec, JsonParser p, short version) {
    return codec.encode(KwireJson.readValue(codec, p, version), version);
  }

  private static String scalar(JsonParser p, JsonToken value, String key) throws IOException {
    if (value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NUMBER_INT) {
      throw new UsageException("\"" + key + "\" must be a string");
    }
    return p.getText();
  }

  private static int integer(JsonParser p, JsonToken value) throws IOException {
    if (value != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
      throw new UsageException("\"version\" must be an integer");
    }
    return p.getIntValue();
  }

  /** The value at the parser, as JSON text for {@link KwireJson}: it reads whole values only. */
  private static String copy(JsonParser p) throws IOException {
    StringWriter text = new StringWriter(256);
    try (JsonGenerator g = FACTORY.createGenerator(text)) {
      g.copyCurrentStructure(p);
    }
    return text.toString();
  }

  private ApiMessageCodec<?> codec(String api, String type) {
    MessageType messageType = switch (type) {
      case "request" -> MessageType.REQUEST;
      case "response" -> MessageType.RESPONSE;
      default -> throw new UsageException("\"type\" must be \"request\" or \"response\", not \"" + type + "\"");
    };
    Map<String, ApiMessageCodec<?>> codecs = messageType == MessageType.REQUEST ? requests : responses;
    ApiMessageCodec<?> codec = codecs.get(api);
    if (codec == null) {
      codec = Apis.find(registry, api, messageType);
      codecs.put(api, codec);
    }
    return codec;
  }

  /** Decodes with the codec (all its checks) and encodes what it read. */
  static <T> byte[] reencode(MessageCodec<T> codec, byte[] body, short version) {
    return codec.encode(codec.decode(body, version), version);
  }
}
