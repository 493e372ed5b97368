package io.kwire.runtime.wire;

import java.util.Arrays;
import java.util.List;

/**
 * An immutable {@code List<Short>} stored as a {@code short[]}: decoding a {@code []int16} array
 * allocates no boxes, and writers read elements with {@link #getInt16(int)}.
 */
public final class Int16List extends ReadOnlyList<Short> {
  private static final Int16List EMPTY = new Int16List(new short[0]);

  private final short[] values;

  private Int16List(short[] values) {
    this.values = values;
  }

  /** A list over {@code values}, which the caller hands over and must no longer change. */
  public static Int16List wrap(short... values) {
    return values.length == 0 ? EMPTY : new Int16List(values);
  }

  /** A list holding a copy of {@code values}. */
  public static Int16List of(short... values) {
    return wrap(values.clone());
  }

  /** The same elements as {@code list}, unboxed once. */
  public static Int16List copyOf(List<Short> list) {
    if (list instanceof Int16List same) {
      return same;
    }
    short[] values = new short[list.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = list.get(i);
    }
    return wrap(values);
  }

  public short getInt16(int index) {
    return values[index];
  }

  @Override
  public Short get(int index) {
    return values[index];
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public boolean equals(Object o) {
    if (o instanceof Int16List other) {
      return Arrays.equals(values, other.values);
    }
    return super.equals(o);
  }
}
