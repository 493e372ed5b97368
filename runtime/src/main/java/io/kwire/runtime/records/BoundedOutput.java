package io.kwire.runtime.records;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * A growable byte array with a hard ceiling: decompressed data lands here, and crossing the
 * ceiling fails before any allocation beyond it.
 */
final class BoundedOutput {
  private final int max;
  private byte[] buf;
  private int size;

  BoundedOutput(int max, int sizeHint) {
    this.max = max;
    this.buf = new byte[(int) Math.min(max, Math.max(64L, sizeHint))];
  }

  byte[] array() {
    return buf;
  }

  int max() {
    return max;
  }

  int size() {
    return size;
  }

  /** Makes room for {@code n} more bytes, or fails if that would cross the ceiling. */
  void reserve(int n) throws DecompressionLimitException {
    if (n > max - size) {
      throw new DecompressionLimitException(max);
    }
    if (n > buf.length - size) {
      long wanted = Math.max((long) size + n, 2L * buf.length);
      buf = Arrays.copyOf(buf, (int) Math.min(max, wanted));
    }
  }

  void write(byte[] src, int off, int len) throws DecompressionLimitException {
    reserve(len);
    System.arraycopy(src, off, buf, size, len);
    size += len;
  }

  /** Advances past {@code n} bytes that a caller wrote straight into {@link #array()} after reserving. */
  void advance(int n) {
    size += n;
  }

  /** Reads {@code in} to its end. */
  void drain(InputStream in) throws IOException {
    while (true) {
      if (size == buf.length) {
        if (size == max) {
          if (in.read() != -1) {
            throw new DecompressionLimitException(max);
          }
          return;
        }
        reserve(Math.min(max - size, buf.length));
      }
      int n = in.read(buf, size, buf.length - size);
      if (n < 0) {
        return;
      }
      size += n;
    }
  }
}
