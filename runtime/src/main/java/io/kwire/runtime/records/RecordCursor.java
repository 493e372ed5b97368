package io.kwire.runtime.records;

/**
 * Walks a batch's records one at a time without allocating per record: {@link #record()} is the
 * same view each time, updated in place by {@link #next()}. Call {@link KafkaRecord#copy()} to keep one:
 * a compressed batch is inflated as its records are read, into a buffer that is reused, so views into
 * a record's bytes ({@link KafkaRecord#array()}, {@link KafkaRecord#key()}) last only until the next call.
 */
public interface RecordCursor {
  /** Moves to the next record; false at the end (after checking nothing is left over). */
  boolean next();

  /** The current record; valid until the next call to {@link #next()}. */
  KafkaRecord record();
}
