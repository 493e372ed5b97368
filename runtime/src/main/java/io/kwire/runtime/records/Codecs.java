package io.kwire.runtime.records;

import io.kwire.runtime.wire.WireWriter;

/**
 * Finds the codec for a compression type. Each codec class is loaded on first use only, so the
 * optional libraries of the codecs an application never meets need not be on its class path.
 */
final class Codecs {
  private Codecs() {}

  /** The codec for {@code type}; NONE has none. Throws IllegalStateException naming a missing library. */
  static Codec of(Compression type) {
    Codec codec = switch (type) {
      case NONE -> throw new IllegalArgumentException("NONE has no codec");
      case GZIP -> Gzip.CODEC;
      case SNAPPY -> Snappy.CODEC;
      case LZ4 -> Lz4.CODEC;
      case ZSTD -> Zstd.CODEC;
    };
    return codec;
  }

  private static final class Gzip {
    static final Codec CODEC = new GzipCodec();
  }

  private static final class Snappy {
    static final Codec CODEC = load(Compression.SNAPPY);
  }

  private static final class Lz4 {
    static final Codec CODEC = load(Compression.LZ4);
  }

  private static final class Zstd {
    static final Codec CODEC = load(Compression.ZSTD);
  }

  /** Creates the codec inside the try, so that a missing library surfaces here and nowhere else. */
  private static Codec load(Compression type) {
    try {
      return switch (type) {
        case SNAPPY -> new SnappyCodec();
        case LZ4 -> new Lz4FrameCodec();
        case ZSTD -> new ZstdCodec();
        case NONE, GZIP -> throw new IllegalArgumentException(type + " needs no library");
      };
    } catch (LinkageError e) { // the library (or its native part) is missing
      return new Unavailable(type, e);
    }
  }

  /** Stands in for a codec whose library is absent, and says which artifact to add. */
  private record Unavailable(Compression type, LinkageError cause) implements Codec {
    private IllegalStateException missing() {
      String where = Codecs.class.getModule().isNamed()
          ? " as module " + moduleName(type) + " (kwire-runtime requires it static: put it on the module path and"
              + " resolve it, with --add-modules " + moduleName(type) + " or a requires in your module)"
          : " on the class path";
      return new IllegalStateException(
          type + " compression needs " + type.artifact() + where + "; kwire-runtime declares it"
              + " as an optional dependency, so add it to your build (" + cause + ")",
          cause);
    }

    /** The module name kwire-runtime's descriptor requires for the library (see docs/modules.md). */
    private static String moduleName(Compression type) {
      return switch (type) {
        case SNAPPY -> "snappy.java";
        case LZ4 -> "org.lz4.java";
        case ZSTD -> "com.github.luben.zstd_jni";
        case NONE, GZIP -> throw new IllegalArgumentException(type + " needs no library");
      };
    }

    @Override
    public void compress(byte[] src, int off, int len, byte magic, WireWriter out) {
      throw missing();
    }

    @Override
    public DecompressingStream open(byte[] src, int off, int len, byte magic) {
      throw missing();
    }
  }
}
