package io.kwire.tests.generated;

/**
 * The versions possible at a point of the code, kept as a contiguous range: narrowing by a test of
 * {@code version} and joining two branches both stay ranges (the join takes the hull).
 */
record VersionSpan(int lo, int hi) {
  static final VersionSpan EMPTY = new VersionSpan(1, 0);
  /** Any value of the {@code short version} parameter, before a method has checked it. */
  static final VersionSpan ANY = new VersionSpan(Short.MIN_VALUE, Short.MAX_VALUE);

  static VersionSpan of(int lo, int hi) {
    return lo > hi ? EMPTY : new VersionSpan(lo, hi);
  }

  boolean isEmpty() {
    return lo > hi;
  }

  VersionSpan hull(VersionSpan other) {
    if (isEmpty()) {
      return other;
    }
    if (other.isEmpty()) {
      return this;
    }
    return new VersionSpan(Math.min(lo, other.lo), Math.max(hi, other.hi));
  }

  VersionSpan intersect(VersionSpan other) {
    return of(Math.max(lo, other.lo), Math.min(hi, other.hi));
  }

  /** Versions of this span where {@code version op value} holds. */
  VersionSpan where(String op, int value) {
    return switch (op) {
      case ">=" -> intersect(of(value, Integer.MAX_VALUE));
      case ">" -> intersect(of(value + 1, Integer.MAX_VALUE));
      case "<=" -> intersect(of(Integer.MIN_VALUE, value));
      case "<" -> intersect(of(Integer.MIN_VALUE, value - 1));
      case "==" -> intersect(of(value, value));
      case "!=" -> without(value);
      default -> throw new IllegalArgumentException(op);
    };
  }

  /** The hull of this span minus one version: only an end can go. */
  private VersionSpan without(int value) {
    if (isEmpty()) {
      return this;
    }
    if (lo == value && hi == value) {
      return EMPTY;
    }
    if (lo == value) {
      return of(lo + 1, hi);
    }
    if (hi == value) {
      return of(lo, hi - 1);
    }
    return this;
  }

  @Override
  public String toString() {
    if (isEmpty()) {
      return "none";
    }
    return lo == hi ? Integer.toString(lo) : lo + "-" + hi;
  }
}
