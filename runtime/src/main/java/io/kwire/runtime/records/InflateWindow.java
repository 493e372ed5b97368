package io.kwire.runtime.records;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The decompressed bytes of one batch that its cursor still needs: the record being read and what
 * was inflated ahead of it. Bytes before the record being read are dropped when room is needed, so
 * the buffer grows (doubling) only to hold one record, never to a size the input claims; the total
 * produced is capped by the ceiling. The buffer is borrowed from the thread and given back when the
 * cursor ends, so that a thread reading batch after batch reuses it (one larger than
 * {@link #POOLED_MAX} is dropped instead, so that one huge batch does not pin memory for good).
 */
final class InflateWindow implements DecompressionSink {
  static final int POOLED_MAX = 1 << 20;
  private static final int FIRST_MAX = 64 << 10;
  private static final int MIN_READ = 8 << 10;
  // One slot per thread; a cursor takes the buffer out, so two cursors never share it.
  private static final ThreadLocal<byte[][]> POOL = ThreadLocal.withInitial(() -> new byte[1][]);

  private final int max;
  private byte[] buf;
  private int base; // decompressed bytes dropped before buf[0]
  private int size; // bytes held in buf
  private int keep; // index in buf of the first byte that must be kept
  private long wanted; // decompressed offset the cursor is inflating up to: growth stops there

  InflateWindow(int max, int sizeHint) {
    this.max = max;
    byte[][] slot = POOL.get();
    byte[] pooled = slot[0];
    slot[0] = null;
    this.buf = pooled != null ? pooled : new byte[(int) Math.min(max, Math.min(FIRST_MAX, Math.max(64L, sizeHint)))];
  }

  /** The buffer; decompressed byte {@code base() + i} is at index {@code i}, for i below {@link #size()}. */
  byte[] array() {
    return buf;
  }

  int base() {
    return base;
  }

  int size() {
    return size;
  }

  /** Decompressed bytes produced so far. */
  int produced() {
    return base + size;
  }

  /**
   * Bytes before decompressed offset {@code from} may be dropped from now on, and the cursor wants
   * bytes up to {@code upTo}: doubling stops there (a cap taken from the input, never a reservation).
   */
  void keep(int from, long upTo) {
    keep = Math.max(0, Math.min(size, from - base));
    wanted = upTo;
  }

  /** Hands the buffer back to the thread for the next batch; the window is not used afterwards. */
  void release() {
    byte[][] slot = POOL.get();
    if (buf != null && buf.length <= POOLED_MAX && (slot[0] == null || slot[0].length < buf.length)) {
      slot[0] = buf; // the larger one, when another cursor gave one back meanwhile
    }
    buf = null;
  }

  @Override
  public int max() {
    return max;
  }

  @Override
  public int room() {
    return max - base - size;
  }

  @Override
  public void write(byte[] src, int off, int len) throws DecompressionLimitException {
    if (len > room()) {
      throw new DecompressionLimitException(max);
    }
    makeRoom(len);
    System.arraycopy(src, off, buf, size, len);
    size += len;
  }

  @Override
  public boolean readFrom(InputStream in, int want) throws IOException {
    if (room() == 0) {
      if (in.read() != -1) {
        throw new DecompressionLimitException(max);
      }
      return false;
    }
    makeRoom(1);
    int n = in.read(buf, size, Math.min(buf.length - size, Math.min(room(), Math.max(want, MIN_READ))));
    if (n < 0) {
      return false;
    }
    size += n;
    return true;
  }

  /** Makes {@code n} bytes of space (within the ceiling): first by dropping bytes no longer needed, then by growing. */
  private void makeRoom(int n) {
    if (buf.length - size >= n) {
      return;
    }
    if (keep > 0) {
      System.arraycopy(buf, keep, buf, 0, size - keep);
      base += keep;
      size -= keep;
      keep = 0;
    }
    if (buf.length - size < n) {
      // Doubling, but straight to the bytes wanted when one more doubling would pass them, so that
      // the arrays allocated add up to about twice the largest record rather than three times.
      long wantedHere = Math.max(wanted - base, (long) size + Math.max(n, MIN_READ));
      long doubled = 2L * buf.length;
      long grown = Math.max((long) size + n, 2 * doubled > wantedHere ? wantedHere : doubled);
      buf = Arrays.copyOf(buf, (int) Math.min(grown, (long) max - base));
    }
  }
}
