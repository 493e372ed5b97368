package io.kwire.runtime.records;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import io.kwire.runtime.wire.WireWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.ref.Cleaner;

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
  public DecompressingStream open(byte[] src, int off, int len, byte magic) throws IOException {
    ZstdInputStreamNoFinalizer in;
    try {
      in = new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(src, off, len), RecyclingBufferPool.INSTANCE);
      in.setLongMax(WINDOW_LOG_MAX);
    } catch (IOException | RuntimeException e) {
      throw new IOException("corrupt zstd data: " + e.getMessage(), e);
    }
    return new Frames(in);
  }

  /**
   * Reads the stream a piece per {@link #fill} call. Its native state is freed by {@link #close},
   * or, for a cursor dropped before its end, by a {@link Cleaner} once the stream is unreachable.
   */
  private static final class Frames implements DecompressingStream {
    private final ZstdInputStreamNoFinalizer in;
    private final Cleaner.Cleanable cleanable;

    Frames(ZstdInputStreamNoFinalizer in) {
      this.in = in;
      this.cleanable = Cleaners.CLEANER.register(this, new Closer(in));
    }

    @Override
    public boolean fill(DecompressionSink out, int want) throws IOException {
      try {
        return out.readFrom(in, want);
      } catch (DecompressionLimitException e) {
        throw e;
      } catch (IOException | RuntimeException e) {
        throw new IOException("corrupt zstd data: " + e.getMessage(), e);
      }
    }

    @Override
    public void close() {
      cleanable.clean(); // runs the closer once, now
    }
  }

  /** Closes the stream; holds no reference to the {@link Frames} it cleans up after. */
  private record Closer(ZstdInputStreamNoFinalizer in) implements Runnable {
    @Override
    public void run() {
      try {
        in.close(); // frees the native stream and gives its buffers back to the pool
      } catch (IOException e) {
        // closing an in-memory stream cannot fail
      }
    }
  }

  /** Created on first use, so that a reader that never meets zstd starts no cleaner thread. */
  private static final class Cleaners {
    static final Cleaner CLEANER = Cleaner.create();
  }

  /**
   * Caps the native window the decoder may allocate: a frame can declare a window of up to 2 GiB,
   * which the native decoder would allocate before producing a byte. 2^23 = 8 MiB covers zstd's
   * levels up to 19 (Kafka's default level 3 streams with a 2 MiB window); a frame declaring more is
   * refused, so one decompression holds at most this much native memory plus zstd's own state.
   */
  static final int WINDOW_LOG_MAX = 23;
}
