package io.kwire.runtime.records;

/**
 * A record batch's compression codec, as stored in attribute bits 0-2. Snappy, LZ4 and zstd need
 * their optional libraries on the class path (see {@code kwire-runtime}'s pom), or on the module path
 * and resolved (docs/modules.md); gzip is in the JDK.
 */
public enum Compression {
  NONE(0, null),
  GZIP(1, null),
  SNAPPY(2, "org.xerial.snappy:snappy-java"),
  LZ4(3, "at.yawk.lz4:lz4-java"),
  /** Only in RecordBatch v2 (magic 2). */
  ZSTD(4, "com.github.luben:zstd-jni");

  private static final Compression[] BY_ID = values();

  private final int id;
  private final String artifact;

  Compression(int id, String artifact) {
    this.id = id;
    this.artifact = artifact;
  }

  /** The codec id in the attributes. */
  public int id() {
    return id;
  }

  /** The Maven artifact that implements this codec, or null when the JDK does. */
  public String artifact() {
    return artifact;
  }

  /** The codec for an id, or null when the id names none. */
  public static Compression fromId(int id) {
    return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
  }
}
