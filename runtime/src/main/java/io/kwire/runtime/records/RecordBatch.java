package io.kwire.runtime.records;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * One batch of a record set, as a view over its bytes: a RecordBatch v2 ({@link RecordBatchV2}) or
 * a legacy message of magic 0 or 1 ({@link LegacyRecordBatch}, possibly a compressed wrapper).
 * Iterating an uncompressed batch reads straight from the underlying array.
 */
public sealed interface RecordBatch extends Iterable<KafkaRecord> permits RecordBatchV2, LegacyRecordBatch {
  byte magic();

  /** Offset of the first record. */
  long baseOffset();

  /** Offset of the last record. */
  long lastOffset();

  Compression compression();

  TimestampType timestampType();

  boolean isTransactional();

  boolean isControl();

  /** Byte position of the batch in the record set it was read from. */
  int position();

  /** This batch's bytes, without copying. */
  Records bytes();

  default int sizeInBytes() {
    return bytes().sizeInBytes();
  }

  /**
   * A fresh cursor over the records; a compressed v2 batch is inflated as they are read (a legacy
   * wrapper first, whole), within the ceiling.
   */
  RecordCursor cursor();

  /**
   * Iterates detached {@link KafkaRecord} views (one small object per record; key and value are not
   * copied, except a compressed v2 batch's, whose cursor reuses its buffer: see {@link KafkaRecord#copy()}).
   */
  @Override
  default Iterator<KafkaRecord> iterator() {
    RecordCursor cursor = cursor();
    return new Iterator<>() {
      private Boolean ready;

      @Override
      public boolean hasNext() {
        if (ready == null) {
          ready = cursor.next();
        }
        return ready;
      }

      @Override
      public KafkaRecord next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        ready = null;
        return cursor.record().copy();
      }
    };
  }
}
