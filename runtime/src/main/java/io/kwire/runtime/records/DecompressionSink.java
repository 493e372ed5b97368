package io.kwire.runtime.records;

import java.io.IOException;
import java.io.InputStream;

/** Where a codec's output goes: a whole batch ({@link BoundedOutput}) or a sliding window ({@link InflateWindow}). */
interface DecompressionSink {
  /** The ceiling on the bytes produced in all. */
  int max();

  /** How many more bytes may be produced before the ceiling. */
  int room();

  /** Appends bytes; fails beyond the ceiling. */
  void write(byte[] src, int off, int len) throws DecompressionLimitException;

  /** Reads some of {@code in} (about {@code want} bytes, or all of it); false once {@code in} has ended. */
  boolean readFrom(InputStream in, int want) throws IOException;
}
