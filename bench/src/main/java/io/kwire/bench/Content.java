package io.kwire.bench;

import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.Int32List;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** Deterministic content: the same bytes on every run, so runs and libraries compare. */
final class Content {
  private Content() {}

  /** ASCII topic names, with one in sixteen carrying a non-ASCII character (as real clusters have a few). */
  static String topicName(int i) {
    String n = String.format("%03d", i);
    return i % 16 == 7 ? "événements-" + n : "orders.payments.topic-" + n;
  }

  static UUID topicId(int i) {
    return new UUID(0x5EED_0000_0000_0000L + i, 0x0123_4567_89AB_CDEFL ^ ((long) i * 0x9E37_79B9L));
  }

  /** Three distinct broker ids starting at {@code first}, wrapping over {@code brokers}. */
  static Int32List replicas(int first, int brokers) {
    return Int32List.of(first % brokers, (first + 1) % brokers, (first + 2) % brokers);
  }

  /**
   * One uncompressed v2 record batch of about {@code targetBytes}: {@code records} records with a
   * 16-byte key and a value sized to fill it, bytes from a fixed pattern.
   */
  static Records batch(long baseOffset, int targetBytes, int records) {
    int value = Math.max(1, (targetBytes - 61) / records - 16 - 12);
    RecordBatchBuilder b = RecordBatchBuilder.create(baseOffset).producer(7000L, (short) 0, 0);
    for (int r = 0; r < records; r++) {
      byte[] key = String.format("key-%012d", baseOffset + r).getBytes(StandardCharsets.US_ASCII);
      b.append(1_700_000_000_000L + r, key, pattern(value, (int) baseOffset + r));
    }
    return b.build();
  }

  private static byte[] pattern(int n, int seed) {
    byte[] b = new byte[n];
    int x = seed * 0x9E3779B9 + 1;
    for (int i = 0; i < n; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      b[i] = (byte) x;
    }
    return b;
  }
}
