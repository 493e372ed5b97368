package io.kwire.runtime.explain;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.Redaction;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Reads the fields of a struct, as its descriptor states them at one version, into nodes. It
 * reads bytes only: no record class, no codec, no reflection, so it explains any message whose
 * descriptor it is given, including bytes a codec would refuse (up to the first malformed field).
 */
final class FieldWalker {
  private static final int MAX_SHOWN_STRING = 64;
  private static final int MAX_SHOWN_BYTES = 32;

  private final WireReader in;
  private final byte[] frame;
  private final short version;
  private final VersionRange messageFlexible;
  private final Region region;
  private final boolean redact;
  /** The text of the last string read, for {@link #field}'s record of what the struct holds. */
  private String lastString;

  /** @param redact whether values that {@link Redaction} hides are hidden */
  FieldWalker(WireReader in, byte[] frame, short version, VersionRange messageFlexible, Region region,
      boolean redact) {
    this.in = in;
    this.frame = frame;
    this.version = version;
    this.messageFlexible = messageFlexible;
    this.region = region;
    this.redact = redact;
  }

  /** The fields of {@code struct}, then (in flexible versions) its tagged-field section. */
  List<WireNode> fields(StructDescriptor struct, String taggedNote) {
    List<WireNode> nodes = new ArrayList<>();
    List<FieldDescriptor> read = new ArrayList<>();
    List<FieldDescriptor> tagged = new ArrayList<>();
    // The struct's strings and bools: a config's Value is judged by its Name and IsSensitive.
    Map<String, Object> values = new HashMap<>();
    boolean flexible = messageFlexible.contains(version);
    for (FieldDescriptor f : struct.fields()) {
      if (!f.versions().contains(version)) {
        continue;
      }
      if (f.isTagged()) {
        // A tagged field travels only in the tagged section, and only in its tagged versions.
        if (flexible && f.taggedVersions().contains(version)) {
          tagged.add(f);
        }
        continue;
      }
      nodes.add(field(f, values));
      read.add(f);
    }
    // Judged once the struct is read: IsSensitive comes after Value.
    for (int i = 0; i < read.size(); i++) {
      nodes.set(i, redacted(read.get(i), nodes.get(i), values));
    }
    if (flexible) {
      nodes.add(taggedSection(tagged, taggedNote, values));
    }
    return nodes;
  }

  /** The field's node; its string or bool value goes into {@code values} too. */
  private WireNode field(FieldDescriptor f, Map<String, Object> values) {
    try {
      lastString = null;
      WireNode node = value(f, f.name(), f.type());
      if (f.type().equals("string")) {
        values.put(f.name(), lastString);
      } else if (f.type().equals("bool")) {
        values.put(f.name(), Boolean.valueOf(node.value()));
      }
      return node;
    } catch (KwireProtocolException e) {
      throw e.inField(f.name());
    }
  }

  private WireNode redacted(FieldDescriptor f, WireNode node, Map<String, Object> values) {
    return redact && Redaction.hides(f, values::get) ? node.redact() : node;
  }

  private boolean compact(FieldDescriptor f) {
    return f.flexibleVersionsOr(messageFlexible).contains(version);
  }

  private WireNode value(FieldDescriptor f, String name, String type) {
    int start = in.offset();
    switch (type) {
      case "bool":
        return leaf(name, type, Boolean.toString(in.readBool()), start);
      case "int8":
        return leaf(name, type, Byte.toString(in.readInt8()), start);
      case "int16":
        return leaf(name, type, Short.toString(in.readInt16()), start);
      case "uint16":
        return leaf(name, type, Integer.toString(in.readUint16()), start);
      case "int32":
        return leaf(name, type, Integer.toString(in.readInt32()), start);
      case "uint32":
        return leaf(name, type, Long.toString(in.readUint32()), start);
      case "int64":
        return leaf(name, type, Long.toString(in.readInt64()), start);
      case "float64":
        return leaf(name, type, Double.toString(in.readFloat64()), start);
      case "uuid":
        return leaf(name, type, in.readUuid().toString(), start);
      case "string":
        return string(name, type, f.nullableVersions().contains(version), compact(f), start);
      case "bytes":
        return bytes(name, type, f.nullableVersions().contains(version), compact(f), start);
      case "records":
        return records(f, name, start);
      default:
        return type.startsWith("[]") ? array(f, name, type, start) : struct(f, name, type, start);
    }
  }

