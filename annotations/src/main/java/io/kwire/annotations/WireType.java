package io.kwire.annotations;

/**
 * The wire type of a field, for the cases where the Java type cannot tell it. For a {@code List}
 * component it names the element's wire type. Set it on {@link Field#type()} for the unsigned
 * types; the others are derived from the Java type.
 */
public enum WireType {
  /** Derived from the Java type: boolean, byte, short, int, long, double, String, UUID, byte[], ByteBuffer, Records, a record, or a List of those. */
  AUTO,
  /** {@code boolean}. */
  BOOL,
  /** {@code byte}. */
  INT8,
  /** {@code short}. */
  INT16,
  /** An unsigned 16-bit integer held in an {@code int}. */
  UINT16,
  /** {@code int}. */
  INT32,
  /** An unsigned 32-bit integer held in a {@code long}. */
  UINT32,
  /** {@code long}. */
  INT64,
  /** {@code double}. */
  FLOAT64,
  /** {@code String}: UTF-8, at most 32767 bytes. */
  STRING,
  /** {@code java.util.UUID}. */
  UUID,
  /** {@code byte[]}, or {@code ByteBuffer} with {@link Field#zeroCopy()}. */
  BYTES,
  /** Record batches, held in {@code io.kwire.runtime.records.Records}. */
  RECORDS
}
