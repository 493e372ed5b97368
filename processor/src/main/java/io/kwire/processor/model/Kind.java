package io.kwire.processor.model;

/** Kafka's field types, as the wire knows them. */
public enum Kind {
  BOOL("bool", 1),
  INT8("int8", 1),
  INT16("int16", 2),
  UINT16("uint16", 2),
  INT32("int32", 4),
  UINT32("uint32", 4),
  INT64("int64", 8),
  FLOAT64("float64", 8),
  UUID("uuid", 16),
  STRING("string", -1),
  BYTES("bytes", -1),
  RECORDS("records", -1),
  STRUCT(null, -1),
  ARRAY(null, -1);

  private final String specName;
  private final int fixedWidth;

  Kind(String specName, int fixedWidth) {
    this.specName = specName;
    this.fixedWidth = fixedWidth;
  }

  /** Kafka's name for a scalar type; null for struct and array. */
  public String specName() {
    return specName;
  }

  /** Bytes on the wire for fixed-width types, -1 otherwise. */
  public int fixedWidth() {
    return fixedWidth;
  }

  public boolean isFixedWidth() {
    return fixedWidth > 0;
  }

  /** Types that can hold null on the wire. */
  public boolean canBeNullable() {
    return this == STRING || this == BYTES || this == RECORDS || this == STRUCT || this == ARRAY;
  }
}