  private WireNode leaf(String name, String type, String value, int start) {
    return WireNode.leaf(name, type, value, "", start, in.offset() - start, region);
  }

  /** A string in one node, its prefix described in the value as the seed pages do. */
  WireNode string(String name, String type, boolean nullable, boolean compact, int start) {
    int length = compact ? in.readUnsignedVarint() - 1 : in.readInt16();
    if (length < 0) {
      if (length != -1 || !nullable) {
        throw new KwireProtocolException(start, compact ? "non-nullable string is null" : "bad string length " + length);
      }
      return leaf(name, type, "null (" + (compact ? "compact, 0" : "int16 len=-1") + ")", start);
    }
    in.require(length);
    int at = in.offset();
    in.skip(length);
    String text = new String(frame, at, length, StandardCharsets.UTF_8);
    lastString = text;
    String shown = text.length() > MAX_SHOWN_STRING ? text.substring(0, MAX_SHOWN_STRING) + "..." : text;
    String prefix = compact ? "compact, len+1=" + (length + 1) : "int16 len=" + length;
    return leaf(name, type, quote(shown) + " (" + prefix + ")", start);
  }

  private WireNode bytes(String name, String type, boolean nullable, boolean compact, int start) {
    int length = compact ? in.readUnsignedVarint() - 1 : in.readInt32();
    if (length < 0) {
      if (length != -1 || !nullable) {
        throw new KwireProtocolException(start, "non-nullable bytes are null or have a negative length");
      }
      return leaf(name, type, "null (" + (compact ? "compact, 0" : "int32 len=-1") + ")", start);
    }
    in.require(length);
    int at = in.offset();
    in.skip(length);
    String prefix = compact ? "compact, len+1=" + (length + 1) : "int32 len=" + length;
    return leaf(name, type, hex(frame, at, length) + " (" + prefix + ")", start);
  }

  static String hex(byte[] bytes, int at, int length) {
    if (length == 0) {
      return "0x";
    }
    int shown = Math.min(length, MAX_SHOWN_BYTES);
    return "0x" + HexFormat.of().formatHex(bytes, at, at + shown) + (shown < length ? "..." : "");
  }

  private WireNode records(FieldDescriptor f, String name, int start) {
    boolean compact = compact(f);
    int length = compact ? in.readUnsignedVarint() - 1 : in.readInt32();
    String prefix = compact ? "(compact, n+1)" : "";
    WireNode lengthNode = WireNode.leaf("length", compact ? "uvarint" : "int32",
        compact ? (length + 1) + " " + prefix : Integer.toString(length), "bytes of records that follow",
        start, in.offset() - start, region);
    if (length < 0) {
      if (length != -1 || !f.nullableVersions().contains(version)) {
        throw new KwireProtocolException(start, "non-nullable records are null or have a negative length");
      }
      return new WireNode(name, "records", "null", "", start, in.offset() - start, region, false, List.of(lengthNode));
    }
    in.require(length);
    List<WireNode> children = new ArrayList<>();
    children.add(lengthNode);
    children.addAll(new RecordsWalker(frame, in.offset(), length).batches());
    in.skip(length);
    return new WireNode(name, "records", length + " bytes", "", start, in.offset() - start, region, false, children);
  }

  private WireNode array(FieldDescriptor f, String name, String type, int start) {
    boolean compact = compact(f);
    int raw = compact ? in.readUnsignedVarint() : in.readInt32();
    int count = compact ? raw - 1 : raw;
    String lengthValue = compact
        ? Integer.toUnsignedString(raw) + (raw == 0 ? " (compact, null)" : " (compact, n+1)")
        : Integer.toString(raw);
    List<WireNode> children = new ArrayList<>();
    if (count < 0) {
      if (count != -1 || !f.nullableVersions().contains(version)) {
        throw new KwireProtocolException(start, "non-nullable array is null or has a negative length");
      }
      children.add(WireNode.leaf("length", compact ? "uvarint" : "int32", lengthValue, "null array",
          start, in.offset() - start, region));
      return new WireNode(name, type, "null", "", start, in.offset() - start, region, false, children);
    }
    if (count > in.remaining()) {
      throw new KwireProtocolException(start, "array of " + count + " element(s) is longer than the "
          + in.remaining() + " byte(s) remaining");
    }
    children.add(WireNode.leaf("length", compact ? "uvarint" : "int32", lengthValue,
        count == 1 ? "one element follows" : count + " elements follow", start, in.offset() - start, region));
    String elementType = type.substring(2);
    for (int i = 0; i < count; i++) {
      try {
        String elementName = elementType + "[" + i + "]";
        children.add(f.struct() != null
            ? structValue(f.struct(), elementName, elementType, in.offset())
            : value(f, elementName, elementType));
      } catch (KwireProtocolException e) {
        throw e.atIndex(i);
      }
    }
    return new WireNode(name, type, count + (count == 1 ? " element" : " elements"), "", start,
        in.offset() - start, region, false, children);
  }

