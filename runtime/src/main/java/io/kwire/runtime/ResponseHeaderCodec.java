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

/** Codec of {@link ResponseHeader}, written by hand for the same reason as {@link RequestHeaderCodec}. */
public final class ResponseHeaderCodec implements MessageCodec<ResponseHeader> {
  public static final ResponseHeaderCodec INSTANCE = new ResponseHeaderCodec();

  public static final MessageDescriptor DESCRIPTOR = MessageDescriptor.of(
      "ResponseHeader", MessageType.HEADER, -1, VersionRange.of(0, 1), VersionRange.from(1),
      StructDescriptor.of("ResponseHeader",
          FieldDescriptor.of("CorrelationId", "correlationId", "int32", VersionRange.ALL)));

  private ResponseHeaderCodec() {}

  @Override
  public MessageDescriptor descriptor() {
    return DESCRIPTOR;
  }

  @Override
  public Class<ResponseHeader> messageType() {
    return ResponseHeader.class;
  }

  @Override
  public int size(ResponseHeader h, short version) {
    checkVersion(version);
    return 4 + (version >= 1 ? WireSizes.taggedSection(h.unknownTaggedFields()) : 0);
  }

  private static void checkVersion(short version) {
    if (version < 0 || version > 1) {
      throw KwireEncodeException.unsupportedVersion("ResponseHeader", version, "0-1");
    }
  }

  @Override
  public void write(ResponseHeader h, short version, WireWriter out) {
    checkVersion(version);
    out.writeInt32(h.correlationId());
    if (version >= 1) {
      out.writeTaggedSection(h.unknownTaggedFields());
    }
  }

  @Override
  public ResponseHeader read(WireReader in, short version) {
    if (version < 0 || version > 1) {
      throw in.error("response header version " + version + " is not in 0-1");
    }
    int correlationId = in.readInt32();
    UnknownTaggedFields unknown = version >= 1 ? in.readTaggedSection() : UnknownTaggedFields.EMPTY;
    return new ResponseHeader(correlationId, unknown);
  }
}
