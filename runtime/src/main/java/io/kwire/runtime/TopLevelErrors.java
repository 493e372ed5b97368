package io.kwire.runtime;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.wire.WireWriter;
import java.util.Map;

/**
 * A response body that fails a whole request with one error code, built from the response's
 * descriptor: the response at its declared defaults, its top-level {@code ErrorCode} (int16) set.
 * Only where that field follows fixed-size fields alone at the version (ApiVersions,
 * DescribeCluster, SaslHandshake, the group and most admin APIs, Fetch v7+, a user's API with its
 * error code first), so that it sits at a known offset; APIs whose errors live per topic or
 * partition (Produce, Metadata, ListOffsets...) have none. kwire-net answers failed handlers with
 * it; kwire-fake shapes its controls' {@code fail(errorCode)} per API as Kafka does instead.
 */
public final class TopLevelErrors {
  private static final Map<String, Integer> FIXED_SIZES = Map.of("int8", 1, "bool", 1, "int16", 2, "uint16", 2,
      "int32", 4, "uint32", 4, "int64", 8, "float64", 8, "uuid", 16);

  private TopLevelErrors() {}

  /**
   * The encoded body at {@code version} with {@code errorCode}, or null when the API has no such
   * error code at that version, no builder, or defaults that do not encode there.
   */
  public static <R> byte[] body(ApiMessageCodec<R> codec, short version, short errorCode) {
    int offset = errorCodeOffset(codec, version);
    if (offset < 0) {
      return null;
    }
    byte[] body;
    try {
      body = codec.encode(codec.newBuilder().build(), version);
    } catch (RuntimeException e) {
      return null;
    }
    body[offset] = (byte) (errorCode >> 8);
    body[offset + 1] = (byte) errorCode;
    return body;
  }

  /**
   * {@link #body} as a whole response frame (size, header for {@code correlationId}, body), or null
   * where {@link #body} is.
   */
  public static <R> byte[] frame(ApiMessageCodec<R> codec, short version, int correlationId, short errorCode) {
    byte[] body = body(codec, version, errorCode);
    if (body == null) {
      return null;
    }
    WireWriter out = new WireWriter(8 + body.length);
    out.writeInt32(0);
    ResponseHeaderCodec.INSTANCE.write(new ResponseHeader(correlationId), codec.headerVersion(version), out);
    out.writeRaw(body);
    out.patchInt32(0, out.position() - 4);
    return out.toByteArray();
  }

  /**
   * Where the body's top-level error code sits at {@code version}, or -1 (a proxy reads it there
   * without decoding the response).
   */
  public static int errorCodeOffset(ApiMessageCodec<?> codec, short version) {
    int offset = 0;
    for (FieldDescriptor field : codec.descriptor().body().fields()) {
      if (!field.versions().contains(version) || field.taggedVersions().contains(version)) {
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
