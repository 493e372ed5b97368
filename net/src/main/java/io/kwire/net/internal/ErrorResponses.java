package io.kwire.net.internal;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.wire.WireWriter;
import java.util.Map;

/**
 * Kafka's answer to a request whose handler failed: the API's response with error
 * UNKNOWN_SERVER_ERROR (-1). Built generically for a response whose top-level {@code ErrorCode}
 * (int16) follows only fixed-size fields at the version (ApiVersions, DescribeCluster, SaslHandshake,
 * most admin APIs, a user's API with an error code first): the response at its declared defaults,
 * with that error code patched in. Responses whose errors live per topic or partition (Produce,
 * Fetch, Metadata...) have none; the server then closes the connection.
 */
public final class ErrorResponses {
  public static final short UNKNOWN_SERVER_ERROR = -1;
  private static final Map<String, Integer> FIXED_SIZES = Map.of("int8", 1, "bool", 1, "int16", 2, "uint16", 2,
      "int32", 4, "uint32", 4, "int64", 8, "float64", 8, "uuid", 16);

  private ErrorResponses() {}

  /** The whole error response frame, or null when none can be built for this API and version. */
  public static <R> byte[] unknownServerError(ApiMessageCodec<R> codec, short version, int correlationId) {
    int offset = errorCodeOffset(codec, version);
    if (offset < 0) {
      return null;
    }
    byte[] body;
    try {
      body = codec.encode(codec.newBuilder().build(), version);
    } catch (RuntimeException e) {
      return null; // no builder, or defaults that do not encode at this version
    }
    body[offset] = (byte) (UNKNOWN_SERVER_ERROR >> 8);
    body[offset + 1] = (byte) UNKNOWN_SERVER_ERROR;
    ResponseHeader header = new ResponseHeader(correlationId);
    short headerVersion = codec.headerVersion(version);
    WireWriter out = new WireWriter(8 + body.length);
    out.writeInt32(0);
    ResponseHeaderCodec.INSTANCE.write(header, headerVersion, out);
    out.writeRaw(body);
    out.patchInt32(0, out.position() - 4);
    return out.toByteArray();
  }

  /** Where the body's top-level error code sits at {@code version}, or -1. */
  static int errorCodeOffset(ApiMessageCodec<?> codec, short version) {
    int offset = 0;
    for (FieldDescriptor field : codec.descriptor().body().fields()) {
      boolean present = field.versions().contains(version) && !field.taggedVersions().contains(version);
      if (!present) {
        continue;
      }
      if (field.javaName().equals("errorCode") && field.type().equals("int16")) {
        return offset;
      }
      Integer size = FIXED_SIZES.get(field.type());
      if (size == null) {
        return -1;
      }
      offset += size;
    }
    return -1;
  }
}
