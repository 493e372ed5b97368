package io.kwire.runtime.records;

import io.kwire.runtime.wire.WireWriter;
import java.io.OutputStream;

/** Lets stream-based compressors append to a {@link WireWriter}. */
final class WriterOutputStream extends OutputStream {
  private final WireWriter out;

  WriterOutputStream(WireWriter out) {
    this.out = out;
  }

  @Override
  public void write(int b) {
    out.writeInt8((byte) b);
  }

  @Override
  public void write(byte[] b, int off, int len) {
    out.writeRaw(b, off, len);
  }
}
