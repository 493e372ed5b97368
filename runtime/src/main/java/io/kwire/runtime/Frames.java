package io.kwire.runtime;

import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;

/**
 * Whole frames as they travel on a Kafka connection: an int32 size (not counting itself), the
 * header, then the body. Encoding rolls the output back on failure; decoding checks the size prefix
 * against the bytes given and rejects bytes left over.
 */
public final class Frames {
  private Frames() {}

  /** A request frame; the header's api key and version pick the header version. */
  public static <T> byte[] encodeRequest(RequestHeader header, ApiMessageCodec<T> codec, T body) {
    requireApiKey(header, codec);
    short version = header.requestApiVersion();
    WireWriter out = new WireWriter(frameSize(RequestHeaderCodec.INSTANCE, header, codec, version, body));
    writeRequest(header, codec, body, out);
    return exactArray(out);
  }

  public static <T> void writeRequest(RequestHeader header, ApiMessageCodec<T> codec, T body, WireWriter out) {
    requireApiKey(header, codec);
    writeFrame(RequestHeaderCodec.INSTANCE, header, codec, header.requestApiVersion(), body, out);
  }

  private static void requireApiKey(RequestHeader header, ApiMessageCodec<?> codec) {
    if (header.requestApiKey() != codec.apiKey()) {
      throw new IllegalArgumentException("header api key " + header.requestApiKey() + " does not match " + codec.descriptor().name());
    }
  }

  /** A response frame for {@code version} of the response. */
  public static <T> byte[] encodeResponse(ResponseHeader header, ApiMessageCodec<T> codec, short version, T body) {
    WireWriter out = new WireWriter(frameSize(ResponseHeaderCodec.INSTANCE, header, codec, version, body));
    writeResponse(header, codec, version, body, out);
    return exactArray(out);
  }

  /** Size prefix, header and body: the array is allocated once, at this size. */
  private static <H, T> int frameSize(MessageCodec<H> headerCodec, H header, ApiMessageCodec<T> codec, short version, T body) {
    checkVersion(codec, version);
    return 4 + headerCodec.size(header, codec.headerVersion(version)) + codec.size(body, version);
  }

  /** The writer's buffer when the frame filled it exactly (no copy), else a copy; the writer does not escape. */
  private static byte[] exactArray(WireWriter out) {
    byte[] bytes = out.buffer();
    return out.position() == bytes.length ? bytes : out.toByteArray();
  }

  public static <T> void writeResponse(ResponseHeader header, ApiMessageCodec<T> codec, short version, T body, WireWriter out) {
    writeFrame(ResponseHeaderCodec.INSTANCE, header, codec, version, body, out);
  }

  /** Size placeholder, header at the version the body's version implies, body, then the size; all or nothing. */
  private static <H, T> void writeFrame(MessageCodec<H> headerCodec, H header, ApiMessageCodec<T> codec, short version,
      T body, WireWriter out) {
    checkVersion(codec, version);
    int start = out.position();
    try {
      out.writeInt32(0);
      headerCodec.write(header, codec.headerVersion(version), out);
      codec.write(body, version, out);
      out.patchInt32(start, out.position() - start - 4);
    } catch (RuntimeException e) {
      out.rewind(start);
      throw e;
    }
  }

  private static void checkVersion(ApiMessageCodec<?> codec, short version) {
    if (!codec.descriptor().validVersions().contains(version)) {
      throw KwireEncodeException.unsupportedVersion(codec.descriptor().name(), version,
          codec.descriptor().validVersions().toString());
    }
  }

  /**
   * Reads a request frame: peeks the api key and version, finds the codec in {@code registry},
   * then reads header and body.
   */
  public static DecodedRequest<?> decodeRequest(byte[] frame, KwireRegistry registry) {
    WireReader in = openRequest(frame);
    short apiKey = apiKey(frame);
    ApiMessageCodec<?> codec = registry.requestOrNull(apiKey);
    if (codec == null) {
      throw in.error("unknown api key " + apiKey);
    }
    return readRequest(in, frame, codec);
  }

  /** Reads a request frame that must carry {@code codec}'s api key, typed by it. */
  public static <T> DecodedRequest<T> decodeRequest(byte[] frame, ApiMessageCodec<T> codec) {
    WireReader in = openRequest(frame);
    short apiKey = apiKey(frame);
    if (apiKey != codec.apiKey()) {
      throw in.error("api key " + apiKey + " is not " + codec.descriptor().name() + "'s " + codec.apiKey());
    }
    return readRequest(in, frame, codec);
  }

  private static WireReader openRequest(byte[] frame) {
    WireReader in = openFrame(frame);
    if (in.remaining() < 4) {
      throw in.error("request header needs 4 bytes for api key and version, only " + in.remaining() + " remain");
    }
    return in;
  }

  private static short apiKey(byte[] frame) {
    return (short) (((frame[4] & 0xFF) << 8) | (frame[5] & 0xFF));
  }

  private static <T> DecodedRequest<T> readRequest(WireReader in, byte[] frame, ApiMessageCodec<T> codec) {
    short version = (short) (((frame[6] & 0xFF) << 8) | (frame[7] & 0xFF));
    if (!codec.descriptor().validVersions().contains(version)) {
      throw in.error(codec.descriptor().name() + " has no version " + version);
    }
    RequestHeader header = RequestHeaderCodec.INSTANCE.read(in, codec.headerVersion(version));
    T body = codec.read(in, version);
    in.requireFullyConsumed();
    return new DecodedRequest<>(header, body, codec);
  }

  /** Reads a response frame; the caller knows api and version from the matching request. */
  public static <T> DecodedResponse<T> decodeResponse(byte[] frame, ApiMessageCodec<T> codec, short version) {
    WireReader in = openFrame(frame);
    if (!codec.descriptor().validVersions().contains(version)) {
      throw in.error(codec.descriptor().name() + " has no version " + version);
    }
    ResponseHeader header = ResponseHeaderCodec.INSTANCE.read(in, codec.headerVersion(version));
    T body = codec.read(in, version);
    in.requireFullyConsumed();
    return new DecodedResponse<>(header, body);
  }

  private static WireReader openFrame(byte[] frame) {
    WireReader in = new WireReader(frame);
    int size = in.readInt32();
    if (size < 0 || size != in.remaining()) {
      throw new KwireProtocolException(0, "frame size " + size + " does not match the " + in.remaining() + " byte(s) that follow");
    }
    return in;
  }
}
