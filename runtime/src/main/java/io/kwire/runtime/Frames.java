package io.kwire.runtime;

import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Whole frames as they travel on a Kafka connection: an int32 size (not counting itself), the
 * header, then the body. Encoding rolls the output back on failure; decoding checks the size prefix
 * against the bytes given and rejects bytes left over.
 */
public final class Frames {
  /** First buffer of {@link #readFrame}; it doubles as bytes arrive. */
  private static final int READ_CHUNK = 64 << 10;

  private Frames() {}

  /** A request frame; the header's api key and version pick the header version. */
  public static <T> byte[] encodeRequest(RequestHeader header, ApiMessageCodec<T> codec, T body) {
    requireApiKey(header, codec);
    return encodeFrame(RequestHeaderCodec.INSTANCE, header, codec, header.requestApiVersion(), body);
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
    return encodeFrame(ResponseHeaderCodec.INSTANCE, header, codec, version, body);
  }

  /** A new array of exactly the frame's size, written the way {@link MessageCodec#encode} writes a body. */
  private static <H, T> byte[] encodeFrame(MessageCodec<H> headerCodec, H header, ApiMessageCodec<T> codec, short version,
      T body) {
    checkVersion(codec, version);
    EncodeScratch scratch = EncodeScratch.forThisThread();
    WireWriter out = scratch.lend();
    if (out == null) {
      out = scratch.exactWriter(4 + headerCodec.size(header, codec.headerVersion(version)) + codec.size(body, version));
      writeCheckedFrame(headerCodec, header, codec, version, body, out);
      return EncodeScratch.exactArray(out);
    }
    try {
      writeCheckedFrame(headerCodec, header, codec, version, body, out);
      return out.toByteArray();
    } finally {
      scratch.giveBack(out);
    }
  }

  public static <T> void writeResponse(ResponseHeader header, ApiMessageCodec<T> codec, short version, T body, WireWriter out) {
    writeFrame(ResponseHeaderCodec.INSTANCE, header, codec, version, body, out);
  }

  /** Size placeholder, header at the version the body's version implies, body, then the size; all or nothing. */
  private static <H, T> void writeFrame(MessageCodec<H> headerCodec, H header, ApiMessageCodec<T> codec, short version,
      T body, WireWriter out) {
    checkVersion(codec, version);
    writeCheckedFrame(headerCodec, header, codec, version, body, out);
  }

  /** Writes a frame whose version was checked (by {@link #encodeFrame} or {@link #writeFrame}). */
  private static <H, T> void writeCheckedFrame(MessageCodec<H> headerCodec, H header, ApiMessageCodec<T> codec,
      short version, T body, WireWriter out) {
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
    return decodeRequest(frame, registry, DecodeOptions.STRICT);
  }

  /** {@link #decodeRequest(byte[], KwireRegistry)} with the given mode and limits. */
  public static DecodedRequest<?> decodeRequest(byte[] frame, KwireRegistry registry, DecodeOptions options) {
    WireReader in = openRequest(frame, options);
    short apiKey = apiKey(frame);
    ApiMessageCodec<?> codec = registry.requestOrNull(apiKey);
    if (codec == null) {
      throw in.error("unknown api key " + apiKey + " (version " + apiVersion(frame) + ")");
    }
    return readRequest(in, frame, codec);
  }

  /** Reads a request frame that must carry {@code codec}'s api key, typed by it. */
  public static <T> DecodedRequest<T> decodeRequest(byte[] frame, ApiMessageCodec<T> codec) {
    return decodeRequest(frame, codec, DecodeOptions.STRICT);
  }

  /** {@link #decodeRequest(byte[], ApiMessageCodec)} with the given mode and limits. */
  public static <T> DecodedRequest<T> decodeRequest(byte[] frame, ApiMessageCodec<T> codec, DecodeOptions options) {
    WireReader in = openRequest(frame, options);
    short apiKey = apiKey(frame);
    if (apiKey != codec.apiKey()) {
      throw in.error("api key " + apiKey + " is not " + codec.descriptor().name() + "'s " + codec.apiKey());
    }
    return readRequest(in, frame, codec);
  }

  private static WireReader openRequest(byte[] frame, DecodeOptions options) {
    WireReader in = openFrame(frame, options);
    if (in.remaining() < 4) {
      throw in.error("request header needs 4 bytes for api key and version, only " + in.remaining() + " remain");
    }
    return in;
  }

  private static short apiKey(byte[] frame) {
    return (short) (((frame[4] & 0xFF) << 8) | (frame[5] & 0xFF));
  }

  private static short apiVersion(byte[] frame) {
    return (short) (((frame[6] & 0xFF) << 8) | (frame[7] & 0xFF));
  }

  private static <T> DecodedRequest<T> readRequest(WireReader in, byte[] frame, ApiMessageCodec<T> codec) {
    short version = apiVersion(frame);
    checkReadVersion(in, codec, version);
    RequestHeader header = RequestHeaderCodec.INSTANCE.read(in, codec.headerVersion(version));
    T body = codec.read(in, version);
    in.requireFullyConsumed();
    return new DecodedRequest<>(header, body, codec);
  }

  /** Reads a response frame; the caller knows api and version from the matching request. */
  public static <T> DecodedResponse<T> decodeResponse(byte[] frame, ApiMessageCodec<T> codec, short version) {
    return decodeResponse(frame, codec, version, DecodeOptions.STRICT);
  }

