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
  public void decompress(byte[] src, int off, int len, byte magic, BoundedOutput out) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(src, off, len), BUFFER)) {
      out.drain(in);
    }
  }
}
