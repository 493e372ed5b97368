package io.kwire.tests.json;

/** A fixed seed per (message, version, index) for the JSON tests, apart from the byte differential's. */
final class JsonSeeds {
  private JsonSeeds() {}

  static long of(String messageName, short version, int index) {
    long h = 0x6a736f6eL; // "json"
    for (int i = 0; i < messageName.length(); i++) {
      h = 31 * h + messageName.charAt(i);
    }
    h = 31 * h + version;
    h = 31 * h + index;
    // SplitMix64's finalizer: spreads nearby inputs over the whole range.
    h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
    h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
    return h ^ (h >>> 31);
  }
}
