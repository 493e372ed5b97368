package io.kwire.json;

import io.kwire.runtime.KwireProtocolException;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.WireReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a message body into {@link StructValue}s, driven by the descriptor alone: the spec says
 * every type, version, nullability, tag and flexibility a reader needs. Unknown tagged fields are
 * skipped, as Kafka's JSON leaves them out. Bad bytes raise {@link KwireProtocolException}.
 */
final class WireTreeReader {
  private final WireReader in;
  private final short version;
  private final VersionRange messageFlexible;
  private final boolean flexible;

  private WireTreeReader(WireReader in, MessageDescriptor message, short version) {
    this.in = in;
    this.version = version;
    this.messageFlexible = message.flexibleVersions();
    this.flexible = message.isFlexible(version);
  }

  static StructValue read(MessageDescriptor message, byte[] body, short version) {
    if (!message.validVersions().contains(version)) {
      throw new KwireProtocolException(0, message.name() + " has no version " + version
          + " (valid: " + message.validVersions() + ")");
    }
    WireReader in = new WireReader(body);
    StructValue value;
    try {
      value = new WireTreeReader(in, message, version).struct(message.body());
    } catch (KwireProtocolException e) {
      throw e.inField(message.name());
    }
    in.requireFullyConsumed();
    return value;
  }

  private StructValue struct(StructDescriptor descriptor) {
    StructValue struct = new StructValue(descriptor);
    for (int i = 0; i < struct.size(); i++) {
      FieldDescriptor f = struct.field(i);
      if (!f.versions().contains(version) || isTaggedNow(f)) {
        continue;
      }
      try {
        struct.set(i, value(f));
      } catch (KwireProtocolException e) {
        throw e.inField(f.javaName());
      }
    }
    if (flexible) {
      taggedSection(struct);
    }
    return struct;
  }

  private void taggedSection(StructValue struct) {
    int count = in.readTaggedFieldCount();
    int tag = -1;
    for (int n = 0; n < count; n++) {
      tag = in.readTag(tag);
      int index = indexOfTag(struct, tag);
      if (index < 0) {
        in.skipUnknownTaggedField();
        continue;
      }
      FieldDescriptor f = struct.field(index);
      try {
        int limit = in.beginTaggedField();
        struct.set(index, value(f));
        in.endTaggedField(limit);
      } catch (KwireProtocolException e) {
        throw e.inField(f.javaName());
      }
    }
  }

  private int indexOfTag(StructValue struct, int tag) {
    for (int i = 0; i < struct.size(); i++) {
      FieldDescriptor f = struct.field(i);
      if (f.tag().isPresent() && f.tag().getAsInt() == tag && f.versions().contains(version) && isTaggedNow(f)) {
        return i;
      }
    }
    return -1;
  }

  private boolean isTaggedNow(FieldDescriptor f) {
    return f.isTagged() && f.taggedVersions().contains(version);
  }

  private Object value(FieldDescriptor f) {
    boolean nullable = f.nullableVersions().contains(version);
    boolean compact = f.flexibleVersionsOr(messageFlexible).contains(version);
    if (f.isArray()) {
      int n = compact ? in.readCompactArrayLength(nullable, 1) : in.readArrayLength(nullable, 1);
      if (n < 0) {
        return null;
      }
      String elementType = f.type().substring(2);
      List<Object> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        try {
          list.add(f.struct() != null ? struct(f.struct()) : scalar(elementType, false, compact));
        } catch (KwireProtocolException e) {
          throw e.atIndex(i);
        }
      }
      return list;
    }
    if (f.struct() != null) {
      // Kafka writes a nullable struct behind a marker byte: -1 for null, 1 for present.
      if (nullable && in.readInt8() < 0) {
        return null;
      }
      return struct(f.struct());
    }
    return scalar(f.type(), nullable, compact);
  }

  private Object scalar(String type, boolean nullable, boolean compact) {
    return switch (type) {
      case "bool" -> in.readBool();
      case "int8" -> in.readInt8();
      case "int16" -> in.readInt16();
      case "uint16" -> in.readUint16();
      case "int32" -> in.readInt32();
      case "uint32" -> in.readUint32();
      case "int64" -> in.readInt64();
      case "float64" -> in.readFloat64();
      case "uuid" -> in.readUuid();
      case "string" -> compact ? in.readCompactString(nullable) : in.readString(nullable);
      case "bytes", "records" -> compact ? in.readCompactBytes(nullable) : in.readBytes(nullable);
      default -> throw new IllegalStateException("no JSON rendering for spec type " + type);
    };
  }
}
