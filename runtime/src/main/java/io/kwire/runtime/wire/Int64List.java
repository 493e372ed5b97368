package io.kwire.runtime.wire;

import java.util.Arrays;
import java.util.List;

/**
 * An immutable {@code List<Long>} stored as a {@code long[]}: decoding a {@code []int64} array
 * allocates no boxes, and writers read elements with {@link #getInt64(int)}.
 */
public final class Int64List extends ReadOnlyList<Long> {
  private static final Int64List EMPTY = new Int64List(new long[0]);

  private final long[] values;

  private Int64List(long[] values) {
    this.values = values;
  }

  /** A list over {@code values}, which the caller hands over and must no longer change. */
  public static Int64List wrap(long... values) {
    return values.length == 0 ? EMPTY : new Int64List(values);
  }

  /** A list holding a copy of {@code values}. */
  public static Int64List of(long... values) {
    return wrap(values.clone());
  }

  /** The same elements as {@code list}, unboxed once. */
  public static Int64List copyOf(List<Long> list) {
    if (list instanceof Int64List same) {
      return same;
    }
    long[] values = new long[list.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = list.get(i);
    }
    return wrap(values);
  }

  public long getInt64(int index) {
    return values[index];
  }

  @Override
  public Long get(int index) {
    return values[index];
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public boolean equals(Object o) {
    if (o instanceof Int64List other) {
      return Arrays.equals(values, other.values);
    }
    return super.equals(o);
  }
}
