package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A partition's transactions: the first offset of each open one (by producer id), which bounds the
 * last stable offset, and the aborted ones, which read_committed fetches are told about. Confined
 * to the cluster thread.
 */
public final class PartitionTransactions {
  private final Map<Long, Long> openFirstOffsets = new HashMap<>();
  private final List<AbortedTransaction> aborted = new ArrayList<>();

  /** An aborted transaction's data: from its first offset to its abort marker. */
  public record AbortedTransaction(long producerId, long firstOffset, long markerOffset) {}

  /** Notes a transactional batch of {@code producerId} written at {@code offset}. */
  public void written(long producerId, long offset) {
    openFirstOffsets.putIfAbsent(producerId, offset);
  }

  /** Closes the producer's open transaction with a marker at {@code markerOffset}. */
  public void ended(long producerId, boolean committed, long markerOffset) {
    Long first = openFirstOffsets.remove(producerId);
    if (first != null && !committed) {
      aborted.add(new AbortedTransaction(producerId, first, markerOffset));
    }
  }

  /** The first offset of the producer's open transaction here, or -1 when it has none. */
  public long openFirstOffset(long producerId) {
    return openFirstOffsets.getOrDefault(producerId, -1L);
  }

  /** The first offset no read_committed consumer may read yet: the oldest open transaction's start, else the high watermark. */
  public long lastStableOffset(long highWatermark) {
    long lso = highWatermark;
    for (long first : openFirstOffsets.values()) {
      lso = Math.min(lso, first);
    }
    return lso;
  }

  /** The aborted transactions with data in [from, to), oldest first. */
  public List<AbortedTransaction> abortedBetween(long from, long to) {
    List<AbortedTransaction> out = new ArrayList<>();
    for (AbortedTransaction a : aborted) {
      if (a.markerOffset() >= from && a.firstOffset() < to) {
        out.add(a);
      }
    }
    return Collections.unmodifiableList(out);
  }
}
