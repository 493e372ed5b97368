package io.kwire.tests.hostile;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Bodies built from a message's descriptor alone, every field at its smallest encoding (numbers
 * zero, nullable fields null, strings and bytes empty, arrays empty, tagged fields absent) except
 * one array, anywhere in the message, filled with many copies of one tiny element: the inputs that
 * cost the most heap per wire byte. An array on the way to the target has one element.
 */
final class TinyElementBodies {
  /** How each element of the target array, and each struct field inside it, is written. */
  enum Variant {
    /** Everything minimal. */
    MINIMAL,
    /** Strings of one ASCII character. */
    ONE_CHAR,
    /** Strings of two ASCII characters. */
    TWO_CHARS,
    /** Strings of one two-byte UTF-8 character. */
    TWO_BYTE_CHAR,
    /** Strings of one malformed UTF-8 byte (lenient mode only). */
    BAD_UTF8,
    /** Strings of three ASCII characters. */
    THREE_CHARS,
    /** Uuids not zero, numbers not zero, bools true. */
    NON_ZERO,
    /** Nested arrays of one minimal element. */
    ARRAYS_OF_ONE,
    /** In flexible versions, one unknown tagged field of no bytes in each element's section. */
    UNKNOWN_TAG,
    /** In flexible versions, one unknown tagged field of one byte in each element's section. */
    UNKNOWN_TAG_ONE_BYTE,
    /** In flexible versions, two unknown tagged fields of one byte each in each element's section. */
    TWO_UNKNOWN_TAGS,
    /** In flexible versions, two empty unknown tagged fields in descending order (lenient mode only). */
    UNSORTED_TAGS;

    boolean tagged() {
      return this == UNKNOWN_TAG || this == UNKNOWN_TAG_ONE_BYTE || this == TWO_UNKNOWN_TAGS || this == UNSORTED_TAGS;
    }

    boolean lenientOnly() {
      return this == BAD_UTF8 || this == UNSORTED_TAGS;
    }
  }

  /** An array field reached through {@code path} (the fields containing it, outermost first). */
  record Target(List<FieldDescriptor> path) {
    FieldDescriptor array() {
      return path.get(path.size() - 1);
    }

    String name() {
      StringBuilder b = new StringBuilder();
      for (FieldDescriptor f : path) {
        b.append(b.length() == 0 ? "" : ".").append(f.javaName());
      }
      return b.toString();
    }
  }

  private final MessageDescriptor message;
  private final short version;

  TinyElementBodies(MessageDescriptor message, short version) {
    this.message = message;
    this.version = version;
  }

  short version() {
    return version;
  }

  private boolean flexible() {
    return message.flexibleVersions().contains(version);
  }

  /** Every array field on the wire in this version, at any depth, tagged or not. */
  List<Target> targets() {
    List<Target> out = new ArrayList<>();
    collect(message.body(), new ArrayList<>(), out);
    return out;
  }

  private void collect(StructDescriptor struct, List<FieldDescriptor> prefix, List<Target> out) {
    for (FieldDescriptor f : struct.fields()) {
      if (!onWire(f)) {
        continue;
      }
      List<FieldDescriptor> path = new ArrayList<>(prefix);
      path.add(f);
      if (f.isArray()) {
        out.add(new Target(List.copyOf(path)));
      }
      if (f.struct() != null) {
        collect(f.struct(), path, out);
      }
    }
  }

  private boolean onWire(FieldDescriptor f) {
    return f.isTagged() ? f.taggedVersions().contains(version) && flexible() : f.versions().contains(version);
  }

  /** The body with {@code target} holding {@code n} elements written as {@code variant}. */
  byte[] body(Target target, Variant variant, int n) {
    WireWriter out = new WireWriter(256 + n * elementSize(target, variant));
    writeStruct(message.body(), target, 0, variant, n, out);
    return out.toByteArray();
  }

