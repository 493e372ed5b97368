package io.kwire.runtime.generated;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/** Immutable lists over arrays that decoders fill, without a second copy. */
public final class WireLists {
  private WireLists() {}

  /** An unmodifiable list over {@code items}, which the caller hands over. */
  public static <T> List<T> wrap(T[] items) {
    return items.length == 0 ? List.of() : new ArrayView<>(items);
  }

  private static final class ArrayView<T> extends AbstractList<T> implements RandomAccess {
    private final T[] items;

    ArrayView(T[] items) {
      this.items = items;
    }

    @Override
    public T get(int index) {
      return items[index];
    }

    @Override
    public int size() {
      return items.length;
    }
  }
}
