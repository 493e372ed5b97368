package io.kwire.runtime.records;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A compressed batch is inflated as its records are read, into a buffer reused from batch to batch
 * (issue 10): measured with the JVM's per-thread allocation counter, after warm-up.
 */
class IncrementalDecompressionTest {
  /** Values of {@code size} letters from a small alphabet (compressible, as real values often are). */
  private static byte[][] values(int count, int size, long seed) {
    Random random = new Random(seed);
    byte[][] values = new byte[count][size];
    for (byte[] value : values) {
      for (int i = 0; i < size; i++) {
        value[i] = (byte) ('a' + random.nextInt(8));
      }
    }
    return values;
  }

  private static Records batch(Compression compression, long baseOffset, byte[][] values) {
    RecordBatchBuilder builder = RecordBatchBuilder.create(baseOffset).compression(compression);
    for (int i = 0; i < values.length; i++) {
      builder.append(1_000 + i, ("k" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8), values[i]);
    }
    return builder.build();
  }

  /** Reads every record, checking each value in place (no copy, so nothing allocated per record). */
  private static int readChecking(Records records, byte[][] values) {
    int n = 0;
    for (RecordBatch batch : records.batches()) {
      RecordCursor cursor = batch.cursor();
      while (cursor.next()) {
        KafkaRecord r = cursor.record();
        byte[] expected = values[n++];
        if (!Arrays.equals(r.array(), r.valueOffset(), r.valueOffset() + r.valueLength(), expected, 0, expected.length)) {
          throw new AssertionError("record " + (n - 1) + " differs");
        }
      }
    }
    return n;
  }

  @ParameterizedTest
  @EnumSource(value = Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
  void aMalformedFirstRecordFailsBeforeTheBatchIsInflated(Compression compression) {
    byte[][] values = values(2_000, 500, 10);
    byte[] plain = batch(Compression.NONE, 0, values).toByteArray();
    byte[] payload = Arrays.copyOfRange(plain, RecordBatchV2.HEADER_SIZE, plain.length);
    payload[0] = 0; // the first record's length varint now says 0 bytes
    WireWriter compressed = new WireWriter();
    Codecs.of(compression).compress(payload, 0, payload.length, (byte) 2, compressed);
    byte[] hostile = TestBatches.rawV2((short) compression.id(), values.length, compressed.toByteArray());

    Runnable read = () -> {
      KwireProtocolException e = assertThrows(KwireProtocolException.class, () -> readAll(hostile));
      assertTrue(e.getMessage().contains("record 0 of 2000"), e.getMessage());
    };
    read.run();
    read.run();
    long allocated = Allocations.allocatedBy(read);
    report(compression + ", first of 2000 records malformed, " + payload.length + " bytes inflated", allocated);
    assertTrue(allocated < payload.length / 10, "allocated " + allocated + " of " + payload.length);
  }

  @ParameterizedTest
  @EnumSource(value = Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
  void batchAfterBatchReusesTheDecompressionBuffer(Compression compression) {
    byte[][] values = values(256, 1_000, 20);
    Records records = batch(compression, 0, values);
    int batches = 20;
    List<Records> all = new ArrayList<>();
    for (int i = 0; i < batches; i++) {
      all.add(records);
    }
    Records many = Records.concat(all);
    byte[][] expected = new byte[values.length * batches][];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = values[i % values.length];
    }
    assertEquals(expected.length, readChecking(many, expected));
    long allocated = Allocations.allocatedBy(() -> readChecking(many, expected));
    long perBatch = allocated / batches;
    int inflated = values.length * 1_000;
    report(compression + ", per batch of " + inflated + "+ decompressed bytes, 20 in a row", perBatch);
    assertTrue(perBatch < inflated / 16, "allocated " + perBatch + " per batch of " + inflated);
  }

  @ParameterizedTest
  @EnumSource(value = Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
  void recordsLargerThanTheBufferAndCopiesKeptAcrossBatchesReadBack(Compression compression) {
    byte[][] values = values(6, 0, 30);
    values[0] = values(1, 300_000, 31)[0]; // larger than the first buffer (64 KiB)
    values[2] = values(1, 70_000, 32)[0];
    values[5] = values(1, 1_500_000, 33)[0]; // larger than a pooled buffer may be
    for (int i = 0; i < values.length; i++) {
      if (values[i].length == 0) {
        values[i] = ("small " + i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      }
    }
    Records first = batch(compression, 0, values);
    Records second = batch(compression, 100, values(50, 2_000, 34));

    List<KafkaRecord> kept = new ArrayList<>();
    RecordCursor a = RecordBatchV2.of(first, ReadOptions.DEFAULT).cursor();
    RecordCursor b = RecordBatchV2.of(second, ReadOptions.DEFAULT).cursor();
    while (a.next()) { // two cursors alive on one thread, read in turn: they must not share a buffer
      kept.add(a.record().copy());
      assertTrue(b.next());
      assertEquals(100 + kept.size() - 1, b.record().offset());
    }
    while (b.next()) {
      // the second batch reuses the first one's buffer once that cursor has ended
    }
    readChecking(second, values(50, 2_000, 34)); // and another pass over the same thread's buffer
    assertEquals(values.length, kept.size());
    for (int i = 0; i < values.length; i++) {
      assertArrayEquals(values[i], kept.get(i).valueBytes(), "record " + i);
      assertArrayEquals(("k" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8), kept.get(i).keyBytes());
      assertEquals(i, kept.get(i).offset());
    }
    assertFalse(a.next());
  }

  private static void readAll(byte[] records) {
    for (RecordBatch batch : Records.wrap(records).batches(ReadOptions.DEFAULT)) {
      RecordCursor cursor = batch.cursor();
      while (cursor.next()) {
        cursor.record();
      }
    }
  }

  private static void report(String what, long allocated) {
    System.out.println("[allocation] " + what + ": " + allocated + " bytes");
  }
}
