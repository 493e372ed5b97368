package io.kwire.capture;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * The capture's bytes, gunzipped when they start with gzip's magic, with the offset of the next byte
 * (in the decompressed stream). Skips read and discard in a fixed buffer, so a stream that cannot
 * seek (stdin) is fine.
 */
final class CaptureInput {
  private static final int GZIP_MAGIC = 0x1f8b;

  private final InputStream in;
  private final byte[] discard = new byte[8192];
  private long offset;

  private CaptureInput(InputStream in) {
    this.in = in;
  }

  static CaptureInput open(InputStream raw) throws IOException {
    BufferedInputStream buffered = new BufferedInputStream(raw, 1 << 16);
    buffered.mark(2);
    int first = buffered.read();
    int second = buffered.read();
    buffered.reset();
    if (first >= 0 && second >= 0 && ((first << 8) | second) == GZIP_MAGIC) {
      return new CaptureInput(new BufferedInputStream(new GZIPInputStream(buffered, 1 << 16), 1 << 16));
    }
    return new CaptureInput(buffered);
  }

  long offset() {
    return offset;
  }

  /** Reads up to {@code length} bytes; fewer only at the end of the stream. */
  int read(byte[] into, int at, int length) throws IOException {
    int n = in.readNBytes(into, at, length);
    offset += n;
    return n;
  }

  /** Skips up to {@code length} bytes; returns how many were there. */
  long skip(long length) throws IOException {
    long left = length;
    while (left > 0) {
      int n = in.read(discard, 0, (int) Math.min(discard.length, left));
      if (n < 0) {
        break;
      }
      left -= n;
      offset += n;
    }
    return length - left;
  }

  void close() throws IOException {
    in.close();
  }
}
