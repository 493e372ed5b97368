package io.kwire.tests.records;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** A record to append on either side. Header keys are non-null; keys, values and header values may be null. */
record RecordSpec(long timestamp, byte[] key, byte[] value, List<String> headerKeys, List<byte[]> headerValues) {

  /** Random records from a fixed seed: null and empty keys/values, headers with null values, unicode keys. */
  static List<RecordSpec> random(long seed, int count) {
    Random random = new Random(seed);
    List<RecordSpec> out = new ArrayList<>(count);
    long timestamp = 1_700_000_000_000L;
    for (int i = 0; i < count; i++) {
      timestamp += random.nextInt(5000) - 1000; // not monotonic: deltas may be negative
      List<String> keys = new ArrayList<>();
      List<byte[]> values = new ArrayList<>();
      int headers = random.nextInt(4) == 0 ? random.nextInt(4) : 0;
      for (int h = 0; h < headers; h++) {
        keys.add(h == 1 ? "clé-" + i : "h" + h);
        values.add(random.nextInt(3) == 0 ? null : bytes(random, 20));
      }
      out.add(new RecordSpec(timestamp, random.nextInt(5) == 0 ? null : bytes(random, 30),
          random.nextInt(10) == 0 ? null : bytes(random, 400), keys, values));
    }
    return out;
  }

  private static byte[] bytes(Random random, int max) {
    byte[] b = new byte[random.nextInt(max + 1)];
    // Half the values compressible, half noise, so every codec has work of both kinds.
    if (random.nextBoolean()) {
      random.nextBytes(b);
    } else {
      java.util.Arrays.fill(b, (byte) ('a' + random.nextInt(26)));
    }
    return b;
  }
}