  /** {@link #decodeResponse(byte[], ApiMessageCodec, short)} with the given mode and limits. */
  public static <T> DecodedResponse<T> decodeResponse(byte[] frame, ApiMessageCodec<T> codec, short version,
      DecodeOptions options) {
    WireReader in = openFrame(frame, options);
    checkReadVersion(in, codec, version);
    ResponseHeader header = ResponseHeaderCodec.INSTANCE.read(in, codec.headerVersion(version));
    T body = codec.read(in, version);
    in.requireFullyConsumed();
    return new DecodedResponse<>(header, body);
  }

  /** A version outside the codec's range is hostile input; the message names both key and version. */
  private static void checkReadVersion(WireReader in, ApiMessageCodec<?> codec, short version) {
    if (!codec.descriptor().validVersions().contains(version)) {
      throw in.error(codec.descriptor().name() + " (api key " + codec.apiKey() + ") has no version " + version
          + " (valid versions: " + codec.descriptor().validVersions() + ")");
    }
  }

  /**
   * Reads only what a proxy needs to route a request frame, without decoding its header's client id
   * or its body: the api key, version and correlation id sit at the same positions in every request
   * header version (after the size prefix: int16, int16, int32). Works for any api key, known to
   * kwire or not, and any version. The size prefix is checked as by {@link #decodeRequest} (not
   * negative, within {@link DecodeOptions#maxFrameSize()}, equal to the bytes that follow).
   *
   * @throws KwireProtocolException if the frame is shorter than those 12 bytes or its size disagrees
   */
  public static RawRequestFrame peekRequest(byte[] frame) {
    return peekRequest(frame, DecodeOptions.STRICT);
  }

  /** {@link #peekRequest(byte[])} with the given limits. */
  public static RawRequestFrame peekRequest(byte[] frame, DecodeOptions options) {
    WireReader in = openFrame(frame, options);
    if (in.remaining() < 8) {
      throw in.error("request header needs 8 bytes for api key, version and correlation id, only "
          + in.remaining() + " remain");
    }
    return new RawRequestFrame(in.readInt16(), in.readInt16(), in.readInt32(), frame);
  }

  /**
   * Reads only the correlation id of a response frame (the first 4 bytes after the size prefix in
   * both response header versions), for a proxy that forwards the frame unchanged. The size prefix is
   * checked as by {@link #decodeResponse}.
   *
   * @throws KwireProtocolException if the frame is shorter than 8 bytes or its size disagrees
   */
  public static RawResponseFrame peekResponse(byte[] frame) {
    return peekResponse(frame, DecodeOptions.STRICT);
  }

  /** {@link #peekResponse(byte[])} with the given limits. */
  public static RawResponseFrame peekResponse(byte[] frame, DecodeOptions options) {
    WireReader in = openFrame(frame, options);
    if (in.remaining() < 4) {
      throw in.error("response header needs 4 bytes for the correlation id, only " + in.remaining() + " remain");
    }
    return new RawResponseFrame(in.readInt32(), frame);
  }

  private static WireReader openFrame(byte[] frame, DecodeOptions options) {
    if (frame.length < 4) {
      throw new KwireProtocolException(0, "frame size needs 4 bytes, only " + frame.length + " given");
    }
    int size = checkFrameSize(int32(frame), options);
    if (size != frame.length - 4) {
      throw new KwireProtocolException(0, "frame size " + size + " does not match the " + (frame.length - 4) + " byte(s) that follow");
    }
    WireReader in = new WireReader(frame, 0, frame.length, options);
    in.skip(4);
    return in;
  }

  /**
   * Checks a frame's size prefix (the first 4 bytes, big-endian) before the rest is read: negative, or
   * above {@link DecodeOptions#maxFrameSize()}, is refused. Returns the size.
   */
  public static int checkFrameSize(int size, DecodeOptions options) {
    if (size < 0) {
      throw new KwireProtocolException(0, "frame size " + size + " is negative");
    }
    if (size > options.maxFrameSize()) {
      throw new KwireProtocolException(0, "frame size " + size + " exceeds the maximum of " + options.maxFrameSize());
    }
    return size;
  }

  /**
   * Reads one whole frame (size prefix included) from a stream, refusing its size before reading or
   * allocating the rest. The buffer grows with the bytes that actually arrive (from 64 KiB, doubling),
   * so a peer that claims 100 MiB and sends nothing costs 64 KiB. Returns null at a clean end of
   * stream (no byte of a new frame read).
   */
  public static byte[] readFrame(InputStream in, DecodeOptions options) throws IOException {
    byte[] prefix = new byte[4];
    int n = in.readNBytes(prefix, 0, 4);
    if (n == 0) {
      return null;
    }
    if (n < 4) {
      throw new EOFException("stream ended inside a frame's size prefix");
    }
    int size = checkFrameSize(int32(prefix), options);
    long total = 4L + size;
    byte[] frame = Arrays.copyOf(prefix, (int) Math.min(total, 4 + READ_CHUNK));
    int filled = 4;
    while (filled < total) {
      if (filled == frame.length) {
        frame = Arrays.copyOf(frame, (int) Math.min(total, 2L * frame.length));
      }
      int read = in.read(frame, filled, frame.length - filled);
      if (read < 0) {
        throw new EOFException("stream ended after " + (filled - 4) + " of a frame's " + size + " byte(s)");
      }
      filled += read;
    }
    return frame;
  }

  /** The big-endian int32 at the start of an array of at least 4 bytes. */
  private static int int32(byte[] b) {
    return ((b[0] & 0xFF) << 24) | ((b[1] & 0xFF) << 16) | ((b[2] & 0xFF) << 8) | (b[3] & 0xFF);
  }
}
