package io.kwire.processor.model;

import io.kwire.annotations.WireType;

/**
 * Kafka's scalar wire types, each described once: its spec name, its width, the suffix of its
 * runtime primitives, its Java representation, what may be null, and how its default is written.
 * Adding a wire type is one constant here plus its primitives in {@code WireWriter},
 * {@code WireReader} and {@code WireSizes} (checked by {@code KindPrimitivesTest}).
 *
 * <p>Fixed-width kinds use {@code out.write<S>}/{@code out.put<S>} (put: no capacity check),
 * {@code in.read<S>}/{@code in.get<S>} (get: no bounds check). Variable-length kinds use
 * {@code out.write<S>}/{@code out.writeCompact<S>}, {@code in.read<S>(nullable)}/
 * {@code in.readCompact<S>(nullable)} and {@code WireSizes.<s>}/{@code WireSizes.compact<S>}.
 */
public enum Kind {
  BOOL("bool", 1, "Bool", JavaRepr.BOOLEAN, DefaultSyntax.BOOLEAN, false),
  INT8("int8", 1, "Int8", JavaRepr.BYTE, DefaultSyntax.INTEGER, false),
  INT16("int16", 2, "Int16", JavaRepr.SHORT, DefaultSyntax.INTEGER, false),
  UINT16("uint16", 2, "Uint16", JavaRepr.INT, DefaultSyntax.INTEGER, true),
  INT32("int32", 4, "Int32", JavaRepr.INT, DefaultSyntax.INTEGER, false),
  UINT32("uint32", 4, "Uint32", JavaRepr.LONG, DefaultSyntax.INTEGER, true),
  INT64("int64", 8, "Int64", JavaRepr.LONG, DefaultSyntax.INTEGER, false),
  FLOAT64("float64", 8, "Float64", JavaRepr.DOUBLE, DefaultSyntax.FLOAT, false),
  UUID("uuid", 16, "Uuid", JavaRepr.UUID, DefaultSyntax.UUID, false),
  STRING("string", 0, "String", JavaRepr.STRING, DefaultSyntax.STRING, false),
  BYTES("bytes", 0, "Bytes", JavaRepr.BYTES, DefaultSyntax.EMPTY_OR_NULL, false),
  RECORDS("records", 0, "Records", JavaRepr.RECORDS, DefaultSyntax.NULL_ONLY, true);

  /** How a kind is held in Java. */
  public enum JavaRepr { BOOLEAN, BYTE, SHORT, INT, LONG, DOUBLE, UUID, STRING, BYTES, RECORDS }

  /** What {@code @Field(defaultValue)} may say for a kind. */
  public enum DefaultSyntax { BOOLEAN, INTEGER, FLOAT, UUID, STRING, EMPTY_OR_NULL, NULL_ONLY }

  private final String specName;
  private final int fixedWidth;
  private final String primitive;
  private final JavaRepr java;
  private final DefaultSyntax defaultSyntax;
  private final boolean declaredOnly;

  Kind(String specName, int fixedWidth, String primitive, JavaRepr java, DefaultSyntax defaultSyntax, boolean declaredOnly) {
    this.specName = specName;
    this.fixedWidth = fixedWidth;
    this.primitive = primitive;
    this.java = java;
    this.defaultSyntax = defaultSyntax;
    this.declaredOnly = declaredOnly;
  }

  /** Kafka's name for the type, as in the JSON specs. */
  public String specName() {
    return specName;
  }

  /** Bytes on the wire for fixed-width kinds; 0 for variable-length ones. */
  public int fixedWidth() {
    return fixedWidth;
  }

  public boolean isFixedWidth() {
    return fixedWidth > 0;
  }

  /** The suffix of this kind's runtime primitives, e.g. {@code Int32} in {@code writeInt32}. */
  public String primitive() {
    return primitive;
  }

  public JavaRepr java() {
    return java;
  }

  public DefaultSyntax defaultSyntax() {
    return defaultSyntax;
  }

  /** Whether the Java type alone cannot select this kind, so {@code @Field(type = ...)} must name it. */
  public boolean isDeclaredOnly() {
    return declaredOnly;
  }

  /** Variable-length kinds can be null on the wire; fixed-width ones cannot. */
  public boolean canBeNull() {
    return !isFixedWidth();
  }

  /**
   * The fewest bytes a value takes: the width of a fixed-width kind, else its length prefix
   * (a compact varint of at least one byte, or the classic int16 for strings and int32 otherwise).
   */
  public int minimumSize(boolean compact) {
    if (isFixedWidth()) {
      return fixedWidth;
    }
    return compact ? 1 : this == STRING ? 2 : 4;
  }

  /** The kind a {@code @Field(type = ...)} names; {@code AUTO} names none. */
  public static Kind of(WireType declared) {
    return declared == WireType.AUTO ? null : valueOf(declared.name());
  }
}
