package io.kwire.json;

import com.fasterxml.jackson.core.Base64Variants;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.wire.WireWriter;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes a {@link JsonTree} value as the wire body of a message, driven by the descriptor, and
 * checks on the way what Kafka's JsonConverter checks when it reads: each field the version has is
 * there (tagged fields may be left out), of the right JSON type and in range, null only where the
 * version allows it, base64 and uuids well formed. Every failure names the field's path.
 *
 * <p>The bytes are not yet canonical (a tagged field given at its default is written); the codec's
 * decode and encode make them Kafka's. Keys the version does not know are ignored, as Kafka does.
 */
final class JsonWireWriter {
  private final WireWriter out = new WireWriter(256);

  private JsonWireWriter() {}

  static byte[] write(MessageDescriptor message, Object json, short version) {
    if (!message.validVersions().contains(version)) {
      throw new KwireJsonException(message.name(), "no version " + version + " (valid: " + message.validVersions() + ")");
    }
    JsonWireWriter writer = new JsonWireWriter();
    writer.struct(StructPlan.of(message, version), json, new Where(null, message.name(), -1), version);
    return writer.out.toByteArray();
  }

  /**
   * Where a value is in the message ({@code CreateTopicsRequest.topics[0].name}), for errors: made
   * into text only when there is one, not for every field of every message.
   */
  private record Where(Where parent, String name, int index) {
    Where field(String field) {
      return new Where(this, field, -1);
    }

    Where element(int i) {
      return new Where(this, null, i);
    }

    String text() {
      if (parent == null) {
        return name;
      }
      return name != null ? parent.text() + "." + name : parent.text() + "[" + index + "]";
    }
  }

  private void struct(StructPlan plan, Object json, Where path, short version) {
    if (!(json instanceof Map<?, ?> object)) {
      throw new KwireJsonException(path.text(), "expected a JSON object, but got " + JsonTree.typeName(json));
    }
    for (FieldPlan f : plan.inline) {
      Object value = object.get(f.jsonName);
      if (value == null) {
        throw new KwireJsonException(path.field(f.jsonName).text(), "is missing; the field is mandatory in version " + version);
      }
      value(f, value, path.field(f.jsonName), version);
    }
    if (plan.flexible) {
      int present = 0;
      for (FieldPlan f : plan.tagged) {
        present += object.get(f.jsonName) != null ? 1 : 0;
      }
      out.writeUnsignedVarint(present);
      for (FieldPlan f : plan.tagged) {
        Object value = object.get(f.jsonName);
        if (value != null) {
          int mark = out.beginTaggedField(f.tag());
          value(f, value, path.field(f.jsonName), version);
          out.endTaggedField(mark);
        }
      }
    }
  }

  private void value(FieldPlan f, Object value, Where path, short version) {
    if (value == JsonTree.NULL) {
      if (!f.nullable) {
        throw new KwireJsonException(path.text(), "is null, but not nullable in version " + version);
      }
      writeNull(f);
      return;
    }
    if (f.array) {
      if (!(value instanceof List<?> list)) {
        throw new KwireJsonException(path.text(), "expected a JSON array, but got " + JsonTree.typeName(value));
      }
      if (f.compact) {
        out.writeUnsignedVarint(list.size() + 1);
      } else {
        out.writeInt32(list.size());
      }
      for (int i = 0; i < list.size(); i++) {
        if (f.struct != null) {
          struct(f.struct, list.get(i), path.element(i), version);
        } else {
          scalar(f, list.get(i), path.element(i));
        }
      }
      return;
    }
    if (f.struct != null) {
      if (f.nullable) {
        out.writeInt8((byte) 1);
      }
      struct(f.struct, value, path, version);
      return;
    }
    scalar(f, value, path);
  }

  private void writeNull(FieldPlan f) {
    if (f.struct != null && !f.array) {
      out.writeInt8((byte) -1);
    } else if (f.compact) {
      out.writeUnsignedVarint(0);
    } else if (f.field.type().equals("string")) {
      out.writeInt16((short) -1);
    } else {
      out.writeInt32(-1);
    }
  }

