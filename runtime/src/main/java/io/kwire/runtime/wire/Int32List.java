package io.kwire.runtime.wire;

import java.util.Arrays;
import java.util.List;

/**
 * An immutable {@code List<Integer>} stored as a {@code int[]}: decoding a {@code []int32} array
 * allocates no boxes, and writers read elements with {@link #getInt32(int)}.
 */
public final class Int32List extends ReadOnlyList<Integer> {
  private static final Int32List EMPTY = new Int32List(new int[0]);

  private final int[] values;

  private Int32List(int[] values) {
    this.values = values;
  }

  /** A list over {@code values}, which the caller hands over and must no longer change. */
  public static Int32List wrap(int... values) {
    return values.length == 0 ? EMPTY : new Int32List(values);
  }

  /** A list holding a copy of {@code values}. */
  public static Int32List of(int... values) {
    return wrap(values.clone());
  }

  /** The same elements as {@code list}, unboxed once. */
  public static Int32List copyOf(List<Integer> list) {
    if (list instanceof Int32List same) {
      return same;
    }
    int[] values = new int[list.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = list.get(i);
    }
    return wrap(values);
  }

  public int getInt32(int index) {
    return values[index];
  }

  @Override
  public Integer get(int index) {
    return values[index];
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public boolean equals(Object o) {
    if (o instanceof Int32List other) {
      return Arrays.equals(values, other.values);
    }
    return super.equals(o);
  }
}
