package io.kwire.runtime.wire;

import java.util.Arrays;
import java.util.List;

/**
 * An immutable {@code List<Byte>} stored as a {@code byte[]}: decoding a {@code []int8} array
 * allocates no boxes, and writers read elements with {@link #getInt8(int)}.
 */
public final class Int8List extends ReadOnlyList<Byte> {
  private static final Int8List EMPTY = new Int8List(new byte[0]);

  private final byte[] values;

  private Int8List(byte[] values) {
    this.values = values;
  }

  /** A list over {@code values}, which the caller hands over and must no longer change. */
  public static Int8List wrap(byte... values) {
    return values.length == 0 ? EMPTY : new Int8List(values);
  }

  /** A list holding a copy of {@code values}. */
  public static Int8List of(byte... values) {
    return wrap(values.clone());
  }

  /** The same elements as {@code list}, unboxed once. */
  public static Int8List copyOf(List<Byte> list) {
    if (list instanceof Int8List same) {
      return same;
    }
    byte[] values = new byte[list.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = list.get(i);
    }
    return wrap(values);
  }

  public byte getInt8(int index) {
    return values[index];
  }

  @Override
  public Byte get(int index) {
    return values[index];
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public boolean equals(Object o) {
    if (o instanceof Int8List other) {
      return Arrays.equals(values, other.values);
    }
    return super.equals(o);
  }
}
