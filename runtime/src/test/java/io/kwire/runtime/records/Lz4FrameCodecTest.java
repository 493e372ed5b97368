package io.kwire.runtime.records;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.wire.WireWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import net.jpountz.lz4.LZ4FrameOutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream.BLOCKSIZE;
import net.jpountz.lz4.LZ4FrameOutputStream.FLG;
import org.junit.jupiter.api.Test;

/** The LZ4 frame reader against frames of other writers, and Kafka's header-checksum quirk. */
class Lz4FrameCodecTest {
  private static final Lz4FrameCodec CODEC = new Lz4FrameCodec();

  private static byte[] content() {
    byte[] b = new byte[300_000];
    Random random = new Random(7);
    for (int i = 0; i < b.length; i += 1000) {
      Arrays.fill(b, i, i + 500, (byte) random.nextInt());
    }
    return b;
  }

  private static byte[] inflate(byte[] frame, byte magic) throws IOException {
    BoundedOutput out = new BoundedOutput(1 << 24, 1024);
    CODEC.decompress(frame, 0, frame.length, magic, out);
    return Arrays.copyOf(out.array(), out.size());
  }

  @Test
  void readsStandardFramesWithBlockAndContentChecksumsAndContentSize() throws IOException {
    byte[] content = content();
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(frame, BLOCKSIZE.SIZE_256KB, content.length,
        FLG.Bits.BLOCK_INDEPENDENCE, FLG.Bits.BLOCK_CHECKSUM, FLG.Bits.CONTENT_CHECKSUM, FLG.Bits.CONTENT_SIZE)) {
      out.write(content);
    }
    assertArrayEquals(content, inflate(frame.toByteArray(), (byte) 2));
  }

  @Test
  void detectsADamagedBlockChecksum() throws IOException {
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(frame, BLOCKSIZE.SIZE_64KB,
        FLG.Bits.BLOCK_INDEPENDENCE, FLG.Bits.BLOCK_CHECKSUM)) {
      out.write(content());
    }
    byte[] b = frame.toByteArray();
    b[20] ^= 1; // inside the first block
    IOException e = assertThrows(IOException.class, () -> inflate(b, (byte) 2));
    assertTrue(e.getMessage().contains("checksum"), e.getMessage());
  }

  @Test
  void kafkasOldHeaderChecksumIsAcceptedOnlyForLegacyMagic() throws IOException {
    byte[] content = content();
    WireWriter magic0 = new WireWriter();
    CODEC.compress(content, 0, content.length, (byte) 0, magic0); // written with the old checksum
    byte[] frame = magic0.toByteArray();
    assertArrayEquals(content, inflate(frame, (byte) 0));
    assertArrayEquals(content, inflate(frame, (byte) 1));
    IOException e = assertThrows(IOException.class, () -> inflate(frame, (byte) 2));
    assertTrue(e.getMessage().contains("header checksum"), e.getMessage());
  }

  @Test
  void rejectsTrailingBytes() {
    byte[] content = content();
    WireWriter out = new WireWriter();
    CODEC.compress(content, 0, content.length, (byte) 2, out);
    out.writeInt8((byte) 0);
    byte[] frame = out.toByteArray();
    assertThrows(IOException.class, () -> inflate(frame, (byte) 2));
  }
}
