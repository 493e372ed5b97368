package io.kwire.runtime.records;

import io.kwire.runtime.wire.WireWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** Gzip from the JDK, as Kafka writes it (default level). */
final class GzipCodec implements Codec {
  private static final int BUFFER = 8 * 1024;

  @Override
  public void compress(byte[] src, int off, int len, byte magic, WireWriter out) {
    try (GZIPOutputStream gz = new GZIPOutputStream(new WriterOutputStream(out), BUFFER)) {
      gz.write(src, off, len);
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory gzip failed", e); // cannot happen: the sink never throws
    }
  }

  @Override
  public DecompressingStream open(byte[] src, int off, int len, byte magic) throws IOException {
    GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(src, off, len), BUFFER);
    return new DecompressingStream() {
      @Override
      public boolean fill(DecompressionSink out, int want) throws IOException {
        return out.readFrom(in, want);
      }

      @Override
      public void close() {
        try {
          in.close(); // ends the Inflater's native state now rather than when collected
        } catch (IOException e) {
          // closing an in-memory stream cannot fail
        }
      }
    };
  }
}
