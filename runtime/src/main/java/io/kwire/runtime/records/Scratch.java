package io.kwire.runtime.records;

/**
 * One 64 KiB buffer per thread for a codec to inflate a block into before copying it out, so that
 * blocks of Kafka's usual size cost no allocation per batch. Larger blocks get an array of their
 * exact (already validated) size.
 */
final class Scratch {
  static final int SIZE = 64 << 10;
  private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[SIZE]);

  private Scratch() {}

  /** A buffer of at least {@code n} bytes; the shared one must not be held across another call. */
  static byte[] atLeast(int n) {
    return n <= SIZE ? BUFFER.get() : new byte[n];
  }
}
