package io.kwire.tests.differential;

/** A fixed seed per (message, version, index), so each failure is reproducible on its own. */
final class Seeds {
  private Seeds() {}

  static long of(String messageName, short version, int index) {
    long h = 1125899906842597L;
    for (int i = 0; i < messageName.length(); i++) {
      h = 31 * h + messageName.charAt(i);
    }
    h = 31 * h + version;
    h = 31 * h + index;
    return mix(h);
  }

  /** SplitMix64's finalizer: spreads nearby inputs over the whole range. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