  private void scalar(FieldPlan f, Object value, Where path) {
    String type = f.kindName;
    switch (f.kind) {
      case FieldPlan.BOOL -> {
        if (!(value instanceof Boolean b)) {
          throw new KwireJsonException(path.text(), "expected a boolean, but got " + JsonTree.typeName(value));
        }
        out.writeBool(b);
      }
      case FieldPlan.INT8 -> out.writeInt8((byte) integer(value, path, Byte.MIN_VALUE, Byte.MAX_VALUE, type));
      case FieldPlan.INT16 -> out.writeInt16((short) integer(value, path, Short.MIN_VALUE, Short.MAX_VALUE, type));
      case FieldPlan.UINT16 -> out.writeUint16((int) integer(value, path, 0, 0xFFFF, type));
      case FieldPlan.INT32 -> out.writeInt32((int) integer(value, path, Integer.MIN_VALUE, Integer.MAX_VALUE, type));
      case FieldPlan.UINT32 -> out.writeUint32(integer(value, path, 0, 0xFFFF_FFFFL, type));
      case FieldPlan.INT64 -> out.writeInt64(integer(value, path, Long.MIN_VALUE, Long.MAX_VALUE, type));
      case FieldPlan.FLOAT64 -> {
        // Kafka wants a floating-point token here (it writes 1.0, and refuses 1).
        if (!(value instanceof Double d)) {
          throw new KwireJsonException(path.text(), "expected a floating point number, but got " + describe(value));
        }
        out.writeFloat64(d);
      }
      case FieldPlan.STRING -> {
        String s = text(value, path, "a string");
        int length = WireWriter.utf8Length(s);
        if (!f.compact && length > WireWriter.MAX_STRING_LENGTH) {
          throw new KwireJsonException(path.text(), "string of " + length + " UTF-8 bytes exceeds " + WireWriter.MAX_STRING_LENGTH);
        }
        if (f.compact) {
          out.writeCompactString(s);
        } else {
          out.writeString(s);
        }
      }
      case FieldPlan.BYTES -> {
        byte[] bytes = base64(text(value, path, "base64-encoded binary data"), path);
        if (f.compact) {
          out.writeCompactBytes(bytes);
        } else {
          out.writeBytes(bytes);
        }
      }
      case FieldPlan.UUID -> out.writeUuid(uuid(text(value, path, "a base64 uuid"), path));
      default -> throw new IllegalStateException("no JSON reading for spec type " + type);
    }
  }

  private static long integer(Object value, Where path, long lowest, long highest, String type) {
    if (value instanceof Integer || value instanceof Long) {
      long v = ((Number) value).longValue();
      if (v >= lowest && v <= highest) {
        return v;
      }
    } else if (!(value instanceof BigInteger)) {
      throw new KwireJsonException(path.text(), "expected an integer, but got " + describe(value));
    }
    throw new KwireJsonException(path.text(), "value " + value + " does not fit in " + type + " (" + lowest + " to " + highest + ")");
  }

  private static String describe(Object value) {
    if (value instanceof Double) {
      return "the floating point number " + value;
    }
    if (value instanceof Number) {
      return "the integer " + value;
    }
    return JsonTree.typeName(value);
  }

  private static String text(Object value, Where path, String expected) {
    if (!(value instanceof String s)) {
      throw new KwireJsonException(path.text(), "expected " + expected + ", but got " + JsonTree.typeName(value));
    }
    return s;
  }

  /** Base64 as jackson-core reads it for Kafka (standard alphabet, padding required). */
  private static byte[] base64(String text, Where path) {
    try {
      return Base64Variants.getDefaultVariant().decode(text);
    } catch (IllegalArgumentException e) {
      throw new KwireJsonException(path.text(), "not valid base64: " + e.getMessage(), e);
    }
  }

  /** Kafka's uuid text: the 16 bytes in URL-safe base64 (Kafka refuses more than 24 characters). */
  private static UUID uuid(String text, Where path) {
    if (text.length() > 24) {
      throw new KwireJsonException(path.text(), "\"" + text + "\" is too long for a base64 uuid");
    }
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new KwireJsonException(path.text(), "\"" + text + "\" is not a base64 uuid: " + e.getMessage(), e);
    }
    if (bytes.length != 16) {
      throw new KwireJsonException(path.text(), "\"" + text + "\" decodes to " + bytes.length + " bytes, not the 16 of a uuid");
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    return new UUID(b.getLong(), b.getLong());
  }
}
