package io.kwire.json;

import com.fasterxml.jackson.core.Base64Variants;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.WireWriter;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
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
  private final short version;
  private final VersionRange messageFlexible;
  private final boolean flexible;

  private JsonWireWriter(MessageDescriptor message, short version) {
    this.version = version;
    this.messageFlexible = message.flexibleVersions();
    this.flexible = message.isFlexible(version);
  }

  static byte[] write(MessageDescriptor message, Object json, short version) {
    if (!message.validVersions().contains(version)) {
      throw new KwireJsonException(message.name(), "no version " + version + " (valid: " + message.validVersions() + ")");
    }
    JsonWireWriter writer = new JsonWireWriter(message, version);
    writer.struct(message.body(), json, message.name());
    return writer.out.toByteArray();
  }

  private void struct(StructDescriptor struct, Object json, String path) {
    if (!(json instanceof Map<?, ?> object)) {
      throw new KwireJsonException(path, "expected a JSON object, but got " + JsonTree.typeName(json));
    }
    List<FieldDescriptor> tagged = new ArrayList<>();
    for (FieldDescriptor f : struct.fields()) {
      if (!f.versions().contains(version)) {
        continue;
      }
      String name = TreeJsonWriter.jsonName(f);
      Object value = object.get(name);
      if (f.isTagged() && f.taggedVersions().contains(version)) {
        if (value != null) {
          tagged.add(f);
        }
        continue;
      }
      if (value == null) {
        throw new KwireJsonException(path + "." + name, "is missing; the field is mandatory in version " + version);
      }
      value(f, value, path + "." + name);
    }
    if (flexible) {
      tagged.sort(Comparator.comparingInt(f -> f.tag().getAsInt()));
      out.writeUnsignedVarint(tagged.size());
      for (FieldDescriptor f : tagged) {
        String name = TreeJsonWriter.jsonName(f);
        int mark = out.beginTaggedField(f.tag().getAsInt());
        value(f, object.get(name), path + "." + name);
        out.endTaggedField(mark);
      }
    }
  }

  private void value(FieldDescriptor f, Object value, String path) {
    boolean compact = f.flexibleVersionsOr(messageFlexible).contains(version);
    if (value == JsonTree.NULL) {
      if (!f.nullableVersions().contains(version)) {
        throw new KwireJsonException(path, "is null, but not nullable in version " + version);
      }
      writeNull(f, compact);
      return;
    }
    if (f.isArray()) {
      if (!(value instanceof List<?> list)) {
        throw new KwireJsonException(path, "expected a JSON array, but got " + JsonTree.typeName(value));
      }
      if (compact) {
        out.writeUnsignedVarint(list.size() + 1);
      } else {
        out.writeInt32(list.size());
      }
      String elementType = f.type().substring(2);
      for (int i = 0; i < list.size(); i++) {
        String at = path + "[" + i + "]";
        if (f.struct() != null) {
          struct(f.struct(), list.get(i), at);
        } else {
          scalar(elementType, list.get(i), at, compact);
        }
      }
      return;
    }
    if (f.struct() != null) {
      if (f.nullableVersions().contains(version)) {
        out.writeInt8((byte) 1);
      }
      struct(f.struct(), value, path);
      return;
    }
    scalar(f.type(), value, path, compact);
  }

  private void writeNull(FieldDescriptor f, boolean compact) {
    if (f.struct() != null && !f.isArray()) {
      out.writeInt8((byte) -1);
    } else if (compact) {
      out.writeUnsignedVarint(0);
    } else if (f.type().equals("string")) {
      out.writeInt16((short) -1);
    } else {
      out.writeInt32(-1);
    }
  }

  private void scalar(String type, Object value, String path, boolean compact) {
    switch (type) {
      case "bool" -> {
        if (!(value instanceof Boolean b)) {
          throw new KwireJsonException(path, "expected a boolean, but got " + JsonTree.typeName(value));
        }
        out.writeBool(b);
      }
      case "int8" -> out.writeInt8((byte) integer(value, path, Byte.MIN_VALUE, Byte.MAX_VALUE, type));
      case "int16" -> out.writeInt16((short) integer(value, path, Short.MIN_VALUE, Short.MAX_VALUE, type));
      case "uint16" -> out.writeUint16((int) integer(value, path, 0, 0xFFFF, type));
      case "int32" -> out.writeInt32((int) integer(value, path, Integer.MIN_VALUE, Integer.MAX_VALUE, type));
      case "uint32" -> out.writeUint32(integer(value, path, 0, 0xFFFF_FFFFL, type));
      case "int64" -> out.writeInt64(integer(value, path, Long.MIN_VALUE, Long.MAX_VALUE, type));
      case "float64" -> {
        // Kafka wants a floating-point token here (it writes 1.0, and refuses 1).
        if (!(value instanceof Double d)) {
          throw new KwireJsonException(path, "expected a floating point number, but got " + describe(value));
        }
        out.writeFloat64(d);
      }
      case "string" -> {
        String s = text(value, path, "a string");
        int length = WireWriter.utf8Length(s);
        if (!compact && length > WireWriter.MAX_STRING_LENGTH) {
          throw new KwireJsonException(path, "string of " + length + " UTF-8 bytes exceeds " + WireWriter.MAX_STRING_LENGTH);
        }
        if (compact) {
          out.writeCompactString(s);
        } else {
          out.writeString(s);
        }
      }
      case "bytes", "records" -> {
        byte[] bytes = base64(text(value, path, "base64-encoded binary data"), path);
        if (compact) {
          out.writeCompactBytes(bytes);
        } else {
          out.writeBytes(bytes);
        }
      }
      case "uuid" -> out.writeUuid(uuid(text(value, path, "a base64 uuid"), path));
      default -> throw new IllegalStateException("no JSON reading for spec type " + type);
    }
  }

  private static long integer(Object value, String path, long lowest, long highest, String type) {
    if (value instanceof Integer || value instanceof Long) {
      long v = ((Number) value).longValue();
      if (v >= lowest && v <= highest) {
        return v;
      }
    } else if (!(value instanceof BigInteger)) {
      throw new KwireJsonException(path, "expected an integer, but got " + describe(value));
    }
    throw new KwireJsonException(path, "value " + value + " does not fit in " + type + " (" + lowest + " to " + highest + ")");
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

  private static String text(Object value, String path, String expected) {
    if (!(value instanceof String s)) {
      throw new KwireJsonException(path, "expected " + expected + ", but got " + JsonTree.typeName(value));
    }
    return s;
  }

  /** Base64 as jackson-core reads it for Kafka (standard alphabet, padding required). */
  private static byte[] base64(String text, String path) {
    try {
      return Base64Variants.getDefaultVariant().decode(text);
    } catch (IllegalArgumentException e) {
      throw new KwireJsonException(path, "not valid base64: " + e.getMessage(), e);
    }
  }

  /** Kafka's uuid text: the 16 bytes in URL-safe base64 (Kafka refuses more than 24 characters). */
  private static UUID uuid(String text, String path) {
    if (text.length() > 24) {
      throw new KwireJsonException(path, "\"" + text + "\" is too long for a base64 uuid");
    }
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new KwireJsonException(path, "\"" + text + "\" is not a base64 uuid: " + e.getMessage(), e);
    }
    if (bytes.length != 16) {
      throw new KwireJsonException(path, "\"" + text + "\" decodes to " + bytes.length + " bytes, not the 16 of a uuid");
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    return new UUID(b.getLong(), b.getLong());
  }
}
