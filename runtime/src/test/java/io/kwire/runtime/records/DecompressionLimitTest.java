package io.kwire.runtime.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Small batches that inflate enormously are refused at the ceiling, before the memory is taken. The
 * bombs' first record claims all of their bytes, so that the cursor (which inflates only as far as a
 * record needs) must inflate up to the ceiling to read it.
 */
class DecompressionLimitTest {

  /** The zigzag varint length of a record claiming {@code n} bytes. */
  private static byte[] recordLength(int n) {
    WireWriter out = new WireWriter();
    out.writeVarint(n);
    return out.toByteArray();
  }

  private static int countRecords(Records records, ReadOptions options) {
    int n = 0;
    for (RecordBatch batch : records.batches(options)) {
      RecordCursor cursor = batch.cursor();
      while (cursor.next()) {
        n++;
      }
    }
    return n;
  }

  @Test
  void gzipOfAHundredMegabytesOfZerosIsRefused() throws IOException {
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    byte[] zeros = new byte[1 << 20];
    try (GZIPOutputStream gz = new GZIPOutputStream(compressed)) {
      gz.write(recordLength(100 << 20));
      for (int i = 0; i < 100; i++) {
        gz.write(zeros);
      }
    }
    assertTrue(compressed.size() < 200_000, "the bomb is small: " + compressed.size());
    byte[] batch = TestBatches.rawV2((short) Compression.GZIP.id(), 1, compressed.toByteArray());

    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> countRecords(Records.wrap(batch), ReadOptions.DEFAULT));
    assertTrue(e.getMessage().contains("exceeds the limit of " + ReadOptions.DEFAULT_MAX_DECOMPRESSED_BYTES), e.getMessage());
    assertTrue(e.getMessage().contains("base offset 100"), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(value = Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
  void everyCodecStopsAtACallerChosenCeiling(Compression compression) {
    byte[] zeros = new byte[8 << 20];
    byte[] length = recordLength(zeros.length - 8);
    System.arraycopy(length, 0, zeros, 0, length.length);
    WireWriter out = new WireWriter();
    Codecs.of(compression).compress(zeros, 0, zeros.length, (byte) 2, out);
    byte[] batch = TestBatches.rawV2((short) compression.id(), 1, out.toByteArray());

    ReadOptions oneMiB = ReadOptions.DEFAULT.withMaxDecompressedBytes(1 << 20);
    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> countRecords(Records.wrap(batch), oneMiB));
    assertTrue(e.getMessage().contains("exceeds the limit of 1048576 bytes"), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(value = Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
  void aLegitimateBatchFitsUnderAHighEnoughCeiling(Compression compression) {
    RecordBatchBuilder builder = RecordBatchBuilder.create(0).compression(compression);
    for (int i = 0; i < 10; i++) {
      builder.append(i, null, new byte[1000]);
    }
    Records records = builder.build();
    assertEquals(10, countRecords(records, ReadOptions.DEFAULT.withMaxDecompressedBytes(20_000)));
    assertThrows(KwireProtocolException.class,
        () -> countRecords(records, ReadOptions.DEFAULT.withMaxDecompressedBytes(5_000)));
  }

  @Test
  void legacyWrappersObeyTheCeilingToo() {
    LegacyRecordsBuilder builder = LegacyRecordsBuilder.create((byte) 1, 0).compression(Compression.GZIP);
    for (int i = 0; i < 100; i++) {
      builder.append(i, null, new byte[1000]);
    }
    Records records = builder.build();
    assertEquals(100, countRecords(records, ReadOptions.DEFAULT));
    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> countRecords(records, ReadOptions.DEFAULT.withMaxDecompressedBytes(10_000)));
    assertTrue(e.getMessage().contains("magic 1 message at byte 0"), e.getMessage());
  }
}
