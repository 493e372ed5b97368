package io.kwire.runtime.records;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Decompressed data, with a hard ceiling. It grows in chunks as bytes are actually produced (never
 * by a size the input claims), from a first chunk of at most 64 KiB, so that producing {@code n}
 * bytes allocates at most about {@code 2n + 64 KiB}: the chunks, and one array of exactly {@code n}
 * bytes when {@link #array()} joins them. Crossing the ceiling fails before anything beyond it is
 * allocated.
 */
final class BoundedOutput implements DecompressionSink {
  private static final int MAX_CHUNK = 64 << 10;

  private final int max;
  private final List<byte[]> filled = new ArrayList<>(0);
  private byte[] buf;
  private int used;
  private int size;

  BoundedOutput(int max, int sizeHint) {
    this.max = max;
    this.buf = new byte[(int) Math.min(max, Math.min(MAX_CHUNK, Math.max(64L, sizeHint)))];
  }

  /** All bytes produced, from index 0 to {@link #size()} (the array may be longer). */
  byte[] array() {
    if (filled.isEmpty()) {
      return buf;
    }
    byte[] all = new byte[size];
    int at = 0;
    for (byte[] chunk : filled) {
      System.arraycopy(chunk, 0, all, at, chunk.length);
      at += chunk.length;
    }
    System.arraycopy(buf, 0, all, at, used);
    filled.clear();
    buf = all;
    used = size;
    return all;
  }

  @Override
  public int max() {
    return max;
  }

  int size() {
    return size;
  }

  @Override
  public int room() {
    return max - size;
  }

  @Override
  public void write(byte[] src, int off, int len) throws DecompressionLimitException {
    if (len > max - size) {
      throw new DecompressionLimitException(max);
    }
    while (len > 0) {
      if (used == buf.length) {
        nextChunk();
      }
      int n = Math.min(len, buf.length - used);
      System.arraycopy(src, off, buf, used, n);
      used += n;
      size += n;
      off += n;
      len -= n;
    }
  }

  /** Reads all of {@code in}: this output holds a whole batch, so there is no point in stopping early. */
  @Override
  public boolean readFrom(InputStream in, int want) throws IOException {
    drain(in);
    return false;
  }

  /** Reads {@code in} to its end. */
  void drain(InputStream in) throws IOException {
    while (true) {
      if (used == buf.length) {
        if (size == max) {
          if (in.read() != -1) {
            throw new DecompressionLimitException(max);
          }
          return;
        }
        nextChunk();
      }
      int n = in.read(buf, used, buf.length - used);
      if (n < 0) {
        return;
      }
      used += n;
      size += n;
    }
  }

  /** The current chunk is full and the ceiling not reached: a new one, twice as large up to 64 KiB. */
  private void nextChunk() {
    filled.add(buf);
    buf = new byte[(int) Math.min(max - size, Math.min(MAX_CHUNK, 2L * buf.length))];
    used = 0;
  }
}
