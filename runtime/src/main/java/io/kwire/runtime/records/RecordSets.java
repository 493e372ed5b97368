package io.kwire.runtime.records;

import io.kwire.runtime.KwireEncodeException;
import io.kwire.runtime.Records;
import java.util.List;
import java.util.Objects;

/**
 * Joins record sets into one, as a partition's {@code records} field holds several batches back to
 * back (a Fetch response serving a range of the log, a producer draining several batches).
 */
public final class RecordSets {
  private RecordSets() {}

  /** The parts' bytes in order, copied once into one array. */
  public static Records concat(Records... parts) {
    return concat(List.of(parts));
  }

  /** The parts' bytes in order, copied once into one array; an empty list gives {@link Records#EMPTY}. */
  public static Records concat(List<Records> parts) {
    long total = 0;
    for (Records part : parts) {
      total += Objects.requireNonNull(part, "record set part").sizeInBytes();
    }
    if (total > Integer.MAX_VALUE) {
      throw new KwireEncodeException("record sets of " + total + " bytes in all exceed the largest array");
    }
    if (total == 0) {
      return Records.EMPTY;
    }
    byte[] joined = new byte[(int) total];
    int at = 0;
    for (Records part : parts) {
      System.arraycopy(part.array(), part.arrayOffset(), joined, at, part.sizeInBytes());
      at += part.sizeInBytes();
    }
    return Records.wrap(joined);
  }
}
