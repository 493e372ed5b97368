package io.kwire.json;

import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a message body into {@link StructValue}s, driven by the descriptor alone: the spec says
 * every type, version, nullability, tag and flexibility a reader needs (resolved per version once,
 * in a {@link StructPlan}). Unknown tagged fields are skipped, as Kafka's JSON leaves them out. Bad
 * bytes raise {@link KwireProtocolException}.
 */
final class WireTreeReader {
  /**
   * What a {@code records} field holds when its data is not to be shown: not null (Kafka's JSON
   * then writes {@code ""}), and the bytes are neither copied nor kept (a Fetch's megabytes).
   */
  static final Object RECORDS_LEFT_OUT = new Object();

  private final WireReader in;
  private final boolean recordData;

  private WireTreeReader(WireReader in, boolean recordData) {
    this.in = in;
    this.recordData = recordData;
  }

  static StructValue read(MessageDescriptor message, byte[] body, short version) {
    return read(message, body, 0, body.length, version, true);
  }

  /** Reads {@code length} bytes of {@code body} from {@code offset}; record data only when asked. */
  static StructValue read(MessageDescriptor message, byte[] body, int offset, int length, short version,
      boolean recordData) {
    if (!message.validVersions().contains(version)) {
      throw new KwireProtocolException(0, message.name() + " has no version " + version
          + " (valid: " + message.validVersions() + ")");
    }
    WireReader in = new WireReader(body, offset, length);
    StructValue value;
    try {
      value = new WireTreeReader(in, recordData).struct(StructPlan.of(message, version));
    } catch (KwireProtocolException e) {
      throw e.inField(message.name());
    }
    in.requireFullyConsumed();
    return value;
  }

  private StructValue struct(StructPlan plan) {
    StructValue struct = new StructValue(plan);
    for (FieldPlan f : plan.inline) {
      try {
        struct.set(f.index, value(f));
      } catch (KwireProtocolException e) {
        throw e.inField(f.field.javaName());
      }
    }
    if (plan.flexible) {
      taggedSection(struct, plan);
    }
    return struct;
  }

  private void taggedSection(StructValue struct, StructPlan plan) {
    int count = in.readTaggedFieldCount();
    int tag = -1;
    for (int n = 0; n < count; n++) {
      tag = in.readTag(tag);
      FieldPlan f = plan.taggedField(tag);
      if (f == null) {
        in.skipUnknownTaggedField();
        continue;
      }
      try {
        int limit = in.beginTaggedField();
        struct.set(f.index, value(f));
        in.endTaggedField(limit);
      } catch (KwireProtocolException e) {
        throw e.inField(f.field.javaName());
      }
    }
  }

  private Object value(FieldPlan f) {
    if (f.array) {
      int n = f.compact ? in.readCompactArrayLength(f.nullable, 1) : in.readArrayLength(f.nullable, 1);
      if (n < 0) {
        return null;
      }
      List<Object> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        try {
          list.add(f.struct != null ? struct(f.struct) : scalar(f, false));
        } catch (KwireProtocolException e) {
          throw e.atIndex(i);
        }
      }
      return list;
    }
    if (f.struct != null) {
      // Kafka writes a nullable struct behind a marker byte: -1 for null, 1 for present.
      if (f.nullable && in.readInt8() < 0) {
        return null;
      }
      return struct(f.struct);
    }
    return scalar(f, f.nullable);
  }

  @SuppressWarnings("unused") // a BytesView: the bytes are stepped over, not looked at
  private static Object leftOut(byte[] array, int offset, int length) {
    return RECORDS_LEFT_OUT;
  }

  private Object scalar(FieldPlan f, boolean nullable) {
    return switch (f.kind) {
      case FieldPlan.BOOL -> in.readBool();
      case FieldPlan.INT8 -> in.readInt8();
      case FieldPlan.INT16 -> in.readInt16();
      case FieldPlan.UINT16 -> in.readUint16();
      case FieldPlan.INT32 -> in.readInt32();
      case FieldPlan.UINT32 -> in.readUint32();
      case FieldPlan.INT64 -> in.readInt64();
      case FieldPlan.FLOAT64 -> in.readFloat64();
      case FieldPlan.UUID -> in.readUuid();
      case FieldPlan.STRING -> f.compact ? in.readCompactString(nullable) : in.readString(nullable);
      case FieldPlan.BYTES -> {
        if (f.records && !recordData) {
          yield f.compact ? in.readCompactBytesView("records", nullable, WireTreeReader::leftOut)
              : in.readBytesView("records", nullable, WireTreeReader::leftOut);
        }
        yield f.compact ? in.readCompactBytes(nullable) : in.readBytes(nullable);
      }
      default -> throw new IllegalStateException("no JSON rendering for spec type " + f.kindName);
    };
  }
}
