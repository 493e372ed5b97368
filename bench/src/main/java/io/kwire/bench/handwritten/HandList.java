package io.kwire.bench.handwritten;

import java.util.AbstractList;
import java.util.RandomAccess;

/** An unmodifiable list over an exactly sized array the decoder filled: no copy, as List.of(E...) would make. */
final class HandList<E> extends AbstractList<E> implements RandomAccess {
  private final E[] items;

  private HandList(E[] items) {
    this.items = items;
  }

  /** Takes ownership of {@code items}: the caller must not keep or change the array. */
  static <E> HandList<E> own(E[] items) {
    return new HandList<>(items);
  }

  @Override
  public E get(int index) {
    return items[index];
  }

  @Override
  public int size() {
    return items.length;
  }
}
