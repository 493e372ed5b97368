package io.kwire.runtime.records;

import java.io.IOException;

/**
 * A compressed batch's records, inflated only as far as its cursor reads: a codec stream feeding an
 * {@link InflateWindow}. Corrupt data and the ceiling surface as the batch's errors when reached;
 * once the data ends, the record count is checked against the bytes it produced.
 */
final class InflatedRecords {
  private final RecordBatchV2 batch;
  private final Compression compression;
  private final DecompressingStream stream;
  private final InflateWindow window;
  private final int count;
  private boolean ended;
  private boolean released;

  InflatedRecords(RecordBatchV2 batch, Compression compression, DecompressingStream stream, InflateWindow window,
      int count) {
    this.batch = batch;
    this.compression = compression;
    this.stream = stream;
    this.window = window;
    this.count = count;
  }

  InflateWindow window() {
    return window;
  }

  /**
   * Inflates until decompressed bytes up to {@code upTo} are held or the data ends; bytes before
   * {@code keepFrom} may be dropped to make room.
   */
  void need(int keepFrom, long upTo) {
    window.keep(keepFrom, upTo);
    try {
      while (!ended && window.produced() < upTo) {
        if (!stream.fill(window, (int) Math.min(Integer.MAX_VALUE, upTo - window.produced()))) {
          ended = true;
          stream.close();
          batch.checkCountFits(count, window.produced());
        }
      }
    } catch (IOException e) {
      release();
      throw batch.error(compression + " records cannot be decompressed: " + e.getMessage());
    }
  }

  /** Closes the stream and gives the buffer back; the records read so far are not to be used afterwards. */
  void release() {
    if (!released) {
      released = true;
      stream.close();
      window.release();
    }
  }
}
