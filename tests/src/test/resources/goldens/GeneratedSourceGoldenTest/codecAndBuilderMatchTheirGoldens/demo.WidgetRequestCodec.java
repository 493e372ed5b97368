package demo;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.generated.WireLists;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireSizes;
import io.kwire.runtime.wire.WireWriter;
import java.util.Collections;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Codec of {@link WidgetRequest}, generated from its annotations. Stateless; use {@link #INSTANCE}.
 */
@Generated("io.kwire.processor.KwireProcessor")
public final class WidgetRequestCodec implements ApiMessageCodec<WidgetRequest> {
  public static final WidgetRequestCodec INSTANCE = new WidgetRequestCodec();

  public static final short API_KEY = 10001;

  public static final short LOWEST_SUPPORTED_VERSION = 0;

  public static final short HIGHEST_SUPPORTED_VERSION = 2;

  private static final VersionRange V0_TO_2 = VersionRange.of(0, 2);

  private static final VersionRange V0_PLUS = VersionRange.from(0);

  private static final VersionRange V1_PLUS = VersionRange.from(1);

  private static final StructDescriptor PART_STRUCT = StructDescriptor.of("Part",
      FieldDescriptor.of("PartId", "partId", "int32", V0_PLUS));

  private static final StructDescriptor BODY = StructDescriptor.of("WidgetRequest",
      FieldDescriptor.of("WidgetId", "widgetId", "int16", V0_PLUS),
      FieldDescriptor.of("Label", "label", "string", V0_PLUS).withNullableVersions(V1_PLUS),
      FieldDescriptor.of("Sizes", "sizes", "[]int32", V0_PLUS),
      FieldDescriptor.of("Parts", "parts", "[]Part", V0_PLUS).withStruct(PART_STRUCT),
      FieldDescriptor.of("Epoch", "epoch", "int64", V1_PLUS).withTag(0, V1_PLUS).withDefaultValue("-1"));

  public static final MessageDescriptor DESCRIPTOR = MessageDescriptor.of("WidgetRequest", MessageType.REQUEST, 10001, V0_TO_2, V1_PLUS, BODY);

  /**
   * For {@link java.util.ServiceLoader}; use {@link #INSTANCE}.
   */
  public WidgetRequestCodec() {
  }

  @Override
  public MessageDescriptor descriptor() {
    return DESCRIPTOR;
  }

  @Override
  public Class<WidgetRequest> messageType() {
    return WidgetRequest.class;
  }

  @Override
  public WidgetRequestBuilder newBuilder() {
    return new WidgetRequestBuilder();
  }

  @Override
  public int size(WidgetRequest message, short version) {
    checkVersion(version);
    return sizeWidgetRequest(message, version);
  }

  @Override
  public void write(WidgetRequest message, short version, WireWriter out) {
    checkVersion(version);
    int start = out.position();
    try {
      writeWidgetRequest(message, version, out);
    } catch (RuntimeException e) {
      // nothing is left half-written
      out.rewind(start);
      throw e;
    }
  }

  @Override
  public WidgetRequest read(WireReader in, short version) {
    if (version < LOWEST_SUPPORTED_VERSION || version > HIGHEST_SUPPORTED_VERSION) {
      throw in.error("WidgetRequest has no version " + version);
    }
    try {
      return readWidgetRequest(in, version);
    } catch (KwireProtocolException x) {
      throw x.inField("WidgetRequest");
    }
  }

  private static void checkVersion(short version) {
    if (version < LOWEST_SUPPORTED_VERSION || version > HIGHEST_SUPPORTED_VERSION) {
      throw KwireEncodeException.unsupportedVersion("WidgetRequest", version, "0-2");
    }
  }

  private static int sizeWidgetRequest(WidgetRequest message, short version) {
    int size = 2;
    String label = message.label();
    if (label == null && version < 1) {
      throw KwireEncodeException.nullNotAllowed("WidgetRequest.label", version);
    }
    size += version >= 1 ? WireSizes.compactString(label) : WireSizes.string(label);
    List<Integer> sizes = message.sizes();
    if (sizes == null) {
      throw KwireEncodeException.nullNotAllowed("WidgetRequest.sizes", version);
    }
    size += version >= 1 ? WireSizes.unsignedVarint(sizes.size() + 1) : 4;
    size += sizes.size() * 4;
    List<WidgetRequest.Part> parts = message.parts();
    if (parts == null) {
      throw KwireEncodeException.nullNotAllowed("WidgetRequest.parts", version);
    }
    size += version >= 1 ? WireSizes.unsignedVarint(parts.size() + 1) : 4;
    for (int i = 0, n = parts.size(); i < n; i++) {
      WidgetRequest.Part e = parts.get(i);
      if (e == null) {
        throw KwireEncodeException.nullElement("WidgetRequest.parts", i);
      }
      size += sizePart(e, version);
    }
    if (version >= 1) {
      UnknownTaggedFields unknown = UnknownTaggedFields.orEmpty(message.unknownTaggedFields());
      int taggedCount = unknown.size();
      size += WireSizes.unknownTaggedFields(unknown);
      if (message.epoch() != -1L) {
        taggedCount++;
        size += 10;
      }
      size += WireSizes.unsignedVarint(taggedCount);
    }
    return size;
  }

  private static void writeWidgetRequest(WidgetRequest message, short version, WireWriter out) {
    if (version < 1 && (message.epoch() != -1L)) {
      throw KwireEncodeException.notInVersion("WidgetRequest.epoch", version);
    }
    out.writeInt16(message.widgetId());
    String label = message.label();
    if (label == null && version < 1) {
      throw KwireEncodeException.nullNotAllowed("WidgetRequest.label", version);
    }
    if (version >= 1) {
      out.writeCompactString(label);
    } else {
      out.writeString(label);
    }
    List<Integer> sizes = message.sizes();
    if (sizes == null) {
      throw KwireEncodeException.nullNotAllowed("WidgetRequest.sizes", version);
    }
    if (version >= 1) {
      out.writeCompactInt32Array(sizes);
    } else {
      out.writeInt32Array(sizes);
    }
    List<WidgetRequest.Part> parts = message.parts();
    if (parts == null) {
      throw KwireEncodeException.nullNotAllowed("WidgetRequest.parts", version);
    }
    if (version >= 1) {
      out.writeUnsignedVarint(parts.size() + 1);
    } else {
      out.writeInt32(parts.size());
    }
    for (int i = 0, n = parts.size(); i < n; i++) {
      WidgetRequest.Part e = parts.get(i);
      if (e == null) {
        throw KwireEncodeException.nullElement("WidgetRequest.parts", i);
      }
      writePart(e, version, out);
    }
    if (version >= 1) {
      UnknownTaggedFields unknown = UnknownTaggedFields.orEmpty(message.unknownTaggedFields());
      int taggedCount = unknown.size();
      boolean hasEpoch = message.epoch() != -1L;
      if (hasEpoch) {
        taggedCount++;
      }
      out.writeUnsignedVarint(taggedCount);
      int u = 0;
      u = out.writeUnknownTaggedFields(unknown, u, 0);
      if (hasEpoch) {
        int mark = out.beginTaggedField(0);
        long epoch = message.epoch();
        out.writeInt64(epoch);
        out.endTaggedField(mark);
      }
      out.writeUnknownTaggedFields(unknown, u, Integer.MAX_VALUE);
    } else if (!UnknownTaggedFields.orEmpty(message.unknownTaggedFields()).isEmpty()) {
      throw KwireEncodeException.notFlexible("WidgetRequest", version);
    }
  }

  private static WidgetRequest readWidgetRequest(WireReader in, short version) {
    String field = null;
    UnknownTaggedFields.Builder unknown = null;
    try {
      long epoch = -1L;
      field = "widgetId";
      short widgetId = in.readInt16();
      field = "label";
      String label = version >= 1 ? in.readCompactString(true) : in.readString(false);
      field = "sizes";
      List<Integer> sizes = version >= 1 ? in.readCompactInt32Array(false) : in.readInt32Array(false);
      field = "parts";
      List<WidgetRequest.Part> parts;
      int partsCount = version >= 1 ? in.readCompactArrayLength(false, 4) : in.readArrayLength(false, 4);
      if (partsCount == 0) {
        parts = List.of();
      } else if (partsCount == 1) {
        try {
          parts = Collections.singletonList(readPart(in, version));
        } catch (KwireProtocolException x) {
          throw x.atIndex(0);
        }
      } else {
        WidgetRequest.Part[] partsItems = new WidgetRequest.Part[partsCount];
        for (int i = 0; i < partsCount; i++) {
          try {
            partsItems[i] = readPart(in, version);
          } catch (KwireProtocolException x) {
            throw x.atIndex(i);
          }
        }
        parts = WireLists.wrap(partsItems);
      }
      if (version >= 1) {
        field = null;
        int tagCount = in.readTaggedFieldCount();
        int tag = -1;
        for (int t = 0; t < tagCount; t++) {
          tag = in.readTag(tag);
          if (tag == 0) {
            field = "epoch";
            int limit = in.beginTaggedField();
            epoch = in.readInt64();
            in.endTaggedField(limit);
            field = null;
          } else {
            if (unknown == null) {
              unknown = new UnknownTaggedFields.Builder();
            }
            unknown.add(tag, in.readUnknownTaggedField());
          }
        }
      }
      return new WidgetRequest(widgetId, label, sizes, parts, epoch, unknown == null ? UnknownTaggedFields.EMPTY : unknown.build());
    } catch (KwireProtocolException x) {
      throw field == null ? x : x.inField(field);
    }
  }

  private static int sizePart(WidgetRequest.Part message, short version) {
    int size = 4;
    if (version >= 1) {
      size += 1;
    }
    return size;
  }

  private static void writePart(WidgetRequest.Part message, short version, WireWriter out) {
    out.writeInt32(message.partId());
    if (version >= 1) {
      out.writeInt8((byte) 0);
    }
  }

  private static WidgetRequest.Part readPart(WireReader in, short version) {
    String field = null;
    try {
      field = "partId";
      int partId = in.readInt32();
      if (version >= 1) {
        field = null;
        in.skipTaggedSection();
      }
      return new WidgetRequest.Part(partId);
    } catch (KwireProtocolException x) {
      throw field == null ? x : x.inField(field);
    }
  }
}
