package io.kwire.runtime.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * Tagged fields a record did not know when it was read, kept so that they survive a read/write
 * round trip. Immutable; tags are strictly ascending. A record declares a component of this type
 * (without {@code @Field}) to keep them; {@link #EMPTY} costs nothing.
 *
 * <p>What a reader keeps is the section's bytes, not an object per field: a {@link RawTaggedField}
 * list costs about 40 heap bytes per field of 2 wire bytes. Up to 7 bytes are held in a {@code
 * long}, more in one copied array; the list is made on first use. A section of one empty field
 * with a one-byte tag is shared (one instance per tag).
 */
public final class UnknownTaggedFields {
  public static final UnknownTaggedFields EMPTY = new UnknownTaggedFields(List.of());

  private static final int INLINE_MAX = 7;
  private static final UnknownTaggedFields[] ONE_EMPTY_FIELD = new UnknownTaggedFields[128];

  /** The fields once made (a cache: {@link #source} is what is final, so safely published). */
  private List<RawTaggedField> fields;
  /**
   * The fields as given (a {@code List}), or the section's bytes after its count (tag, size and
   * data of each field) when more than 7, or null when they are in {@link #inline}.
   */
  private final Object source;
  /** Up to 7 of those bytes, big-endian in the low 56 bits, their number in the top 8. */
  private final long inline;
  private final int count;

  private UnknownTaggedFields(List<RawTaggedField> fields) {
    this.fields = fields;
    this.source = fields;
    this.inline = 0;
    this.count = fields.size();
  }

  private UnknownTaggedFields(byte[] raw, long inline, int count) {
    this.source = raw;
    this.inline = inline;
    this.count = count;
  }

  /**
   * The {@code count} fields of a tagged-field section, {@code length} bytes of {@code buf} from
   * {@code offset}, each field's tag, size and data as on the wire (the section's count excluded).
   * The bytes are copied.
   *
   * @throws IllegalArgumentException unless those bytes are exactly {@code count} well-formed fields
   *     with strictly ascending tags
   */
  public static UnknownTaggedFields ofSection(byte[] buf, int offset, int length, int count) {
    if (offset < 0 || length < 0 || offset > buf.length - length || count < 0) {
      throw new IllegalArgumentException("bad section range or count");
    }
    checkSection(buf, offset, length, count);
    if (count == 0) {
      return EMPTY;
    }
    if (count == 1 && length == 2 && buf[offset] >= 0 && buf[offset + 1] == 0) {
      return shared(buf[offset]);
    }
    if (length <= INLINE_MAX) {
      long inline = (long) length << 56;
      for (int i = 0; i < length; i++) {
        inline |= (buf[offset + i] & 0xFFL) << (8 * (length - 1 - i));
      }
      return new UnknownTaggedFields(null, inline, count);
    }
    return new UnknownTaggedFields(Arrays.copyOfRange(buf, offset, offset + length), 0, count);
  }

  /** The section of one empty field with {@code tag} (below 128), one instance per tag. */
  private static UnknownTaggedFields shared(int tag) {
    UnknownTaggedFields shared = ONE_EMPTY_FIELD[tag];
    if (shared == null) {
      // benign race: two threads may each make one, and either is kept (all its fields are final)
      shared = new UnknownTaggedFields(new byte[] {(byte) tag, 0}, 0, 1);
      ONE_EMPTY_FIELD[tag] = shared;
    }
    return shared;
  }

  private static void checkSection(byte[] buf, int offset, int length, int count) {
    int at = offset;
    int end = offset + length;
    int previous = -1;
    for (int i = 0; i < count; i++) {
      int tag = varint(buf, at, end);
      at += varintLength(buf, at);
      int size = varint(buf, at, end);
      at += varintLength(buf, at);
      if (tag <= previous || size < 0 || size > end - at) {
        throw new IllegalArgumentException("malformed tagged-field section");
      }
      previous = tag;
      at += size;
    }
    if (at != end) {
      throw new IllegalArgumentException("tagged-field section has bytes beyond its " + count + " field(s)");
    }
  }

  /**
   * The unsigned varint at {@code at}, of at most 5 bytes before {@code end}, as a 32-bit pattern:
   * bits above the 32nd are dropped, as a lenient reader drops them.
   */
  private static int varint(byte[] buf, int at, int end) {
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (at >= end) {
        throw new IllegalArgumentException("truncated varint in a tagged-field section");
      }
      byte b = buf[at++];
      value |= (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
    }
    throw new IllegalArgumentException("varint longer than 5 bytes in a tagged-field section");
  }

  /** The length of the varint at {@code at}, which {@link #varint} has read. */
  private static int varintLength(byte[] buf, int at) {
    int n = 1;
    while (buf[at + n - 1] < 0) {
      n++;
    }
    return n;
  }

  /** The fields: as given, or parsed from the section's bytes. */
  @SuppressWarnings("unchecked") // source is only ever a List<RawTaggedField> or a byte[]
  private List<RawTaggedField> parse() {
    if (source instanceof List<?> given) {
      return (List<RawTaggedField>) given;
    }
    byte[] bytes = (byte[]) source;
    if (bytes == null) {
      bytes = new byte[(int) (inline >>> 56)];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) (inline >>> (8 * (bytes.length - 1 - i)));
      }
    }
    RawTaggedField[] out = new RawTaggedField[count];
    int at = 0;
    for (int i = 0; i < count; i++) {
      int tag = varint(bytes, at, bytes.length);
      at += varintLength(bytes, at);
      int size = varint(bytes, at, bytes.length);
      at += varintLength(bytes, at);
      out[i] = new RawTaggedField(tag, Arrays.copyOfRange(bytes, at, at + size));
      at += size;
    }
    return List.of(out);
  }

  /** The given fields, which must have strictly ascending tags. */
  public static UnknownTaggedFields of(List<RawTaggedField> fields) {
    if (fields.isEmpty()) {
      return EMPTY;
    }
    List<RawTaggedField> copy = List.copyOf(fields);
    for (int i = 1; i < copy.size(); i++) {
      if (copy.get(i).tag() <= copy.get(i - 1).tag()) {
        throw new IllegalArgumentException("tags must be strictly ascending: " + copy);
      }
    }
    return new UnknownTaggedFields(copy);
  }

  public static UnknownTaggedFields of(RawTaggedField... fields) {
    return of(List.of(fields));
  }

  /** Null-safe view used by generated writers: a null component means no unknown fields. */
  public static UnknownTaggedFields orEmpty(UnknownTaggedFields fields) {
    return fields == null ? EMPTY : fields;
  }

  public List<RawTaggedField> fields() {
    List<RawTaggedField> f = fields;
    if (f == null) {
      // benign race: the list is immutable, and List.of publishes it safely
      f = parse();
      fields = f;
    }
    return f;
  }

  public int size() {
    return count;
  }

  public boolean isEmpty() {
    return count == 0;
  }

  public RawTaggedField get(int index) {
    return fields().get(index);
  }

  /** Accumulates fields while a reader walks a tagged-field section. */
  public static final class Builder {
    private List<RawTaggedField> fields;

    /** An empty builder; a generated reader makes one when it meets an unknown tag. */
    public Builder() {}

    public void add(int tag, byte[] data) {
      if (fields == null) {
        fields = new ArrayList<>(2);
      }
      fields.add(new RawTaggedField(tag, data));
    }

    /**
     * The fields in ascending tag order. A lenient reader may have added them out of order or
     * repeated: they are sorted, and of a repeated tag the last one read is kept (as a repeated
     * known tag overwrites its field), so that what is written back is a valid section.
     */
    public UnknownTaggedFields build() {
      if (fields == null) {
        return EMPTY;
      }
      if (fields.size() == 1 && fields.get(0).data().length == 0 && fields.get(0).tag() < 128) {
        return shared(fields.get(0).tag());
      }
      for (int i = 1; i < fields.size(); i++) {
        if (fields.get(i).tag() <= fields.get(i - 1).tag()) {
          return new UnknownTaggedFields(Collections.unmodifiableList(sortedLastWins(fields)));
        }
      }
      return new UnknownTaggedFields(Collections.unmodifiableList(fields));
    }

    private static List<RawTaggedField> sortedLastWins(List<RawTaggedField> fields) {
      // stable, so of a repeated tag the last one read stays last; in place, no map of boxed tags
      fields.sort(Comparator.comparingInt(RawTaggedField::tag));
      int kept = 0;
      for (int i = 0, n = fields.size(); i < n; i++) {
        if (i + 1 < n && fields.get(i + 1).tag() == fields.get(i).tag()) {
          continue;
        }
        fields.set(kept++, fields.get(i));
      }
      for (int i = fields.size() - 1; i >= kept; i--) {
        fields.remove(i); // from the end: no copying, and no sub-list view to allocate
      }
      return fields;
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UnknownTaggedFields other && fields().equals(other.fields());
  }

  @Override
  public int hashCode() {
    return fields().hashCode();
  }

  @Override
  public String toString() {
    return fields().toString();
  }
}
