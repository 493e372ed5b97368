package io.kwire.runtime.records;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import io.kwire.runtime.wire.WireWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/** Zstandard frames (zstd-jni), level 3 as Kafka's default. */
final class ZstdCodec implements Codec {
  private static final int LEVEL = 3;

  ZstdCodec() {
    Zstd.class.getName(); // fails here, at load time, when zstd-jni is absent
  }

  @Override
  public void compress(byte[] src, int off, int len, byte magic, WireWriter out) {
    int bound = (int) Math.min(Integer.MAX_VALUE - 16, Zstd.compressBound(len));
    byte[] scratch = new byte[bound];
    long written = Zstd.compressByteArray(scratch, 0, bound, src, off, len, LEVEL);
    if (Zstd.isError(written)) {
      throw new IllegalStateException("zstd compression failed: " + Zstd.getErrorName(written));
    }
    out.writeRaw(scratch, 0, (int) written);
  }

  @Override
  public void decompress(byte[] src, int off, int len, byte magic, BoundedOutput out) throws IOException {
    try (ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(src, off, len))) {
      in.setLongMax(windowLogMax(out.max()));
      out.drain(in);
    } catch (DecompressionLimitException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new IOException("corrupt zstd data: " + e.getMessage(), e);
    }
  }

  /**
   * Caps the window the decoder may allocate: a frame can declare a window of up to 2 GiB, which the
   * native decoder would allocate before producing a byte. The cap follows the output ceiling, but
   * never below 2^23 (what zstd's levels up to 19 use) nor above 2^27 (zstd's own default limit).
   */
  static int windowLogMax(int maxOutput) {
    int log = 32 - Integer.numberOfLeadingZeros(Math.max(1, maxOutput - 1));
    return Math.max(23, Math.min(27, log));
  }
}
