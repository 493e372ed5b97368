package io.kwire.net.sasl;

import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * SaslHandshake (key 17) written and read by hand, as kwire-net reads ApiVersions: kwire-net does not
 * depend on kwire-messages at run time. Versions 0-1, never flexible: request header v1, response
 * header v0.
 */
final class SaslHandshakeWire {
  static final short API_KEY = 17;
  static final VersionRange VERSIONS = VersionRange.of(0, 1);
  private static final short REQUEST_HEADER_VERSION = 1;

  private SaslHandshakeWire() {}

  /** The request body: the mechanism the client chose. */
  record Request(String mechanism) {
    public Request {
      Objects.requireNonNull(mechanism, "mechanism");
    }
  }

  /** The response body: an error code and the server's enabled mechanisms. */
  record Response(short errorCode, List<String> mechanisms) {
    public Response {
      mechanisms = List.copyOf(mechanisms);
    }
  }

  /** Writes a request body. */
  static void writeRequestBody(WireWriter out, Request request) {
    out.writeString(request.mechanism());
  }

  /** Reads a request body; the reader must then be at the frame's end. */
  static Request readRequestBody(WireReader in) {
    Request request = new Request(in.readString(false));
    in.requireFullyConsumed();
    return request;
  }

  /** Reads the request of a whole request frame. */
  static Request decodeRequest(byte[] frame, DecodeOptions options) {
    return readRequestBody(SaslFrames.afterHeader(frame, REQUEST_HEADER_VERSION, options));
  }

  /** A whole request frame at {@code version}. */
  static byte[] encodeRequest(short version, int correlationId, String clientId, Request request) {
    WireWriter out = new WireWriter(32 + request.mechanism().length());
    SaslFrames.writeHeader(out, API_KEY, version, correlationId, clientId, REQUEST_HEADER_VERSION);
    writeRequestBody(out, request);
    return SaslFrames.finish(out);
  }

  /** Writes a response body. */
  static void writeResponseBody(WireWriter out, Response response) {
    out.writeInt16(response.errorCode());
    out.writeInt32(response.mechanisms().size());
    for (String mechanism : response.mechanisms()) {
      out.writeString(mechanism);
    }
  }

  /** Reads a response body; the reader must then be at its end. */
  static Response readResponseBody(WireReader in) {
    short errorCode = in.readInt16();
    int count = in.readArrayLength(false, 2);
    List<String> mechanisms = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      mechanisms.add(in.readString(false));
    }
    in.requireFullyConsumed();
    return new Response(errorCode, mechanisms);
  }

  /** A whole response frame (header v0). */
  static byte[] encodeResponse(int correlationId, Response response) {
    WireWriter out = new WireWriter(32);
    out.writeInt32(0);
    out.writeInt32(correlationId);
    writeResponseBody(out, response);
    return SaslFrames.finish(out);
  }

  /** Reads the response of a whole response frame (header v0). */
  static Response decodeResponse(byte[] frame, DecodeOptions options) {
    WireReader in = new WireReader(frame, 0, frame.length, options);
    in.skip(8);
    return readResponseBody(in);
  }
}
