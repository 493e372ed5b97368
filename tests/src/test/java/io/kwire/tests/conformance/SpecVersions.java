package io.kwire.tests.conformance;

/**
 * A version range as a Kafka spec writes it ({@code "3"}, {@code "0-5"}, {@code "2+"}, {@code "none"}),
 * parsed here independently of kwire's own {@code VersionRange} so the oracle side does not share
 * kwire's parser.
 */
record SpecVersions(int lowest, int highest) {
  static final SpecVersions NONE = new SpecVersions(0, -1);
  static final int MAX = Short.MAX_VALUE;

  static SpecVersions parse(String text) {
    String s = text.trim();
    if (s.equals("none")) {
      return NONE;
    }
    if (s.endsWith("+")) {
      return new SpecVersions(number(s.substring(0, s.length() - 1), text), MAX);
    }
    int dash = s.indexOf('-');
    if (dash > 0) {
      int lo = number(s.substring(0, dash), text);
      int hi = number(s.substring(dash + 1), text);
      if (lo > hi) {
        throw new IllegalArgumentException("empty version range \"" + text + "\"");
      }
      return new SpecVersions(lo, hi);
    }
    int v = number(s, text);
    return new SpecVersions(v, v);
  }

  /** {@code text} parsed, or {@code fallback} when the attribute is absent or empty (Kafka's rule). */
  static SpecVersions parseOr(String text, SpecVersions fallback) {
    return text == null || text.isBlank() ? fallback : parse(text);
  }

  private static int number(String s, String whole) {
    if (s.isEmpty() || !s.chars().allMatch(Character::isDigit)) {
      throw new IllegalArgumentException("not a version range: \"" + whole + "\"");
    }
    return Short.parseShort(s);
  }

  boolean isEmpty() {
    return lowest > highest;
  }

  boolean contains(int version) {
    return version >= lowest && version <= highest;
  }

  @Override
  public String toString() {
    if (isEmpty()) {
      return "none";
    }
    if (highest == MAX) {
      return lowest + "+";
    }
    return lowest == highest ? Integer.toString(lowest) : lowest + "-" + highest;
  }
}
