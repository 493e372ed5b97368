package io.kwire.runtime.records;

import java.io.IOException;

/** A codec's output, produced a piece at a time, so that a batch is inflated only as far as its records are read. */
interface DecompressingStream {
  /**
   * Produces the next piece (a block, or about {@code want} bytes of a stream) into {@code out};
   * false once the input has ended and been checked. Corrupt input raises {@link IOException}.
   */
  boolean fill(DecompressionSink out, int want) throws IOException;

  /** Frees what the stream holds (zstd's native state); may be called more than once. */
  default void close() {}
}
