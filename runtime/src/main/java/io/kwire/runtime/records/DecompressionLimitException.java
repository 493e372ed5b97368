package io.kwire.runtime.records;

import java.io.IOException;

/** Decompressed data would exceed {@link ReadOptions#maxDecompressedBytes()}. */
final class DecompressionLimitException extends IOException {
  private static final long serialVersionUID = 1L;

  DecompressionLimitException(int max) {
    super("decompressed data exceeds the limit of " + max + " bytes (ReadOptions.maxDecompressedBytes)");
  }
}
