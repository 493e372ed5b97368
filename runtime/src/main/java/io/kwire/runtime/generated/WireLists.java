package io.kwire.runtime.generated;

import java.util.AbstractCollection;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.ListIterator;
import java.util.RandomAccess;

/** Immutable lists over arrays that decoders fill, without a second copy. */
public final class WireLists {
  private WireLists() {}

  /** An unmodifiable list over {@code items}, which the caller hands over. */
  public static <T> List<T> wrap(T[] items) {
    return items.length == 0 ? List.of() : new ArrayView<>(items);
  }

  /**
   * Not an {@code AbstractList}: its {@code modCount} field (8 bytes per decoded array) is never
   * used by a list that cannot change. Everything but {@code get} and {@code size} goes through a
   * read-only JDK view, made on demand.
   */
  private static final class ArrayView<T> extends AbstractCollection<T> implements List<T>, RandomAccess {
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

    private List<T> view() {
      return Collections.unmodifiableList(Arrays.asList(items));
    }

    @Override
    public ListIterator<T> iterator() {
      return view().listIterator();
    }

    @Override
    public ListIterator<T> listIterator() {
      return view().listIterator();
    }

    @Override
    public ListIterator<T> listIterator(int index) {
      return view().listIterator(index);
    }

    @Override
    public List<T> subList(int fromIndex, int toIndex) {
      return view().subList(fromIndex, toIndex);
    }

    @Override
    public int indexOf(Object o) {
      return view().indexOf(o);
    }

    @Override
    public int lastIndexOf(Object o) {
      return view().lastIndexOf(o);
    }

    @Override
    public boolean contains(Object o) {
      return indexOf(o) >= 0;
    }

    @Override
    public T set(int index, T element) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void add(int index, T element) {
      throw new UnsupportedOperationException();
    }

    @Override
    public T remove(int index) {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean addAll(int index, Collection<? extends T> c) {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean equals(Object o) {
      return o == this || view().equals(o);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(items);
    }
  }
}
