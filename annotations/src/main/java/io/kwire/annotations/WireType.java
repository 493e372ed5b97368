package io.kwire.annotations;

/**
 * The wire type of a field, for the cases where the Java type cannot tell it. For a {@code List}
 * component it names the element's wire type.
 */
public enum WireType {
  /** Derived from the Java type: boolean, byte, short, int, long, double, String, UUID, byte[], ByteBuffer, Records, a record, or a List of those. */
  AUTO,
  BOOL,
  INT8,
  INT16,
  /** An unsigned 16-bit integer held in an {@code int}. */
  UINT16,
  INT32,
  /** An unsigned 32-bit integer held in a {@code long}. */
  UINT32,
  INT64,
  FLOAT64,
  STRING,
  UUID,
  BYTES,
  /** Record batches, held in {@code io.kwire.runtime.records.Records}. */
  RECORDS
}
