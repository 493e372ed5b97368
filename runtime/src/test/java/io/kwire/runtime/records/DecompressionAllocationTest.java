package io.kwire.runtime.records;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.Test;

/**
 * Decompression allocates on the bytes it produces, not on what the input claims (issue 10, finding
 * 2), measured with the JVM's per-thread allocation counter. Each case warms up first, so that
 * one-off costs (class loading, the per-thread scratch, zstd's pooled buffer) are not counted.
 */
class DecompressionAllocationTest {
  /** Reads every record of every batch; a protocol error ends it (what it allocated still counts). */
  private static void readAll(byte[] records) {
    try {
      for (RecordBatch batch : Records.wrap(records).batches(ReadOptions.DEFAULT)) {
        RecordCursor cursor = batch.cursor();
        while (cursor.next()) {
          cursor.record();
        }
      }
    } catch (KwireProtocolException expected) {
      // the bombs below are malformed; only the allocation matters here
    }
  }

  private static byte[] compressed(Compression compression, byte[] data) {
    WireWriter out = new WireWriter();
    Codecs.of(compression).compress(data, 0, data.length, (byte) 2, out);
    return out.toByteArray();
  }

  private static void warmUp(Compression compression) {
    RecordBatchBuilder builder = RecordBatchBuilder.create(0).compression(compression);
    builder.append(1, null, new byte[100]);
    for (int i = 0; i < 3; i++) {
      readAll(TestBatches.bytes(builder.build()));
    }
  }

  @Test
  void aSnappyBlockClaiming64MiBCostsNothingLikeIt() {
    warmUp(Compression.SNAPPY);
    // A raw snappy block whose header claims 64 MiB - 1 (within the ceiling), then 3 literal bytes.
    byte[] block = {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x1f, 0x08, 'a', 'b', 'c'};
    byte[] batch = TestBatches.rawV2((short) Compression.SNAPPY.id(), 1, block);
    assertThrows(KwireProtocolException.class, () -> Records.wrap(batch).batches().iterator().next().cursor());
    long allocated = Allocations.allocatedBy(() -> readAll(batch));
    report("snappy, " + batch.length + "-byte batch claiming 64 MiB", allocated);
    assertTrue(allocated < 8 << 10, "allocated " + allocated);
  }

  @Test
  void anLz4FrameDeclaring4MiBBlocksAllocatesByWhatItsBlocksProduce() {
    warmUp(Compression.LZ4);
    int produced = 16 << 10;
    byte[] frame = lz4FrameOfLiterals(produced);
    byte[] batch = TestBatches.rawV2((short) Compression.LZ4.id(), 1, frame);
    long allocated = Allocations.allocatedBy(() -> readAll(batch));
    report("lz4, " + batch.length + "-byte batch declaring 4 MiB blocks, producing " + produced, allocated);
    // output chunks (first one sized from the input, 64 KiB at most) and the decoder's growing buffer
    assertTrue(allocated < 4L * produced + (64 << 10) + (8 << 10), "allocated " + allocated);
  }

  @Test
  void gzipAllocatesAboutTwiceWhatItInflates() throws IOException {
    warmUp(Compression.GZIP);
    int produced = 32 << 20;
    ByteArrayOutputStream bomb = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bomb)) {
      WireWriter length = new WireWriter();
      length.writeVarint(produced - 8); // a first record that claims all of it, so all is inflated
      byte[] data = new byte[produced];
      System.arraycopy(length.toByteArray(), 0, data, 0, length.position());
      gz.write(data);
    }
    byte[] batch = TestBatches.rawV2((short) Compression.GZIP.id(), 1, bomb.toByteArray());
    long allocated = Allocations.allocatedBy(() -> readAll(batch));
    report("gzip, " + batch.length + "-byte batch inflating to 32 MiB", allocated);
    // the window, doubling from 64 KiB to hold the 32 MiB record (2 x 32 MiB), the stream's buffers
    assertTrue(allocated < 2L * produced + (1 << 20), "allocated " + allocated);
  }

  @Test
  void emptyZstdBatchesReuseTheirBuffers() {
    byte[] batch = TestBatches.rawV2((short) Compression.ZSTD.id(), 0, compressed(Compression.ZSTD, new byte[0]));
    readAll(batch);
    readAll(batch);
    long allocated = Allocations.allocatedBy(() -> {
      for (int i = 0; i < 100; i++) {
        readAll(batch);
      }
    });
    report("zstd, 100 empty " + batch.length + "-byte batches", allocated);
    assertTrue(allocated < 100 * (4 << 10), "allocated " + allocated);
  }

  /** A standard LZ4 frame, block maximum 4 MiB, holding one block of {@code n} literal bytes. */
  private static byte[] lz4FrameOfLiterals(int n) {
    WireWriter block = new WireWriter();
    block.writeInt8((byte) 0xF0); // 15+ literals, no match
    int rest = n - 15;
    while (rest >= 255) {
      block.writeInt8((byte) 0xFF);
      rest -= 255;
    }
    block.writeInt8((byte) rest);
    block.writeRaw(new byte[n]);
    byte[] body = block.toByteArray();
    WireWriter out = new WireWriter();
    out.writeInt32(Integer.reverseBytes(0x184D2204));
    out.writeInt8((byte) 0x60); // version 01, independent blocks
    out.writeInt8((byte) 0x70); // block maximum code 7: 4 MiB
    byte[] descriptor = {0x60, 0x70};
    out.writeInt8((byte) (XXHashFactory.fastestInstance().hash32().hash(descriptor, 0, 2, 0) >> 8));
    out.writeInt32(Integer.reverseBytes(body.length));
    out.writeRaw(body);
    out.writeInt32(0);
    return out.toByteArray();
  }

  private static void report(String what, long allocated) {
    System.out.println("[allocation] " + what + ": " + allocated + " bytes");
  }
}
