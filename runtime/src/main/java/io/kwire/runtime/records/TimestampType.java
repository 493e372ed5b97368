package io.kwire.runtime.records;

/** What a batch's timestamps mean: attribute bit 3 (magic 1 and 2); magic 0 has no timestamps. */
public enum TimestampType {
  NO_TIMESTAMP_TYPE,
  CREATE_TIME,
  LOG_APPEND_TIME
}
