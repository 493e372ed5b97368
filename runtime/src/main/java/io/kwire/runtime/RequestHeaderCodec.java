package io.kwire.runtime;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireSizes;
import io.kwire.runtime.wire.WireWriter;

/**
 * Codec of {@link RequestHeader}, written by hand because the runtime frames messages before any
 * generated code exists; its descriptor states Kafka's RequestHeader spec (versions 0-2, as 3.9.1
 * had them; 4.x dropped v0).
 */
public final class RequestHeaderCodec implements MessageCodec<RequestHeader> {
  public static final RequestHeaderCodec INSTANCE = new RequestHeaderCodec();

  private static final VersionRange ALL = VersionRange.from(0);
  private static final VersionRange FROM_1 = VersionRange.from(1);

  public static final MessageDescriptor DESCRIPTOR = MessageDescriptor.of(
      "RequestHeader", MessageType.HEADER, -1, VersionRange.of(0, 2), VersionRange.from(2),
      StructDescriptor.of("RequestHeader",
          FieldDescriptor.of("RequestApiKey", "requestApiKey", "int16", ALL),
          FieldDescriptor.of("RequestApiVersion", "requestApiVersion", "int16", ALL),
          FieldDescriptor.of("CorrelationId", "correlationId", "int32", ALL),
          // Kafka's spec: ClientId stays a non-compact string even in flexible header versions.
          FieldDescriptor.of("ClientId", "clientId", "string", FROM_1).withNullableVersions(FROM_1)
              .withFlexibleVersions(VersionRange.NONE)));

  private RequestHeaderCodec() {}

  @Override
  public MessageDescriptor descriptor() {
    return DESCRIPTOR;
  }

  @Override
  public Class<RequestHeader> messageType() {
    return RequestHeader.class;
  }

  private static void checkVersion(short version) {
    if (!DESCRIPTOR.validVersions().contains(version)) {
      throw KwireEncodeException.unsupportedVersion("RequestHeader", version, "0-2");
    }
  }

  @Override
  public int size(RequestHeader h, short version) {
    checkVersion(version);
    int size = 8;
    if (version >= 1) {
      size += WireSizes.string(h.clientId());
    }
    if (version >= 2) {
      size += WireSizes.taggedSection(h.unknownTaggedFields());
    }
    return size;
  }

  @Override
  public void write(RequestHeader h, short version, WireWriter out) {
    checkVersion(version);
    if (version == 0 && h.clientId() != null && !h.clientId().isEmpty()) {
      throw KwireEncodeException.notInVersion("RequestHeader.clientId", version);
    }
    int start = out.position();
    try {
      out.ensure(8);
      out.putInt16(h.requestApiKey());
      out.putInt16(h.requestApiVersion());
      out.putInt32(h.correlationId());
      if (version >= 1) {
        out.writeString(h.clientId());
      }
      if (version >= 2) {
        out.writeTaggedSection(h.unknownTaggedFields());
      }
    } catch (KwireEncodeException e) {
      out.rewind(start);
      throw e;
    }
  }

  @Override
  public RequestHeader read(WireReader in, short version) {
    if (!DESCRIPTOR.validVersions().contains(version)) {
      throw in.error("request header version " + version + " is not in 0-2");
    }
    short apiKey = in.readInt16();
    short apiVersion = in.readInt16();
    int correlationId = in.readInt32();
    String clientId = version >= 1 ? in.readString(true) : "";
    UnknownTaggedFields unknown = version >= 2 ? in.readTaggedSection() : UnknownTaggedFields.EMPTY;
    return new RequestHeader(apiKey, apiVersion, correlationId, clientId, unknown);
  }
}
