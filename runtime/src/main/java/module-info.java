/**
 * kwire's runtime: codecs, frames, the registry, record batches and the wire primitives generated
 * code calls. {@code io.kwire.runtime.generated} is exported for generated codecs only (see its
 * package documentation).
 *
 * <p>The compression libraries are optional: a batch compressed with one that is not in the module
 * graph fails with an error naming it. On the module path, put the library there and make it
 * resolved ({@code requires} it, or {@code --add-modules snappy.java,org.lz4.java,com.github.luben.zstd_jni}).
 */
@SuppressWarnings("requires-automatic") // snappy-java and lz4-java have no module descriptor
module io.kwire.runtime {
  requires transitive io.kwire.annotations;
  // snappy-java 1.1.10 declares no Automatic-Module-Name: "snappy.java" is derived from its jar's name.
  requires static snappy.java;
  requires static org.lz4.java; // lz4-java's Automatic-Module-Name
  requires static com.github.luben.zstd_jni;

  exports io.kwire.runtime;
  exports io.kwire.runtime.explain;
  exports io.kwire.runtime.generated;
  exports io.kwire.runtime.meta;
  exports io.kwire.runtime.records;
  exports io.kwire.runtime.wire;

  uses io.kwire.runtime.MessageCodec;
}
