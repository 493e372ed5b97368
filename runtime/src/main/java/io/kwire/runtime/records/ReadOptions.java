package io.kwire.runtime.records;

/**
 * How batches are read.
 *
 * @param maxDecompressedBytes ceiling on the bytes one compressed batch (or legacy wrapper) may
 *     inflate to; a batch that would exceed it is refused, so a small hostile batch cannot make
 *     the reader allocate gigabytes
 * @param verifyCrc whether each batch's checksum is checked before it is used
 * @param skipPartialTrailingBatch whether an incomplete last batch is silently ignored, as a Fetch
 *     response may end in one (the broker cuts at its byte limit); when false it is an error
 */
public record ReadOptions(int maxDecompressedBytes, boolean verifyCrc, boolean skipPartialTrailingBatch) {
  public static final int DEFAULT_MAX_DECOMPRESSED_BYTES = 64 << 20;

  /** 64 MiB ceiling, CRCs verified, a truncated last batch is an error. */
  public static final ReadOptions DEFAULT = new ReadOptions(DEFAULT_MAX_DECOMPRESSED_BYTES, true, false);

  public ReadOptions {
    if (maxDecompressedBytes < 0) {
      throw new IllegalArgumentException("maxDecompressedBytes must not be negative: " + maxDecompressedBytes);
    }
  }

  public ReadOptions withMaxDecompressedBytes(int max) {
    return new ReadOptions(max, verifyCrc, skipPartialTrailingBatch);
  }

  public ReadOptions withVerifyCrc(boolean verify) {
    return new ReadOptions(maxDecompressedBytes, verify, skipPartialTrailingBatch);
  }

  public ReadOptions withSkipPartialTrailingBatch(boolean skip) {
    return new ReadOptions(maxDecompressedBytes, verifyCrc, skip);
  }
}
