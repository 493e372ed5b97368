package io.kwire.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.Redaction;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Writes {@link StructValue}s as Kafka's JsonConverter classes do: fields in declaration order
 * under their lowerCamel names, only those in the message (absent versions and default tagged
 * fields are left out), bytes and records as base64, uuids in Kafka's base64 form.
 */
final class TreeJsonWriter {
  /** Field names are a fixed set (the messages'), so this map stays small. */
  private static final ConcurrentMap<String, String> JSON_NAMES = new ConcurrentHashMap<>();

  private final JsonGenerator out;
  private final JsonOptions options;

  TreeJsonWriter(JsonGenerator out, JsonOptions options) {
    this.out = out;
    this.options = options;
  }

  /** Kafka's JSON key for a field: its name with the first letter in lower case. */
  static String jsonName(FieldDescriptor field) {
    // Asked for every field of every message both ways: made once per name, not per message.
    return JSON_NAMES.computeIfAbsent(field.name(),
        name -> Character.toLowerCase(name.charAt(0)) + name.substring(1));
  }

  /** Kafka's text for a uuid: the 16 bytes in URL-safe base64 without padding. */
  static String uuidText(UUID uuid) {
    byte[] bytes = new byte[16];
    long hi = uuid.getMostSignificantBits();
    long lo = uuid.getLeastSignificantBits();
    for (int i = 0; i < 8; i++) {
      bytes[i] = (byte) (hi >>> (56 - 8 * i));
      bytes[8 + i] = (byte) (lo >>> (56 - 8 * i));
    }
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  void struct(StructValue struct) throws IOException {
    out.writeStartObject();
    FieldPlan[] fields = struct.plan().byIndex;
    for (int i = 0; i < fields.length; i++) {
      Object value = struct.get(i);
      if (value == StructValue.ABSENT) {
        continue;
      }
      FieldPlan field = fields[i];
      out.writeFieldName(field.jsonKey);
      if (value != null && options.redactSecrets() && Redaction.hides(struct.field(i), struct::get)) {
        out.writeString(JsonOptions.REDACTED);
      } else if (value != null && !options.recordData() && field.records) {
        // Kafka's converters keep record data out of JSON: an empty base64 string.
        out.writeString("");
      } else {
        value(value);
      }
    }
    out.writeEndObject();
  }

  private void value(Object value) throws IOException {
    if (value == null) {
      out.writeNull();
    } else if (value instanceof StructValue s) {
      struct(s);
    } else if (value instanceof List<?> list) {
      out.writeStartArray();
      for (Object element : list) {
        value(element);
      }
      out.writeEndArray();
    } else if (value instanceof Boolean b) {
      out.writeBoolean(b);
    } else if (value instanceof Long l) {
      out.writeNumber(l);
    } else if (value instanceof Double d) {
      out.writeNumber(d);
    } else if (value instanceof Number n) {
      out.writeNumber(n.intValue());
    } else if (value instanceof String s) {
      out.writeString(s);
    } else if (value instanceof byte[] b) {
      out.writeBinary(b);
    } else if (value instanceof UUID u) {
      out.writeString(uuidText(u));
    } else {
      throw new IllegalStateException("no JSON rendering for " + value.getClass().getName());
    }
  }
}
