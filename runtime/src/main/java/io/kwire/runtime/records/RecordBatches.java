package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireProtocolException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The batches of a record set, behind {@link Records#batches}, read in place: each batch is a view
 * over the same array. Each batch's size is checked against the bytes present, and its CRC verified
 * (unless turned off in {@link ReadOptions}), before it is handed out.
 */
final class RecordBatches implements Iterable<RecordBatch> {
  /** Offset, size, and (legacy) CRC or (v2) leader epoch: the magic byte follows. */
  private static final int HEADER_UP_TO_MAGIC = 17;

  private final Records records;
  private final ReadOptions options;

  private RecordBatches(Records records, ReadOptions options) {
    this.records = records;
    this.options = options;
  }

  static RecordBatches of(Records records) {
    return new RecordBatches(records, ReadOptions.DEFAULT);
  }

  static RecordBatches of(Records records, ReadOptions options) {
    return new RecordBatches(records, options);
  }

  /** The one batch that {@code records} holds exactly. */
  static RecordBatch single(Records records, ReadOptions options) {
    Iterator<RecordBatch> it = of(records, options.withSkipPartialTrailingBatch(false)).iterator();
    if (!it.hasNext()) {
      throw new KwireProtocolException(0, "no record batch in an empty record set");
    }
    RecordBatch batch = it.next();
    if (it.hasNext()) {
      throw new KwireProtocolException(batch.sizeInBytes(), "more than one batch where one was expected");
    }
    return batch;
  }

  @Override
  public Iterator<RecordBatch> iterator() {
    return new Iterator<>() {
      private int pos;
      private RecordBatch next;

      @Override
      public boolean hasNext() {
        if (next == null && pos < records.sizeInBytes()) {
          next = read(pos);
          pos = next == null ? records.sizeInBytes() : pos + next.sizeInBytes();
        }
        return next != null;
      }

      @Override
      public RecordBatch next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        RecordBatch b = next;
        next = null;
        return b;
      }
    };
  }

  /** The batch at {@code pos}, or null when only a partial trailing batch is left and that is allowed. */
  private RecordBatch read(int pos) {
    byte[] buf = records.array();
    int start = records.arrayOffset() + pos;
    int remaining = records.sizeInBytes() - pos;
    if (remaining < HEADER_UP_TO_MAGIC) {
      return partial(pos, remaining + " byte(s) cannot hold a batch header");
    }
    int size = Bytes.getInt(buf, start + RecordBatchV2.LENGTH);
    byte magic = buf[start + RecordBatchV2.MAGIC];
    if (magic < 0 || magic > 2) {
      throw new KwireProtocolException(pos, "batch at byte " + pos + ": unsupported magic " + magic);
    }
    int min = magic == 2 ? RecordBatchV2.HEADER_SIZE - RecordBatchV2.LOG_OVERHEAD : LegacyMessage.minMessageSize(magic);
    if (size < min) {
      throw new KwireProtocolException(pos, "batch at byte " + pos + ": size field " + size
          + " is below the minimum of " + min + " for magic " + magic);
    }
    if (size > remaining - RecordBatchV2.LOG_OVERHEAD) {
      return partial(pos, "batch claims " + size + " bytes after its offset and size fields, but only "
          + (remaining - RecordBatchV2.LOG_OVERHEAD) + " remain (truncated)");
    }
    int total = RecordBatchV2.LOG_OVERHEAD + size;
    if (magic == 2) {
      RecordBatchV2 batch = new RecordBatchV2(buf, start, total, pos, options);
      if (options.verifyCrc()) {
        batch.ensureValid();
      }
      return batch;
    }
    LegacyMessage message;
    try {
      message = new LegacyMessage(buf, start, total);
    } catch (KwireProtocolException e) {
      throw new KwireProtocolException(pos + e.offset(), "magic " + magic + " message at byte " + pos + ": " + e.reason());
    }
    LegacyRecordBatch batch = new LegacyRecordBatch(message, pos, options);
    if (options.verifyCrc()) {
      batch.ensureValid();
    }
    return batch;
  }

  private RecordBatch partial(int pos, String why) {
    if (options.skipPartialTrailingBatch()) {
      return null;
    }
    throw new KwireProtocolException(pos, "batch at byte " + pos + ": " + why);
  }
}
