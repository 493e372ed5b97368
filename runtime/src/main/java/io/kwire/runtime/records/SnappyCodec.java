package io.kwire.runtime.records;

import io.kwire.runtime.wire.WireWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.xerial.snappy.Snappy;

/**
 * Snappy in the xerial stream framing that Kafka's producers write: a 16-byte header (magic
 * {@code 82 'SNAPPY' 00}, version 1, compatible version 1), then chunks of int32 length + one raw
 * snappy block of at most 32 KiB of input each. Like xerial's reader, input without the header is
 * taken as one raw snappy block, and a header repeated between chunks (concatenated streams) is skipped.
 */
final class SnappyCodec implements Codec {
  private static final byte[] MAGIC = {(byte) 0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0};
  private static final int HEADER_SIZE = MAGIC.length + 8;
  private static final int BLOCK_SIZE = 32 * 1024;

  SnappyCodec() {
    Snappy.class.getName(); // fails here, at load time, when snappy-java is absent
  }

  @Override
  public void compress(byte[] src, int off, int len, byte magic, WireWriter out) {
    out.writeRaw(MAGIC);
    out.writeInt32(1);
    out.writeInt32(1);
    byte[] scratch = new byte[Snappy.maxCompressedLength(Math.min(BLOCK_SIZE, len))];
    for (int at = off; at < off + len; at += BLOCK_SIZE) {
      int n = Math.min(BLOCK_SIZE, off + len - at);
      try {
        int written = Snappy.compress(src, at, n, scratch, 0);
        out.writeInt32(written);
        out.writeRaw(scratch, 0, written);
      } catch (IOException e) {
        throw new UncheckedIOException("snappy compression failed", e);
      }
    }
  }

  @Override
  public DecompressingStream open(byte[] src, int off, int len, byte magic) {
    return new Chunks(src, off, off + len);
  }

  /** Inflates one chunk per {@link #fill} call. */
  private static final class Chunks implements DecompressingStream {
    private final byte[] src;
    private final int end;
    private final boolean raw;
    private int at;
    private boolean rawDone;

    Chunks(byte[] src, int off, int end) {
      this.src = src;
      this.end = end;
      this.raw = !hasHeader(src, off, end);
      this.at = off;
    }

    @Override
    public boolean fill(DecompressionSink out, int want) throws IOException {
      if (raw) {
        if (rawDone) {
          return false;
        }
        rawDone = true; // one block, even an empty (invalid) one, as xerial reads it
        block(src, at, end - at, out);
        return true;
      }
      while (at < end) {
        if (hasHeader(src, at, end)) {
          at += HEADER_SIZE;
          continue;
        }
        if (end - at < 4) {
          throw new IOException("snappy chunk length is truncated");
        }
        int n = Bytes.getInt(src, at);
        at += 4;
        if (n < 0 || n > end - at) {
          throw new IOException("snappy chunk of " + n + " bytes, but " + (end - at) + " remain");
        }
        int blockAt = at;
        at += n;
        if (n > 0) {
          block(src, blockAt, n, out);
          return true;
        }
      }
      return false;
    }
  }

  private static boolean hasHeader(byte[] src, int at, int end) {
    return end - at >= HEADER_SIZE && Arrays.equals(src, at, at + MAGIC.length, MAGIC, 0, MAGIC.length);
  }

  /**
   * A raw block's header claims its inflated length; the block is validated first (snappy walks it
   * without writing), so the buffer is sized by what it really produces, not by the claim.
   */
  private static void block(byte[] src, int off, int len, DecompressionSink out) throws IOException {
    int n = Snappy.uncompressedLength(src, off, len);
    if (n < 0) {
      throw new IOException("snappy block claims a negative length");
    }
    if (n > out.room()) {
      throw new DecompressionLimitException(out.max());
    }
    if (!Snappy.isValidCompressedBuffer(src, off, len)) {
      throw new IOException("corrupt snappy block");
    }
    byte[] scratch = Scratch.atLeast(n);
    int written = Snappy.uncompress(src, off, len, scratch, 0);
    if (written != n) {
      throw new IOException("snappy block inflated to " + written + " bytes, not the " + n + " it claims");
    }
    out.write(scratch, 0, written);
  }
}
