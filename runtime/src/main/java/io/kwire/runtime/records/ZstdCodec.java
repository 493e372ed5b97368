package io.kwire.runtime.records;

import com.github.luben.zstd.RecyclingBufferPool;
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
    try (ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(src, off, len),
        RecyclingBufferPool.INSTANCE)) {
      in.setLongMax(WINDOW_LOG_MAX);
      out.drain(in);
    } catch (DecompressionLimitException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new IOException("corrupt zstd data: " + e.getMessage(), e);
    }
  }

  /**
   * Caps the native window the decoder may allocate: a frame can declare a window of up to 2 GiB,
   * which the native decoder would allocate before producing a byte. 2^23 = 8 MiB covers zstd's
   * levels up to 19 (Kafka's default level 3 streams with a 2 MiB window); a frame declaring more is
   * refused, so one decompression holds at most this much native memory plus zstd's own state.
   */
  static final int WINDOW_LOG_MAX = 23;
}
