package io.kwire.runtime.records;

import io.kwire.runtime.wire.WireWriter;
import java.io.IOException;

/** One compression codec in the framing Kafka uses for it. */
interface Codec {
  /** Appends the compressed form of {@code src[off, off+len)} to {@code out}. */
  void compress(byte[] src, int off, int len, byte magic, WireWriter out);

  /**
   * Starts decompressing {@code src[off, off+len)}; a corrupt header raises {@link IOException}
   * here, corrupt data later, from {@link DecompressingStream#fill}.
   */
  DecompressingStream open(byte[] src, int off, int len, byte magic) throws IOException;

  /**
   * Decompresses {@code src[off, off+len)} into {@code out} in full; corrupt input raises
   * {@link IOException}, crossing the ceiling {@link DecompressionLimitException}.
   */
  default void decompress(byte[] src, int off, int len, byte magic, BoundedOutput out) throws IOException {
    DecompressingStream stream = open(src, off, len, magic);
    try {
      while (stream.fill(out, Integer.MAX_VALUE)) {
        // each call produces a piece; the output grows with what is produced
      }
    } finally {
      stream.close();
    }
  }
}
