package io.kwire.bridge;

import io.kwire.runtime.records.Records;

/**
 * The fetch size limits of an old client, applied to down-converted sets (which are larger than
 * the v2 batches the broker measured). Whole messages are returned while they fit the partition's
 * limit and what is left of the response's (v3). When not even the first message fits: from v3 on
 * (KIP-74) the first message of the response is returned whole, so that the consumer progresses,
 * and a later partition gets nothing (a v3 broker never returned an incomplete first entry, which
 * a v3 consumer takes for an error); before v3 the old broker returned the first {@code limit}
 * bytes, a partial message, from which
 * a consumer learns that it must fetch with a larger size (the Java consumer reports
 * RecordTooLargeException, others grow their buffer), and so does the bridge.
 */
final class FetchSizeLimits {
  private final boolean firstMessageAlwaysWhole;
  private long responseBytesLeft;
  private boolean firstMessageOwed = true;

  /** {@code responseMaxBytes}: the v3 request's maxBytes; unlimited before v3. */
  FetchSizeLimits(short clientVersion, int responseMaxBytes) {
    this.firstMessageAlwaysWhole = clientVersion >= 3;
    this.responseBytesLeft = clientVersion >= 3 ? responseMaxBytes : Long.MAX_VALUE;
  }

  /** The part of {@code set} (entries ending at {@code entryEnds}) to return for a partition limited to {@code partitionMaxBytes}. */
  Records take(Records set, int[] entryEnds, int partitionMaxBytes) {
    long limit = Math.max(0, Math.min(partitionMaxBytes, responseBytesLeft));
    int take = 0;
    for (int end : entryEnds) {
      if (end > limit) {
        break;
      }
      take = end;
    }
    if (take == 0 && entryEnds.length > 0) {
      if (firstMessageAlwaysWhole) {
        take = firstMessageOwed ? entryEnds[0] : 0; // v3 brokers returned nothing rather than an incomplete first entry
      } else {
        take = (int) Math.min(limit, entryEnds[0]);
      }
    }
    if (take > 0) {
      firstMessageOwed = false;
      responseBytesLeft -= take;
    }
    return take == set.sizeInBytes() ? set : Records.wrap(set.array(), set.arrayOffset(), take);
  }

  /** Whether {@code taken} ends inside a message (the pre-v3 partial first message). */
  static boolean partial(Records taken, int[] entryEnds) {
    int size = taken.sizeInBytes();
    if (size == 0) {
      return false;
    }
    for (int end : entryEnds) {
      if (end == size) {
        return false;
      }
    }
    return true;
  }
}
