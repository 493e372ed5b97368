package io.kwire.runtime.wire;

/**
 * How message bodies and frames are decoded: strict or lenient, and the limits applied whatever the
 * mode. {@link #STRICT} is the default everywhere.
 *
 * @param lenient accept what Kafka's own readers accept (trailing bytes after a body, any negative
 *     length or count as null where null is allowed, a bool byte other than 0 or 1, a varint whose
 *     5th byte carries bits above the 32nd, malformed UTF-8, unsorted or repeated tags, a known
 *     tagged field whose declared size is wrong, a tag count of 2^31 or more as none), so that a
 *     proxy can pass such traffic on; see docs/robustness.md for what is re-encoded differently
 * @param maxFrameSize largest frame (not counting its 4-byte size) accepted; checked from the size
 *     prefix before the rest is read (Kafka's {@code socket.request.max.bytes}, 100 MiB, by default)
 * @param maxArrayLength largest element count of one array (Kafka 4.4 caps it at 1,000,000)
 * @param maxTaggedFields most tagged fields in one section (Kafka 4.4 caps them at 10,000)
 */
public record DecodeOptions(boolean lenient, int maxFrameSize, int maxArrayLength, int maxTaggedFields) {
  public static final int DEFAULT_MAX_FRAME_SIZE = 100 << 20;
  public static final int DEFAULT_MAX_ARRAY_LENGTH = 1_000_000;
  public static final int DEFAULT_MAX_TAGGED_FIELDS = 10_000;

  /** Strict, with Kafka's limits. */
  public static final DecodeOptions STRICT =
      new DecodeOptions(false, DEFAULT_MAX_FRAME_SIZE, DEFAULT_MAX_ARRAY_LENGTH, DEFAULT_MAX_TAGGED_FIELDS);

  /** Lenient as Kafka's readers, with Kafka's limits. */
  public static final DecodeOptions LENIENT = STRICT.withLenient(true);

  public DecodeOptions {
    if (maxFrameSize < 0 || maxArrayLength < 0 || maxTaggedFields < 0) {
      throw new IllegalArgumentException("limits must not be negative: frame " + maxFrameSize + ", array "
          + maxArrayLength + ", tagged fields " + maxTaggedFields);
    }
  }

  public DecodeOptions withLenient(boolean lenient) {
    return new DecodeOptions(lenient, maxFrameSize, maxArrayLength, maxTaggedFields);
  }

  public DecodeOptions withMaxFrameSize(int max) {
    return new DecodeOptions(lenient, max, maxArrayLength, maxTaggedFields);
  }

  public DecodeOptions withMaxArrayLength(int max) {
    return new DecodeOptions(lenient, maxFrameSize, max, maxTaggedFields);
  }

  public DecodeOptions withMaxTaggedFields(int max) {
    return new DecodeOptions(lenient, maxFrameSize, maxArrayLength, max);
  }
}
