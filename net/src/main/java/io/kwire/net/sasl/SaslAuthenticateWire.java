package io.kwire.net.sasl;

import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.util.Objects;

/**
 * SaslAuthenticate (key 36) written and read by hand, as kwire-net reads ApiVersions: kwire-net does not
 * depend on kwire-messages at run time. Versions 0-2, flexible from 2 (request header v2, response
 * header v1; below: v1 and v0); the session lifetime is on the wire from 1 (KIP-368).
 */
final class SaslAuthenticateWire {
  static final short API_KEY = 36;
  static final VersionRange VERSIONS = VersionRange.of(0, 2);

  private SaslAuthenticateWire() {}

  /** The request body: the mechanism's bytes. */
  record Request(byte[] authBytes) {
    public Request {
      Objects.requireNonNull(authBytes, "authBytes");
    }
  }

  /**
   * The response body.
   *
   * @param errorMessage null without error
   * @param sessionLifetimeMs 0 for none; not on the wire at version 0
   */
  record Response(short errorCode, String errorMessage, byte[] authBytes, long sessionLifetimeMs) {
    public Response {
      Objects.requireNonNull(authBytes, "authBytes");
    }
  }

  private static boolean flexible(short version) {
    return version >= 2;
  }

  /** The request header version of {@code version}. */
  static short requestHeaderVersion(short version) {
    return flexible(version) ? (short) 2 : (short) 1;
  }

  /** Writes a request body at {@code version}. */
  static void writeRequestBody(WireWriter out, Request request, short version) {
    if (flexible(version)) {
      out.writeCompactBytes(request.authBytes());
      out.writeUnsignedVarint(0);
    } else {
      out.writeBytes(request.authBytes());
    }
  }

  /** Reads a request body at {@code version}; the reader must then be at the frame's end. */
  static Request readRequestBody(WireReader in, short version) {
    byte[] authBytes;
    if (flexible(version)) {
      authBytes = in.readCompactBytes(false);
      in.skipTaggedSection();
    } else {
      authBytes = in.readBytes(false);
    }
    in.requireFullyConsumed();
    return new Request(authBytes);
  }

  /** Reads the request of a whole request frame at {@code version}. */
  static Request decodeRequest(byte[] frame, short version, DecodeOptions options) {
    return readRequestBody(SaslFrames.afterHeader(frame, requestHeaderVersion(version), options), version);
  }

  /** A whole request frame at {@code version}. */
  static byte[] encodeRequest(short version, int correlationId, String clientId, Request request) {
    WireWriter out = new WireWriter(32 + request.authBytes().length);
    SaslFrames.writeHeader(out, API_KEY, version, correlationId, clientId, requestHeaderVersion(version));
    writeRequestBody(out, request, version);
    return SaslFrames.finish(out);
  }

  /** Writes a response body at {@code version}. */
  static void writeResponseBody(WireWriter out, Response response, short version) {
    out.writeInt16(response.errorCode());
    if (flexible(version)) {
      out.writeCompactString(response.errorMessage());
      out.writeCompactBytes(response.authBytes());
    } else {
      out.writeString(response.errorMessage());
      out.writeBytes(response.authBytes());
    }
    if (version >= 1) {
      out.writeInt64(response.sessionLifetimeMs());
    }
    if (flexible(version)) {
      out.writeUnsignedVarint(0);
    }
  }

  /** Reads a response body at {@code version}; the reader must then be at its end. */
  static Response readResponseBody(WireReader in, short version) {
    short errorCode = in.readInt16();
    String errorMessage = flexible(version) ? in.readCompactString(true) : in.readString(true);
    byte[] authBytes = flexible(version) ? in.readCompactBytes(false) : in.readBytes(false);
    long sessionLifetimeMs = version >= 1 ? in.readInt64() : 0;
    if (flexible(version)) {
      in.skipTaggedSection();
    }
    in.requireFullyConsumed();
    return new Response(errorCode, errorMessage, authBytes, sessionLifetimeMs);
  }

  /** A whole response frame at {@code version} (header v1 when flexible, else v0). */
  static byte[] encodeResponse(int correlationId, short version, Response response) {
    WireWriter out = new WireWriter(32 + response.authBytes().length);
    out.writeInt32(0);
    out.writeInt32(correlationId);
    if (flexible(version)) {
      out.writeUnsignedVarint(0);
    }
    writeResponseBody(out, response, version);
    return SaslFrames.finish(out);
  }

  /** Reads the response of a whole response frame at {@code version}. */
  static Response decodeResponse(byte[] frame, short version, DecodeOptions options) {
    WireReader in = new WireReader(frame, 0, frame.length, options);
    in.skip(8);
    if (flexible(version)) {
      in.skipTaggedSection();
    }
    return readResponseBody(in, version);
  }
}
