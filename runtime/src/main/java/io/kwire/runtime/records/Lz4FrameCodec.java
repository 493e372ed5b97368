package io.kwire.runtime.records;

import io.kwire.runtime.wire.WireWriter;
import java.io.IOException;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.StreamingXXHash32;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The standard LZ4 frame format, which Kafka uses. Written as Kafka writes it: independent 64 KiB
 * blocks, no checksums, no content size. Read in full (block and content checksums, content size),
 * except dependent blocks and dictionaries, which Kafka never writes.
 *
 * <p>Kafka's quirk: before 0.10 its header checksum also covered the 4 magic bytes. Magic 0 message
 * sets are still written that way; on read, legacy (magic 0/1) frames may carry either checksum.
 */
final class Lz4FrameCodec implements Codec {
  private static final int FRAME_MAGIC = 0x184D2204;
  private static final int BLOCK_SIZE = 64 * 1024;
  private static final byte FLG_WRITTEN = 0x60; // version 01, independent blocks
  private static final byte BD_64KB = 0x40;
  private static final int UNCOMPRESSED_BIT = 0x8000_0000;

  private final LZ4Compressor compressor = LZ4Factory.fastestInstance().fastCompressor();
  private final LZ4SafeDecompressor decompressor = LZ4Factory.fastestInstance().safeDecompressor();
  private final XXHash32 xxhash = XXHashFactory.fastestInstance().hash32();

  @Override
  public void compress(byte[] src, int off, int len, byte magic, WireWriter out) {
    int frameStart = out.position();
    writeIntLe(out, FRAME_MAGIC);
    out.writeInt8(FLG_WRITTEN);
    out.writeInt8(BD_64KB);
    int from = magic == 0 ? frameStart : frameStart + 4; // Kafka's broken checksum for magic 0
    out.writeInt8((byte) (xxhash.hash(out.buffer(), from, out.position() - from, 0) >> 8));
    byte[] scratch = new byte[compressor.maxCompressedLength(Math.min(BLOCK_SIZE, len))];
    for (int at = off; at < off + len; at += BLOCK_SIZE) {
      int n = Math.min(BLOCK_SIZE, off + len - at);
      int written = compressor.compress(src, at, n, scratch, 0, scratch.length);
      if (written >= n) {
        writeIntLe(out, n | UNCOMPRESSED_BIT);
        out.writeRaw(src, at, n);
      } else {
        writeIntLe(out, written);
        out.writeRaw(scratch, 0, written);
      }
    }
    writeIntLe(out, 0); // end mark
  }

  @Override
  public DecompressingStream open(byte[] src, int off, int len, byte magic) throws IOException {
    int end = off + len;
    if (len < 7 || readIntLe(src, off) != FRAME_MAGIC) {
      throw new IOException("not an LZ4 frame (bad magic or too short)");
    }
    int flg = src[off + 4] & 0xFF;
    int bd = src[off + 5] & 0xFF;
    if ((flg >>> 6) != 1) {
      throw new IOException("unsupported LZ4 frame version " + (flg >>> 6));
    }
    if ((flg & 0x02) != 0 || (bd & 0x8F) != 0) {
      throw new IOException("LZ4 frame descriptor has reserved bits set");
    }
    if ((flg & 0x20) == 0) {
      throw new IOException("LZ4 frames with dependent blocks are not supported");
    }
    if ((flg & 0x01) != 0) {
      throw new IOException("LZ4 frames with a dictionary are not supported");
    }
    boolean contentSize = (flg & 0x08) != 0;
    int blockCode = (bd >>> 4) & 0x7;
    if (blockCode < 4) {
      throw new IOException("invalid LZ4 block maximum size code " + blockCode);
    }
    int at = off + 6 + (contentSize ? 8 : 0);
    if (at >= end) {
      throw new IOException("LZ4 frame header is truncated");
    }
    checkHeaderChecksum(src, off, at, src[at] & 0xFF, magic);
    return new Blocks(src, at + 1, end, (flg & 0x10) != 0, (flg & 0x04) != 0, 1 << (8 + 2 * blockCode));
  }

