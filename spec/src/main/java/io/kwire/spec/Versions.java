package io.kwire.spec;

/**
 * A version range in Kafka's spec syntax: {@code "none"}, {@code "3"}, {@code "0-5"} or {@code "2+"}.
 * An open-ended range has {@code highest == Integer.MAX_VALUE}.
 */
public record Versions(int lowest, int highest) {
  public static final Versions NONE = new Versions(1, 0);

  public static Versions parse(String text) {
    if (text == null || text.equals("none")) {
      return NONE;
    }
    if (text.endsWith("+")) {
      return new Versions(Integer.parseInt(text.substring(0, text.length() - 1)), Integer.MAX_VALUE);
    }
    int dash = text.indexOf('-');
    if (dash < 0) {
      int v = Integer.parseInt(text);
      return new Versions(v, v);
    }
    return new Versions(Integer.parseInt(text.substring(0, dash)), Integer.parseInt(text.substring(dash + 1)));
  }

  public boolean isEmpty() {
    return lowest > highest;
  }

  public boolean isOpenEnded() {
    return !isEmpty() && highest == Integer.MAX_VALUE;
  }

  public boolean contains(int version) {
    return version >= lowest && version <= highest;
  }

  @Override
  public String toString() {
    if (isEmpty()) {
      return "none";
    }
    if (isOpenEnded()) {
      return lowest + "+";
    }
    return lowest == highest ? Integer.toString(lowest) : lowest + "-" + highest;
  }
}
