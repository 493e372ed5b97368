package io.kwire.processor.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Versions a finding holds in, written as ranges: {@code 0-2, 5}. */
final class VersionSet {
  private final TreeSet<Integer> versions = new TreeSet<>();

  void add(int version) {
    versions.add(version);
  }

  @Override
  public String toString() {
    List<String> ranges = new ArrayList<>();
    Integer start = null;
    Integer previous = null;
    for (int v : versions) {
      if (previous != null && v == previous + 1) {
        previous = v;
        continue;
      }
      if (start != null) {
        ranges.add(range(start, previous));
      }
      start = v;
      previous = v;
    }
    if (start != null) {
      ranges.add(range(start, previous));
    }
    return String.join(", ", ranges);
  }

  /** {@code version 3} or {@code versions 0-2, 5}. */
  String withNoun() {
    return (versions.size() == 1 ? "version " : "versions ") + this;
  }

  private static String range(int from, int to) {
    return from == to ? Integer.toString(from) : from + "-" + to;
  }
}
