package io.kwire.tests.generated;

/**
 * A small codec in the shape kwire generates (versions 0-4: public size/write/read checking the version,
 * then private per-struct methods), with the private methods given by each test.
 */
final class SyntheticCodec {
  static final String FILE = "SyntheticCodec.java";

  private SyntheticCodec() {
  }

  /** {@code structMethods} must define {@code sizeBody}, {@code writeBody} and {@code readBody}. */
  static String withStructMethods(String structMethods) {
    return """
        package io.kwire.messages;

        import io.kwire.runtime.wire.WireReader;
        import io.kwire.runtime.wire.WireWriter;

        public final class SyntheticCodec implements MessageCodec<Synthetic> {
          public static final short LOWEST_SUPPORTED_VERSION = 0;

          public static final short HIGHEST_SUPPORTED_VERSION = 4;

          @Override
          public int size(Synthetic message, short version) {
            checkVersion(version);
            return sizeBody(message, version);
          }

          @Override
          public void write(Synthetic message, short version, WireWriter out) {
            checkVersion(version);
            int start = out.position();
            try {
              writeBody(message, version, out);
            } catch (RuntimeException e) {
              out.rewind(start);
              throw e;
            }
          }

          @Override
          public Synthetic read(WireReader in, short version) {
            if (version < LOWEST_SUPPORTED_VERSION || version > HIGHEST_SUPPORTED_VERSION) {
              throw in.error("Synthetic has no version " + version);
            }
            return readBody(in, version);
          }

          private static void checkVersion(short version) {
            if (version < LOWEST_SUPPORTED_VERSION || version > HIGHEST_SUPPORTED_VERSION) {
              throw KwireEncodeException.unsupportedVersion("Synthetic", version, "0-4");
            }
          }

        """ + structMethods + "}\n";
  }

  /** Struct methods whose size and read do nothing of interest, around a given write body. */
  static String withWriteBody(String writeBody) {
    return withStructMethods("""
          private static int sizeBody(Synthetic message, short version) {
            return 4;
          }

          private static void writeBody(Synthetic message, short version, WireWriter out) {
        """ + writeBody + """
          }

          private static Synthetic readBody(WireReader in, short version) {
            return new Synthetic(in.readInt32());
          }
        """);
  }

  /** The 1-based line of the line of {@code source} that ends with the comment {@code // marker}. */
  static int lineOf(String source, String marker) {
    String[] lines = source.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].stripTrailing().endsWith("// " + marker)) {
        return i + 1;
      }
    }
    throw new IllegalArgumentException("no " + marker + " in the source");
  }
}
