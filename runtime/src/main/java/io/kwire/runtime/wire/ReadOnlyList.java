package io.kwire.runtime.wire;

import java.util.AbstractCollection;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.ListIterator;
import java.util.RandomAccess;

/**
 * The {@code List} side of kwire's immutable primitive lists, over {@link #get} and {@link #size}.
 * Not {@code AbstractList}: that carries a {@code modCount} field these lists never use, and
 * decoders allocate one list per array, so the field costs 8 bytes per array read.
 */
abstract class ReadOnlyList<E> extends AbstractCollection<E> implements List<E>, RandomAccess {
  @Override
  public ListIterator<E> iterator() {
    return listIterator(0);
  }

  @Override
  public ListIterator<E> listIterator() {
    return listIterator(0);
  }

  @Override
  public ListIterator<E> listIterator(int index) {
    // Iteration is rare on the paths that matter (writers use the primitive getters): a JDK view will do.
    return Collections.unmodifiableList(new IndexedView<>(this)).listIterator(index);
  }

  @Override
  public List<E> subList(int fromIndex, int toIndex) {
    return Collections.unmodifiableList(new IndexedView<>(this).subList(fromIndex, toIndex));
  }

  @Override
  public int indexOf(Object o) {
    for (int i = 0, n = size(); i < n; i++) {
      if (get(i).equals(o)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public int lastIndexOf(Object o) {
    for (int i = size() - 1; i >= 0; i--) {
      if (get(i).equals(o)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public boolean contains(Object o) {
    return indexOf(o) >= 0;
  }

  @Override
  public E set(int index, E element) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void add(int index, E element) {
    throw new UnsupportedOperationException();
  }

  @Override
  public E remove(int index) {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean addAll(int index, Collection<? extends E> c) {
    throw new UnsupportedOperationException();
  }

  /** As {@link List#equals}: the same elements in the same order, whatever the list's class. */
  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof List<?> other) || other.size() != size()) {
      return false;
    }
    int i = 0;
    for (Object e : other) {
      if (!get(i++).equals(e)) {
        return false;
      }
    }
    return true;
  }

  /** As {@link List#hashCode}; the primitive lists override only {@code equals}, with a fast path for their own class. */
  @Override
  public int hashCode() {
    int h = 1;
    for (int i = 0, n = size(); i < n; i++) {
      h = 31 * h + get(i).hashCode();
    }
    return h;
  }

  /** A throwaway {@code AbstractList} over the same elements, for iterators and sub-lists. */
  private static final class IndexedView<E> extends java.util.AbstractList<E> implements RandomAccess {
    private final List<E> list;

    IndexedView(List<E> list) {
      this.list = list;
    }

    @Override
    public E get(int index) {
      return list.get(index);
    }

    @Override
    public int size() {
      return list.size();
    }
  }
}
