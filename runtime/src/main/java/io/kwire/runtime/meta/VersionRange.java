package io.kwire.runtime.meta;

/**
 * An inclusive range of versions in Kafka's spec syntax: {@code "3"}, {@code "0-5"}, {@code "2+"}
 * (up to 32767) or {@code "none"} (empty).
 */
public record VersionRange(short lowest, short highest) {
  public static final VersionRange NONE = new VersionRange((short) 0, (short) -1);
  public static final VersionRange ALL = new VersionRange((short) 0, Short.MAX_VALUE);

  /** {@code lowest} to {@code highest} inclusive; empty when {@code lowest > highest}. */
  public static VersionRange of(int lowest, int highest) {
    return lowest > highest ? NONE : new VersionRange((short) lowest, (short) highest);
  }

  /** {@code lowest} and every later version: Kafka's {@code "lowest+"}. */
  public static VersionRange from(int lowest) {
    return of(lowest, Short.MAX_VALUE);
  }

  /** Parses Kafka's syntax; throws {@link IllegalArgumentException} on anything else. */
  public static VersionRange parse(String text) {
    String s = text.trim();
    if (s.equals("none")) {
      return NONE;
    }
    try {
      if (s.endsWith("+")) {
        return of(parseVersion(s.substring(0, s.length() - 1)), Short.MAX_VALUE);
      }
      int dash = s.indexOf('-');
      if (dash > 0) {
        short lo = parseVersion(s.substring(0, dash));
        short hi = parseVersion(s.substring(dash + 1));
        if (lo > hi) {
          throw new IllegalArgumentException("lowest version " + lo + " is above highest " + hi);
        }
        return of(lo, hi);
      }
      short v = parseVersion(s);
      return of(v, v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a version range: \"" + text + "\"");
    }
  }

  private static short parseVersion(String s) {
    if (s.isEmpty() || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new NumberFormatException(s);
    }
    return Short.parseShort(s);
  }

  public boolean isEmpty() {
    return lowest > highest;
  }

  public boolean contains(int version) {
    return version >= lowest && version <= highest;
  }

  public boolean contains(VersionRange other) {
    return other.isEmpty() || (!isEmpty() && other.lowest >= lowest && other.highest <= highest);
  }

  public boolean isOpenEnded() {
    return !isEmpty() && highest == Short.MAX_VALUE;
  }

  public VersionRange intersect(VersionRange other) {
    return of(Math.max(lowest, other.lowest), Math.min(highest, other.highest));
  }

  public boolean overlaps(VersionRange other) {
    return !intersect(other).isEmpty();
  }

  @Override
  public String toString() {
    if (isEmpty()) {
      return "none";
    }
    if (highest == Short.MAX_VALUE) {
      return lowest + "+";
    }
    return lowest == highest ? Short.toString(lowest) : lowest + "-" + highest;
  }
}
