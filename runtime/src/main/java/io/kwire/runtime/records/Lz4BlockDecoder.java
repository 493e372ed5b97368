package io.kwire.runtime.records;

import java.io.IOException;
import java.util.Arrays;

/**
 * A plain-Java LZ4 block decoder whose buffer grows with the bytes it produces, for blocks of a frame
 * that declares a maximum block size above 64 KiB (Kafka writes 64 KiB blocks; a frame may claim
 * 4 MiB for a block of a few bytes). A reusable instance keeps its buffer across blocks of one frame.
 */
final class Lz4BlockDecoder {
  private final int maxBlock;
  private byte[] buf = new byte[4 << 10];

  Lz4BlockDecoder(int maxBlock) {
    this.maxBlock = maxBlock;
  }

  byte[] buffer() {
    return buf;
  }

  /** Decodes the block at {@code src[at, at+n)} into {@link #buffer()}; returns the bytes produced. */
  int decode(byte[] src, int at, int n) throws IOException {
    int end = at + n;
    int o = 0;
    while (true) {
      if (at >= end) {
        throw new IOException("LZ4 block is truncated");
      }
      int token = src[at++] & 0xFF;
      int literals = token >>> 4;
      if (literals == 15) {
        int b;
        do {
          if (at >= end) {
            throw new IOException("LZ4 literal length is truncated");
          }
          b = src[at++] & 0xFF;
          literals += b;
        } while (b == 255 && literals <= maxBlock);
      }
      if (literals > end - at) {
        throw new IOException("LZ4 literals run past the block");
      }
      room(o, literals);
      System.arraycopy(src, at, buf, o, literals);
      at += literals;
      o += literals;
      if (at == end) {
        return o; // the last sequence has literals only
      }
      if (end - at < 2) {
        throw new IOException("LZ4 match offset is truncated");
      }
      int offset = (src[at] & 0xFF) | ((src[at + 1] & 0xFF) << 8);
      at += 2;
      if (offset == 0 || offset > o) {
        throw new IOException("LZ4 match offset " + offset + " is outside the " + o + " byte(s) produced");
      }
      int length = token & 15;
      if (length == 15) {
        int b;
        do {
          if (at >= end) {
            throw new IOException("LZ4 match length is truncated");
          }
          b = src[at++] & 0xFF;
          length += b;
        } while (b == 255 && length <= maxBlock);
      }
      length += 4;
      room(o, length);
      if (offset >= length) {
        System.arraycopy(buf, o - offset, buf, o, length);
      } else {
        for (int i = 0; i < length; i++) { // overlapping copy repeats the last offset bytes
          buf[o + i] = buf[o - offset + i];
        }
      }
      o += length;
    }
  }

  /** Grows the buffer (doubling, up to the frame's block maximum) for {@code n} more bytes at {@code o}. */
  private void room(int o, int n) throws IOException {
    if (n > maxBlock - o) {
      throw new IOException("LZ4 block inflates beyond its declared maximum of " + maxBlock + " bytes");
    }
    if (o + n > buf.length) {
      buf = Arrays.copyOf(buf, (int) Math.min(maxBlock, Math.max(o + n, 2L * buf.length)));
    }
  }
}