  private WireNode struct(FieldDescriptor f, String name, String type, int start) {
    if (f.struct() == null) {
      throw new KwireProtocolException(start, "type " + type + " has no struct descriptor");
    }
    if (!f.nullableVersions().contains(version)) {
      return structValue(f.struct(), name, type, start);
    }
    // A nullable struct starts with a presence byte: -1 for null, 1 for present.
    byte marker = in.readInt8();
    WireNode presence = WireNode.leaf("present", "int8", Byte.toString(marker), marker < 0 ? "null" : "present",
        start, 1, region);
    List<WireNode> children = new ArrayList<>();
    children.add(presence);
    if (marker < 0) {
      return new WireNode(name, type, "null", "", start, 1, region, false, children);
    }
    children.addAll(fields(f.struct(), "number of tagged fields in this struct"));
    return new WireNode(name, type, "struct", "", start, in.offset() - start, region, false, children);
  }

  private WireNode structValue(StructDescriptor struct, String name, String type, int start) {
    List<WireNode> children = fields(struct, "number of tagged fields in this struct");
    return new WireNode(name, type, "struct", "", start, in.offset() - start, region, false, children);
  }

  /** The uvarint count, then per field its tag, its size and its value (known) or bytes (unknown). */
  WireNode taggedSection(List<FieldDescriptor> known, String note, Map<String, Object> values) {
    int start = in.offset();
    int count = in.readTaggedFieldCount();
    if (count == 0) {
      return WireNode.leaf("tagged_fields", "uvarint", "0", note, start, in.offset() - start, Region.TAGGED_FIELDS);
    }
    List<WireNode> children = new ArrayList<>();
    children.add(WireNode.leaf("count", "uvarint", Integer.toString(count), note, start, in.offset() - start,
        Region.TAGGED_FIELDS));
    int previous = -1;
    for (int i = 0; i < count; i++) {
      int fieldStart = in.offset();
      int tag = in.readTag(previous);
      previous = tag;
      WireNode tagNode = WireNode.leaf("tag", "uvarint", Integer.toString(tag), "", fieldStart,
          in.offset() - fieldStart, Region.TAGGED_FIELDS);
      FieldDescriptor f = byTag(known, tag);
      String name = f == null ? "unknown_tag_" + tag : f.name();
      try {
        int sizeStart = in.offset();
        int oldLimit = in.beginTaggedField();
        int size = in.remaining();
        WireNode sizeNode = WireNode.leaf("size", "uvarint", Integer.toString(size), "bytes of the value",
            sizeStart, in.offset() - sizeStart, Region.TAGGED_FIELDS);
        WireNode valueNode;
        int valueStart = in.offset();
        if (f == null) {
          in.skip(size);
          valueNode = WireNode.leaf("value", "bytes", hex(frame, valueStart, size), "a tag this version does not know",
              valueStart, size, Region.TAGGED_FIELDS);
        } else {
          valueNode = redacted(f, new FieldWalker(in, frame, version, messageFlexible, Region.TAGGED_FIELDS, redact)
              .field(f, values), values);
        }
        in.endTaggedField(oldLimit);
        children.add(new WireNode(name, "tag " + tag, null, "", fieldStart, in.offset() - fieldStart,
            Region.TAGGED_FIELDS, false, List.of(tagNode, sizeNode, valueNode)));
      } catch (KwireProtocolException e) {
        throw e.inField(name);
      }
    }
    return new WireNode("tagged_fields", "uvarint", Integer.toString(count), note, start, in.offset() - start,
        Region.TAGGED_FIELDS, false, children);
  }

  private static FieldDescriptor byTag(List<FieldDescriptor> known, int tag) {
    for (FieldDescriptor f : known) {
      if (f.tag().getAsInt() == tag) {
        return f;
      }
    }
    return null;
  }

  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"').toString();
  }
}
