package io.kwire.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.wire.KwireProtocolException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * Messages to and from JSON in the format of Apache Kafka's generated {@code *JsonConverter}
 * classes (kafka-clients 4.4.0): lowerCamel field names in declaration order, only the fields the
 * version has, tagged fields only when set, int64 as JSON numbers, bytes and records as base64,
 * uuids as Kafka prints them, nulls as null. Kafka's JSON reads back here and the other way round.
 *
 * <p>Rendering encodes the message with its codec and reads those bytes with the message's
 * descriptor; reading writes the JSON as wire bytes with the descriptor and decodes them with the
 * codec. So no record is ever inspected by reflection, every rule the codec enforces applies to
 * JSON too, and bytes can be shown as JSON without a codec ({@link #bytesToJson}).
 *
 * <p>Errors: JSON that is not the message raises {@link KwireJsonException} naming the field's path;
 * a message the codec cannot encode at the version raises the codec's {@code KwireEncodeException};
 * bytes that are not the message raise {@code KwireProtocolException}.
 *
 * <p>All methods are thread-safe.
 */
public final class KwireJson {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private KwireJson() {}

  /** {@code message} at {@code version} as Kafka's JSON, nothing redacted. */
  public static <T> String write(MessageCodec<T> codec, T message, short version) {
    return write(codec, message, version, JsonOptions.DEFAULT);
  }

  /** {@code message} at {@code version} as Kafka's JSON, rendered as {@code options} say. */
  public static <T> String write(MessageCodec<T> codec, T message, short version, JsonOptions options) {
    return bytesToJson(codec.descriptor(), codec.encode(message, version), version, options);
  }

  /** Writes {@code message} as one JSON object to {@code out} (for pretty printing, or a stream of messages). */
  public static <T> void write(MessageCodec<T> codec, T message, short version, JsonGenerator out, JsonOptions options) {
    bytesToJson(codec.descriptor(), codec.encode(message, version), version, out, options);
  }

  /**
   * A message body (without header) at {@code version} as Kafka's JSON, read with the descriptor
   * alone. Unknown tagged fields are left out, as Kafka does.
   *
   * @throws KwireProtocolException if {@code body} is not a {@code descriptor} message at {@code version}
   */
  public static String bytesToJson(MessageDescriptor descriptor, byte[] body, short version, JsonOptions options) {
    StringWriter text = new StringWriter();
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      bytesToJson(descriptor, body, version, out, options);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** Writes a message body as one JSON object to {@code out}; see {@link #bytesToJson(MessageDescriptor, byte[], short, JsonOptions)}. */
  public static void bytesToJson(MessageDescriptor descriptor, byte[] body, short version, JsonGenerator out,
      JsonOptions options) {
    bytesToJson(descriptor, body, 0, body.length, version, out, options);
  }

  /**
   * Writes the message body in {@code length} bytes of {@code buffer} from {@code offset} (a body
   * inside a frame, say) as one JSON object to {@code out}; see
   * {@link #bytesToJson(MessageDescriptor, byte[], short, JsonOptions)}. Record data that the
   * options leave out is not copied.
   */
  public static void bytesToJson(MessageDescriptor descriptor, byte[] buffer, int offset, int length, short version,
      JsonGenerator out, JsonOptions options) {
    StructValue tree = WireTreeReader.read(descriptor, buffer, offset, length, version, options.recordData());
    try {
      new TreeJsonWriter(out, options).struct(tree);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads Kafka's JSON for {@code codec}'s message at {@code version}. Fields the version does not
   * have, and unknown keys, are ignored; tagged fields left out take their defaults.
   *
   * @throws KwireJsonException naming the path of the first bad field
   */
  public static <T> T read(MessageCodec<T> codec, String json, short version) {
    try (JsonParser in = FACTORY.createParser(json)) {
      return read(codec, in, version);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads the next JSON value from {@code in}, which must hold nothing after it; see {@link #read(MessageCodec, String, short)}. */
  public static <T> T read(MessageCodec<T> codec, JsonParser in, short version) {
    return decode(codec, JsonTree.readWhole(in), version);
  }

  /**
   * Reads one JSON value embedded in a larger document, such as the {@code "json"} member of a
   * line of JSON Lines, without copying it out first. The value starts at {@code in}'s current
   * token (as {@code nextToken()} just returned it; a parser with no current token is advanced
   * once), and {@code in} is left at the value's last token ({@code END_OBJECT} for an object), so
   * the caller's next {@code nextToken()} sees whatever follows. Otherwise as
   * {@link #read(MessageCodec, String, short)}; the caller still owns and closes {@code in}.
   *
   * @throws KwireJsonException naming the path of the first bad field, or where the JSON is not valid
   */
  public static <T> T readValue(MessageCodec<T> codec, JsonParser in, short version) {
    return decode(codec, JsonTree.readValue(in), version);
  }

  private static <T> T decode(MessageCodec<T> codec, Object tree, short version) {
    byte[] body = JsonWireWriter.write(codec.descriptor(), tree, version);
    try {
      return codec.decode(body, version);
    } catch (KwireProtocolException e) {
      // The JSON passed every check of Kafka's reading, yet the codec refuses what it became.
      throw new KwireJsonException(e.fieldPath(), e.reason(), e);
    }
  }

  /**
   * Reads Kafka's JSON for the request or response of {@code apiKey} found in {@code registry}.
   *
   * @param type {@link MessageType#REQUEST} or {@link MessageType#RESPONSE}
   * @return the message record, of the codec's {@code messageType()}
   * @throws io.kwire.runtime.wire.UnknownApiException if the registry has no such codec
   */
  public static Object read(KwireRegistry registry, int apiKey, MessageType type, short version, String json) {
    MessageCodec<?> codec = switch (type) {
      case REQUEST -> registry.request(apiKey);
      case RESPONSE -> registry.response(apiKey);
      default -> throw new IllegalArgumentException("an API message is a REQUEST or a RESPONSE, not " + type);
    };
    return read(codec, json, version);
  }

  /** Kafka's JSON for {@code codec}'s message at {@code version}, as the body Kafka would send. */
  public static <T> byte[] jsonToBytes(MessageCodec<T> codec, String json, short version) {
    return codec.encode(read(codec, json, version), version);
  }
}
