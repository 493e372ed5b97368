package io.kwire.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

/**
 * Tagged fields a record did not know when it was read, kept so that they survive a read/write
 * round trip. Immutable; tags are strictly ascending. A record declares a component of this type
 * (without {@code @Field}) to keep them; {@link #EMPTY} costs nothing.
 */
public final class UnknownTaggedFields {
  public static final UnknownTaggedFields EMPTY = new UnknownTaggedFields(List.of());

  private final List<RawTaggedField> fields;

  private UnknownTaggedFields(List<RawTaggedField> fields) {
    this.fields = fields;
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
    return fields;
  }

  public int size() {
    return fields.size();
  }

  public boolean isEmpty() {
    return fields.isEmpty();
  }

  public RawTaggedField get(int index) {
    return fields.get(index);
  }

  /** Accumulates fields while a reader walks a tagged-field section. */
  public static final class Builder {
    private List<RawTaggedField> fields;

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
      for (int i = 1; i < fields.size(); i++) {
        if (fields.get(i).tag() <= fields.get(i - 1).tag()) {
          return new UnknownTaggedFields(Collections.unmodifiableList(sortedLastWins(fields)));
        }
      }
      return new UnknownTaggedFields(Collections.unmodifiableList(fields));
    }

    private static List<RawTaggedField> sortedLastWins(List<RawTaggedField> fields) {
      TreeMap<Integer, RawTaggedField> byTag = new TreeMap<>();
      for (RawTaggedField f : fields) {
        byTag.put(f.tag(), f);
      }
      return new ArrayList<>(byTag.values());
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UnknownTaggedFields other && fields.equals(other.fields);
  }

  @Override
  public int hashCode() {
    return fields.hashCode();
  }

  @Override
  public String toString() {
    return fields.toString();
  }
}
