package io.kwire.bridge;

/** The Kafka error codes the bridge answers with itself (Kafka's {@code Errors} numbering). */
final class KafkaErrors {
  static final short NONE = 0;
  static final short UNKNOWN_SERVER_ERROR = -1;
  /** Known to every client generation: what an old broker said of a message set it could not read. */
  static final short CORRUPT_MESSAGE = 2;
  static final short UNSUPPORTED_VERSION = 35;
  /** What a 2.1+ broker answered an old fetch of zstd batches, which magic 0/1 cannot hold. */
  static final short UNSUPPORTED_COMPRESSION_TYPE = 76;

  private KafkaErrors() {}
}
