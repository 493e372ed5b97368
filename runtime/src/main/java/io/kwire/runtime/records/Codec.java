package io.kwire.runtime.records;

import io.kwire.runtime.wire.WireWriter;
import java.io.IOException;

/** One compression codec in the framing Kafka uses for it. */
interface Codec {
  /** Appends the compressed form of {@code src[off, off+len)} to {@code out}. */
  void compress(byte[] src, int off, int len, byte magic, WireWriter out);

  /**
   * Decompresses {@code src[off, off+len)} into {@code out}; corrupt input raises
   * {@link IOException}, crossing the ceiling {@link DecompressionLimitException}.
   */
  void decompress(byte[] src, int off, int len, byte magic, BoundedOutput out) throws IOException;
}
