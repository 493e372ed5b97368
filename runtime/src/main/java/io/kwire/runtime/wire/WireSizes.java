package io.kwire.runtime.wire;

import java.nio.ByteBuffer;

/** Encoded sizes, for {@code size} methods (generated and hand-written); they mirror {@link WireWriter}. */
public final class WireSizes {
  private WireSizes() {}

  public static int unsignedVarint(int v) {
    // 1 byte per 7 bits; 0 takes one byte. Most values (lengths, counts) fit in one: tested first.
    if ((v & ~0x7F) == 0) {
      return 1;
    }
    return (31 - Integer.numberOfLeadingZeros(v)) / 7 + 1;
  }

  public static int varint(int v) {
    return unsignedVarint((v << 1) ^ (v >> 31));
  }

  public static int varlong(long v) {
    long z = (v << 1) ^ (v >> 63);
    return (63 - Long.numberOfLeadingZeros(z | 1)) / 7 + 1;
  }

  public static int string(String s) {
    return s == null ? 2 : 2 + WireWriter.utf8Length(s);
  }

  public static int compactString(String s) {
    if (s == null) {
      return 1;
    }
    int n = WireWriter.utf8Length(s);
    return unsignedVarint(n + 1) + n;
  }

  public static int bytes(byte[] b) {
    return b == null ? 4 : 4 + b.length;
  }

  public static int compactBytes(byte[] b) {
    return b == null ? 1 : unsignedVarint(b.length + 1) + b.length;
  }

  public static int bytes(ByteBuffer b) {
    return b == null ? 4 : 4 + b.remaining();
  }

  public static int compactBytes(ByteBuffer b) {
    return b == null ? 1 : unsignedVarint(b.remaining() + 1) + b.remaining();
  }

  /** A whole tagged-field section holding only {@code unknown} (null means none). */
  public static int taggedSection(UnknownTaggedFields unknown) {
    if (unknown == UnknownTaggedFields.EMPTY || unknown == null || unknown.isEmpty()) {
      return 1; // the usual case, without walking an empty list
    }
    return unsignedVarint(unknown.size()) + unknownTaggedFields(unknown);
  }

  /** The bytes the fields of {@code unknown} take in a tagged-field section (not counting the section's count). */
  public static int unknownTaggedFields(UnknownTaggedFields unknown) {
    int size = 0;
    for (RawTaggedField f : unknown.fields()) {
      size += unsignedVarint(f.tag()) + unsignedVarint(f.data().length) + f.data().length;
    }
    return size;
  }
}