  /** The size of one element of the target, written as {@code variant}. */
  int elementSize(Target target, Variant variant) {
    WireWriter out = new WireWriter();
    writeElement(target.array(), variant, out);
    return out.position();
  }

  /** A body whose top-level tagged section holds {@code n} unknown fields of no bytes. */
  byte[] unknownTagsBody(int n) {
    WireWriter out = new WireWriter(1 << 16);
    writeStruct(message.body(), null, 0, Variant.MINIMAL, 0, out, n);
    return out.toByteArray();
  }

  private void writeStruct(StructDescriptor s, Target target, int depth, Variant variant, int n, WireWriter out) {
    writeStruct(s, target, depth, variant, n, out, 0);
  }

  /**
   * {@code depth} is the index in the target's path of the next field to follow; a null target
   * writes every field minimally (or as {@code variant}, inside a target element).
   */
  private void writeStruct(StructDescriptor s, Target target, int depth, Variant variant, int n, WireWriter out,
      int unknownTags) {
    List<FieldDescriptor> tagged = new ArrayList<>();
    int maxTag = -1;
    for (FieldDescriptor f : s.fields()) {
      if (f.isTagged()) {
        maxTag = Math.max(maxTag, f.tag().getAsInt());
      }
      if (!onWire(f)) {
        continue;
      }
      if (f.isTagged()) {
        if (target != null && target.path().get(depth) == f) {
          tagged.add(f);
        }
        continue;
      }
      boolean onPath = target != null && target.path().get(depth) == f;
      // inside the target's elements every field follows the variant; beside the path, minimal
      writeField(f, onPath ? target : null, depth, onPath || target == null ? variant : Variant.MINIMAL, n, out);
    }
    if (!flexible()) {
      return;
    }
    WireWriter section = new WireWriter();
    int count = 0;
    for (FieldDescriptor f : tagged) {
      WireWriter value = new WireWriter();
      writeField(f, target, depth, variant, n, value);
      section.writeUnsignedVarint(f.tag().getAsInt());
      section.writeUnsignedVarint(value.position());
      section.writeRaw(value.toByteArray());
      count++;
    }
    int extra = unknownTags;
    if (target == null && variant.tagged()) {
      extra += variant == Variant.TWO_UNKNOWN_TAGS || variant == Variant.UNSORTED_TAGS ? 2 : 1;
    }
    for (int i = 0; i < extra; i++) {
      section.writeUnsignedVarint(variant == Variant.UNSORTED_TAGS && unknownTags == 0 ? maxTag + extra - i : maxTag + 1 + i);
      if ((variant == Variant.UNKNOWN_TAG || variant == Variant.UNSORTED_TAGS) && unknownTags == 0 || unknownTags > 0) {
        section.writeUnsignedVarint(0);
      } else {
        section.writeUnsignedVarint(1);
        section.writeRaw(new byte[] {(byte) (i + 7)});
      }
      count++;
    }
    out.writeUnsignedVarint(count);
    out.writeRaw(section.toByteArray());
  }

  /** Writes {@code f}; {@code target} is non-null when the target is {@code f} or lies inside it. */
  private void writeField(FieldDescriptor f, Target target, int depth, Variant variant, int n, WireWriter out) {
    boolean compact = f.flexibleVersionsOr(message.flexibleVersions()).contains(version);
    boolean nullable = f.nullableVersions().contains(version);
    String type = f.type();
    if (f.isArray()) {
      if (target != null && depth == target.path().size() - 1) {
        writeCount(n, compact, out);
        out.writeRaw(repeated(element(f, variant), n));
      } else if (target != null) {
        writeCount(1, compact, out);
        writeStruct(f.struct(), target, depth + 1, variant, n, out);
      } else if (variant == Variant.ARRAYS_OF_ONE) {
        writeCount(1, compact, out);
        writeElement(f, Variant.MINIMAL, out);
      } else if (nullable) {
        writeCount(-1, compact, out);
      } else {
        writeCount(0, compact, out);
      }
      return;
    }
    if (f.struct() != null) {
      if (nullable && target == null) {
        out.writeInt8((byte) -1);
        return;
      }
      if (nullable) {
        out.writeInt8((byte) 1);
      }
      writeStruct(f.struct(), target, depth + 1, variant, n, out);
      return;
    }
    writeScalar(type, compact, nullable, variant, out);
  }

