package io.kwire.runtime.explain;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.Redaction;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Explains a whole frame (int32 size, request or response header, body) as a tree of
 * {@link WireNode}s, each with its offset and size, from the generated descriptors alone. Malformed
 * input raises {@link KwireProtocolException} with the offset (from the start of the frame) and the
 * path of the field being read.
 *
 * <p>{@link #hidingSecrets} shows the fields that {@link Redaction} hides without their value or
 * children; the node keeps its offset and size, and {@link WireNode#redacted()} tells renderers to
 * hide its bytes too.
 */
public final class FrameExplainer {
  private static final Map<String, String> HEADER_NOTES = Map.of(
      "request_api_key", "numeric id of the API being invoked",
      "request_api_version", "version of the API being invoked",
      "client_id", "always a non-flexible int16-prefixed string");
  private static final String REQUEST_CORRELATION = "echoed back by the broker in the response";
  private static final String RESPONSE_CORRELATION = "matches the correlation_id of the request";

  private final KwireRegistry registry;
  private final boolean redact;

  private FrameExplainer(KwireRegistry registry, boolean redact) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.redact = redact;
  }

  /** Explains the APIs of {@code registry}, hiding nothing. */
  public static FrameExplainer of(KwireRegistry registry) {
    return new FrameExplainer(registry, false);
  }

  /** The same explainer, hiding the value and bytes of every field {@link Redaction} hides. */
  public FrameExplainer hidingSecrets() {
    return new FrameExplainer(registry, true);
  }

  /** Whether the frame's header names a request API and version the registry knows. */
  public boolean looksLikeRequest(byte[] frame) {
    if (frame.length < 8) {
      return false;
    }
    WireReader in = new WireReader(frame);
    in.skip(4);
    short apiKey = in.readInt16();
    short version = in.readInt16();
    return registry.findRequest(apiKey).map(c -> c.descriptor().validVersions().contains(version)).orElse(false);
  }

  /** A request frame: the API and version come from its header. */
  public WireNode explainRequest(byte[] frame) {
    WireReader in = new WireReader(frame);
    WireNode size = frameSize(in, frame);
    if (frame.length < 8) {
      throw new KwireProtocolException(frame.length, "a request frame needs at least 8 bytes, it has "
          + frame.length).inField("request_api_key").inField("RequestHeader");
    }
    short apiKey = (short) (((frame[4] & 0xFF) << 8) | (frame[5] & 0xFF));
    short version = (short) (((frame[6] & 0xFF) << 8) | (frame[7] & 0xFF));
    ApiMessageCodec<?> codec = registry.findRequest(apiKey).orElseThrow(() -> new KwireProtocolException(4,
        "unknown request API key " + apiKey).inField("request_api_key").inField("RequestHeader"));
    MessageDescriptor message = codec.descriptor();
    if (!message.validVersions().contains(version)) {
      throw new KwireProtocolException(6, message.name() + " has versions " + message.validVersions()
          + ", not " + version).inField("request_api_version").inField("RequestHeader");
    }
    short headerVersion = codec.headerVersion(version);
    WireNode header = header(in, frame, RequestHeaderCodec.DESCRIPTOR, headerVersion, apiKey, "common request header",
        REQUEST_CORRELATION);
    return message(frame, in, codec, version, size, header, Region.REQUEST_BODY);
  }

  /** A response frame, which does not say what it answers: the caller gives the API and version. */
  public WireNode explainResponse(byte[] frame, int apiKey, short version) {
    ApiMessageCodec<?> codec = registry.response(apiKey);
    MessageDescriptor message = codec.descriptor();
    if (!message.validVersions().contains(version)) {
      throw new IllegalArgumentException(message.name() + " has versions " + message.validVersions()
          + ", not " + version);
    }
    WireReader in = new WireReader(frame);
    WireNode size = frameSize(in, frame);
    WireNode header = header(in, frame, ResponseHeaderCodec.DESCRIPTOR, codec.headerVersion(version), apiKey,
        "common response header", RESPONSE_CORRELATION);
    return message(frame, in, codec, version, size, header, Region.RESPONSE_BODY);
  }

  private static WireNode frameSize(WireReader in, byte[] frame) {
    try {
      int size = in.readInt32();
      if (size != frame.length - 4) {
        throw new KwireProtocolException(0, "the size prefix says " + size + " byte(s) follow, "
            + (frame.length - 4) + " do");
      }
      WireNode sizeNode = WireNode.leaf("size", "int32", Integer.toString(size),
          "number of bytes that follow, patched after encoding", 0, 4, Region.FRAME);
      return new WireNode("Frame", "", null, "length-delimited framing", 0, 4, Region.FRAME, false,
          List.of(sizeNode));
    } catch (KwireProtocolException e) {
      throw e.inField("size").inField("Frame");
    }
  }

  private WireNode header(WireReader in, byte[] frame, MessageDescriptor header, short headerVersion, int apiKey,
      String note, String correlationNote) {
    int start = in.offset();
    List<WireNode> fields;
    try {
      fields = new FieldWalker(in, frame, headerVersion, header.flexibleVersions(), Region.HEADER, redact)
          .fields(header.body(), "number of tagged fields in the header");
    } catch (KwireProtocolException e) {
      throw e.inField(header.name());
    }
    List<WireNode> named = new ArrayList<>();
    for (WireNode f : fields) {
      String name = f.name().equals("tagged_fields") ? f.name() : snakeCase(f.name());
      String fieldNote = name.equals("correlation_id") ? correlationNote : HEADER_NOTES.getOrDefault(name, f.note());
      // Kafka's protocol guide calls the header's nullable string NULLABLE_STRING.
      String type = name.equals("client_id") ? "nullable_string" : f.type();
      String value = name.equals("request_api_key") ? f.value() + " (" + apiName(apiKey) + ")" : f.value();
      named.add(new WireNode(name, type, value, fieldNote, f.offset(), f.size(), f.region(), f.redacted(),
          f.children()));
    }
    return new WireNode(header.name(), "v" + headerVersion, null, note, start, in.offset() - start, Region.HEADER,
        false, named);
  }

  private WireNode message(byte[] frame, WireReader in, ApiMessageCodec<?> codec, short version, WireNode size,
      WireNode header, Region region) {
    MessageDescriptor message = codec.descriptor();
    int start = in.offset();
    List<WireNode> fields;
    try {
      fields = new FieldWalker(in, frame, version, message.flexibleVersions(), region, redact)
          .fields(message.body(), "number of tagged fields in this struct");
      in.requireFullyConsumed();
    } catch (KwireProtocolException e) {
      throw e.inField(message.name());
    }
    WireNode body = new WireNode(message.name(), "struct", null, "message body, version " + version, start,
        in.offset() - start, region, false, fields);
    return new WireNode(message.name(), "message v" + version, null, "", 0, frame.length, Region.FRAME, false,
        List.of(size, header, body));
  }

  /** The API's name without Request/Response, as Kafka's protocol guide lists it. */
  private String apiName(int apiKey) {
    return registry.findRequest(apiKey).map(c -> stripSuffix(c.descriptor().name())).orElse("unknown");
  }

  static String stripSuffix(String name) {
    for (String suffix : new String[] {"Request", "Response"}) {
      if (name.endsWith(suffix)) {
        return name.substring(0, name.length() - suffix.length());
      }
    }
    return name;
  }

  /** {@code RequestApiKey} becomes {@code request_api_key}. */
  static String snakeCase(String camel) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < camel.length(); i++) {
      char c = camel.charAt(i);
      if (Character.isUpperCase(c) && i > 0) {
        sb.append('_');
      }
      sb.append(Character.toLowerCase(c));
    }
    return sb.toString();
  }
}
