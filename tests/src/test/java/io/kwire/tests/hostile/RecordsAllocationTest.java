package io.kwire.tests.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordCursor;
import io.kwire.runtime.records.Records;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The allocation bound for record sets: iterating every record of every batch with a cursor and
 * parsing each record's headers. Uncompressed, at most 16 heap bytes per input byte plus 64 KiB.
 * Compressed, the input says little (a few hundred bytes inflate to megabytes, up to the ceiling of
 * {@code ReadOptions.maxDecompressedBytes}): there the bound is per decompressed byte, 2 for the
 * decompressed buffer plus 16 for what is read from it, plus 64 KiB.
 */
class RecordsAllocationTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final int RECORDS = 4000;

  private record Case(String what, Records records, Compression compression) {}

  @Test
  void iteratingTinyRecordsAndHeadersStaysWithinTheBound() {
    List<Case> cases = new ArrayList<>();
    for (Compression c : Compression.values()) {
      cases.add(new Case("v2 " + c + ", empty records", v2(c, RECORDS, 0, null), c));
      cases.add(new Case("v2 " + c + ", one record of empty-key headers", v2(c, 1, RECORDS, ""), c));
      cases.add(new Case("v2 " + c + ", one record of 1-char-key headers", v2(c, 1, RECORDS, "a"), c));
      cases.add(new Case("v2 " + c + ", one record of 2-byte-char-key headers", v2(c, 1, RECORDS, "\u00e9"), c));
      cases.add(new Case("v2 " + c + ", records of one empty-key header", v2(c, RECORDS, 1, ""), c));
      if (c != Compression.ZSTD) {
        cases.add(new Case("magic 0 " + c + ", empty messages", legacy((byte) 0, c), c));
        cases.add(new Case("magic 1 " + c + ", empty messages", legacy((byte) 1, c), c));
      }
    }
    List<String> over = new ArrayList<>();
    for (Case c : cases) {
      readAll(c.records()); // warms up, and fills shared tables and codec pools
      long before = THREADS.getCurrentThreadAllocatedBytes();
      long[] decompressed = readAll(c.records());
      long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
      int in = c.records().sizeInBytes();
      long basis = c.compression() == Compression.NONE ? in : decompressed[1];
      long bound = (c.compression() == Compression.NONE ? 16 : 18) * basis + (64 << 10);
      System.out.printf("[allocation records] %s: %d bytes in (%d decompressed), %d records, %d headers: %d allocated,"
          + " %.1f per input byte, %s per decompressed byte%n", c.what(), in, decompressed[1], decompressed[0],
          decompressed[2], allocated, (double) allocated / in,
          decompressed[1] == 0 ? "-" : String.format("%.1f", (double) allocated / decompressed[1]));
      if (allocated > bound) {
        over.add(c.what() + ": " + allocated + " > " + bound);
      }
      assertTrue(decompressed[0] > 0, c.what());
    }
    assertTrue(over.isEmpty(), "over the bound: " + over);
  }

  /** Reads every record and header; returns records, bytes decompressed, headers. */
  private static long[] readAll(Records records) {
    long count = 0;
    long headers = 0;
    long bytes = 0;
    for (RecordBatch batch : records.batches()) {
      RecordCursor cursor = batch.cursor();
      boolean first = true;
      while (cursor.next()) {
        KafkaRecord r = cursor.record();
        headers += r.headers().size();
        count++;
        if (first && r.array() != records.array()) {
          bytes += r.array().length; // a compressed batch's records lie in its decompressed array
        }
        first = false;
      }
    }
    return new long[] {count, bytes, headers};
  }

  private static Records v2(Compression c, int records, int headersEach, String key) {
    Header[] headers = new Header[headersEach];
    for (int i = 0; i < headersEach; i++) {
      headers[i] = new Header(key, null);
    }
    RecordBatchBuilder b = RecordBatchBuilder.create(0).compression(c);
    for (int i = 0; i < records; i++) {
      b.append(0, null, new byte[0], headers);
    }
    return b.build();
  }

  private static Records legacy(byte magic, Compression c) {
    LegacyRecordsBuilder b = LegacyRecordsBuilder.create(magic, 0).compression(c);
    for (int i = 0; i < RECORDS; i++) {
      b.append(0, null, null);
    }
    return b.build();
  }

  @Test
  void headerKeysAreReadAsStrings() {
    KafkaRecord r = v2(Compression.NONE, 1, 2, "\u00e9").batches().iterator().next().iterator().next();
    assertEquals("\u00e9", r.headers().get(1).key());
    assertEquals(2, "\u00e9".getBytes(StandardCharsets.UTF_8).length);
  }
}