  /** {@code n} copies of {@code element}, by doubling (fast before the JIT has compiled anything). */
  private static byte[] repeated(byte[] element, int n) {
    byte[] all = new byte[element.length * n];
    System.arraycopy(element, 0, all, 0, Math.min(element.length, all.length));
    for (int filled = element.length; filled < all.length; filled *= 2) {
      System.arraycopy(all, 0, all, filled, Math.min(filled, all.length - filled));
    }
    return all;
  }

  /** One element of the target, written as {@code variant}. */
  byte[] element(Target target, Variant variant) {
    return element(target.array(), variant);
  }

  private byte[] element(FieldDescriptor array, Variant variant) {
    WireWriter w = new WireWriter();
    writeElement(array, variant, w);
    return w.toByteArray();
  }

  private void writeElement(FieldDescriptor array, Variant variant, WireWriter out) {
    boolean compact = array.flexibleVersionsOr(message.flexibleVersions()).contains(version);
    if (array.struct() != null) {
      writeStruct(array.struct(), null, 0, variant, 0, out);
    } else {
      writeScalar(array.type().substring(2), compact, false, variant, out);
    }
  }

  private static void writeCount(int n, boolean compact, WireWriter out) {
    if (compact) {
      out.writeUnsignedVarint(n + 1);
    } else {
      out.writeInt32(n);
    }
  }

  private static void writeScalar(String type, boolean compact, boolean nullable, Variant variant, WireWriter out) {
    boolean nonZero = variant == Variant.NON_ZERO;
    switch (type) {
      case "bool", "int8" -> out.writeInt8((byte) (nonZero ? 1 : 0));
      case "int16", "uint16" -> out.writeInt16((short) (nonZero ? 1 : 0));
      case "int32", "uint32" -> out.writeInt32(nonZero ? 1 : 0);
      case "int64", "float64" -> out.writeInt64(nonZero ? 1 : 0);
      case "uuid" -> {
        out.writeInt64(nonZero ? 1 : 0);
        out.writeInt64(nonZero ? 1 : 0);
      }
      case "string" -> writeString(stringBytes(variant), compact, nullable && variant == Variant.MINIMAL, out);
      case "bytes", "records" -> writeLength(nullable && variant == Variant.MINIMAL ? -1 : 0, compact, false, out);
      default -> throw new IllegalStateException("type " + type);
    }
  }

  private static byte[] stringBytes(Variant variant) {
    return switch (variant) {
      case ONE_CHAR -> new byte[] {'a'};
      case TWO_CHARS -> new byte[] {'a', 'b'};
      case TWO_BYTE_CHAR -> new byte[] {(byte) 0xc3, (byte) 0xa9};
      case BAD_UTF8 -> new byte[] {(byte) 0x80};
      case THREE_CHARS -> new byte[] {'a', 'b', 'c'};
      default -> new byte[0];
    };
  }

  private static void writeString(byte[] s, boolean compact, boolean asNull, WireWriter out) {
    writeLength(asNull ? -1 : s.length, compact, true, out);
    if (!asNull) {
      out.writeRaw(s);
    }
  }

  private static void writeLength(int n, boolean compact, boolean shortLength, WireWriter out) {
    if (compact) {
      out.writeUnsignedVarint(n + 1);
    } else if (shortLength) {
      out.writeInt16((short) n);
    } else {
      out.writeInt32(n);
    }
  }

  static void forEachVersion(MessageDescriptor d, Consumer<TinyElementBodies> action) {
    for (int v = d.validVersions().lowest(); v <= d.validVersions().highest(); v++) {
      action.accept(new TinyElementBodies(d, (short) v));
    }
  }
}