  /** Inflates one block per {@link #fill} call, then checks the end mark, content checksum and frame end. */
  private final class Blocks implements DecompressingStream {
    private final byte[] src;
    private final int end;
    private final boolean blockChecksums;
    private final int maxBlock; // 4: 64 KiB, 5: 256 KiB, 6: 1 MiB, 7: 4 MiB
    // Kafka's 64 KiB blocks inflate into the thread's scratch; a larger declared maximum is only a
    // ceiling for a decoder whose buffer grows with what each block produces.
    private final Lz4BlockDecoder large;
    private final StreamingXXHash32 content; // null without a content checksum
    private int at;
    private boolean ended;

    Blocks(byte[] src, int at, int end, boolean blockChecksums, boolean contentChecksum, int maxBlock) {
      this.src = src;
      this.at = at;
      this.end = end;
      this.blockChecksums = blockChecksums;
      this.maxBlock = maxBlock;
      this.large = maxBlock > Scratch.SIZE ? new Lz4BlockDecoder(maxBlock) : null;
      this.content = contentChecksum ? XXHashFactory.fastestInstance().newStreamingHash32(0) : null;
    }

    @Override
    public boolean fill(DecompressionSink out, int want) throws IOException {
      if (ended) {
        return false;
      }
      if (end - at < 4) {
        throw new IOException("LZ4 block size is truncated");
      }
      int word = readIntLe(src, at);
      at += 4;
      if (word == 0) {
        ended = true;
        finish();
        return false;
      }
      int n = word & ~UNCOMPRESSED_BIT;
      if (n > maxBlock || n > end - at) {
        throw new IOException("LZ4 block of " + n + " bytes exceeds the block limit or the input");
      }
      if (blockChecksums) {
        if (end - at - n < 4) {
          throw new IOException("LZ4 block checksum is truncated");
        }
        if (xxhash.hash(src, at, n, 0) != readIntLe(src, at + n)) {
          throw new IOException("LZ4 block checksum mismatch");
        }
      }
      if ((word & UNCOMPRESSED_BIT) != 0) {
        emit(src, at, n, out);
      } else {
        inflate(n, out);
      }
      at += n + (blockChecksums ? 4 : 0);
      return true;
    }

    private void inflate(int n, DecompressionSink out) throws IOException {
      if (large != null) {
        int inflated = large.decode(src, at, n); // before buffer(): decoding may replace it
        emit(large.buffer(), 0, inflated, out);
        return;
      }
      byte[] scratch = Scratch.atLeast(Scratch.SIZE);
      int inflated;
      try {
        inflated = decompressor.decompress(src, at, n, scratch, 0, Scratch.SIZE);
      } catch (LZ4Exception e) {
        throw new IOException("corrupt LZ4 block: " + e.getMessage(), e);
      }
      emit(scratch, 0, inflated, out);
    }

    private void emit(byte[] b, int off, int n, DecompressionSink out) throws DecompressionLimitException {
      if (content != null) {
        content.update(b, off, n);
      }
      out.write(b, off, n);
    }

    private void finish() throws IOException {
      if (content != null) {
        if (end - at < 4) {
          throw new IOException("LZ4 content checksum is truncated");
        }
        if (content.getValue() != readIntLe(src, at)) {
          throw new IOException("LZ4 content checksum mismatch");
        }
        at += 4;
      }
      if (at != end) {
        throw new IOException((end - at) + " byte(s) after the end of the LZ4 frame");
      }
    }
  }

  /** Magic 2 frames need the standard checksum; legacy frames may carry Kafka's old one instead. */
  private void checkHeaderChecksum(byte[] src, int frameStart, int hcAt, int stored, byte magic) throws IOException {
    int standard = (xxhash.hash(src, frameStart + 4, hcAt - frameStart - 4, 0) >> 8) & 0xFF;
    if (stored == standard) {
      return;
    }
    int kafkaLegacy = (xxhash.hash(src, frameStart, hcAt - frameStart, 0) >> 8) & 0xFF;
    if (magic < 2 && stored == kafkaLegacy) {
      return;
    }
    throw new IOException("LZ4 frame header checksum mismatch");
  }

  private static void writeIntLe(WireWriter out, int v) {
    out.writeInt32(Integer.reverseBytes(v));
  }

  private static int readIntLe(byte[] b, int at) {
    return Integer.reverseBytes(Bytes.getInt(b, at));
  }
}
