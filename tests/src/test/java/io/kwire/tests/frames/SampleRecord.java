package io.kwire.tests.frames;

import io.kwire.runtime.records.Header;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** A record to append with either library: key, value and header values may be null. */
record SampleRecord(long timestamp, byte[] key, byte[] value, List<Header> headers) {

  /** Records from a fixed seed, with null and empty keys and values and headers now and then. */
  static List<SampleRecord> random(long seed, int count) {
    Random random = new Random(seed);
    List<SampleRecord> out = new ArrayList<>(count);
    long timestamp = 1_700_000_000_000L + random.nextInt(100_000);
    for (int i = 0; i < count; i++) {
      timestamp += random.nextInt(3000) - 500; // deltas may be negative
      List<Header> headers = new ArrayList<>();
      int headerCount = i % 3 == 0 ? random.nextInt(3) + 1 : 0;
      for (int h = 0; h < headerCount; h++) {
        headers.add(new Header(h == 1 ? "trace-é" : "h" + h, random.nextInt(3) == 0 ? null : bytes(random, 16)));
      }
      byte[] key = i % 4 == 1 ? null : bytes(random, 24);
      byte[] value = i % 5 == 2 ? null : bytes(random, 300);
      out.add(new SampleRecord(timestamp, key, value, List.copyOf(headers)));
    }
    return out;
  }

  private static byte[] bytes(Random random, int max) {
    byte[] b = new byte[random.nextInt(max + 1)];
    // Half noise, half runs, so that the codecs meet both.
    if (random.nextBoolean()) {
      random.nextBytes(b);
    } else {
      java.util.Arrays.fill(b, (byte) ('a' + random.nextInt(26)));
    }
    return b;
  }
}
