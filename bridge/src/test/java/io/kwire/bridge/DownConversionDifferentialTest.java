package io.kwire.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.EndTxnMarker;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.records.TimestampType;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bridge's down-conversion against Kafka's own ({@code MemoryRecords.downConvert} of
 * kafka-clients 3.9.1), entry by entry and record by record, and byte for byte where no lz4 batch
 * is involved (two valid lz4 encodings of the same bytes may differ): random logs (fixed seeds) of plain, compressed (gzip,
 * snappy, lz4), log-append-time, compacted (offset gaps), header-carrying and committed
 * transactional batches with their markers, converted to magic 0 and 1 from fetch offsets at,
 * inside and past batch starts. Aborted transactions are left out: Kafka's down-conversion does
 * not filter them (the bridge filters before converting, see FetchTranslationTest).
 */
class DownConversionDifferentialTest {
  private static final Compression[] CODECS = {Compression.NONE, Compression.GZIP, Compression.SNAPPY, Compression.LZ4};
  private static Kafka39DownConversion kafka;

  @BeforeAll
  static void load() throws Exception {
    kafka = new Kafka39DownConversion();
  }

  @AfterAll
  static void close() throws Exception {
    kafka.close();
  }

  @Test
  void randomLogsConvertToKafkasBytes() throws Exception {
    int compared = 0;
    int identical = 0;
    for (long seed = 1; seed <= 60; seed++) {
      Random random = new Random(seed);
      Records log = randomLog(random);
      long lastOffset = lastOffset(log);
      for (byte magic = 0; magic <= 1; magic++) {
        for (long fetchOffset : new long[] {0, random.nextInt((int) lastOffset + 1), lastOffset}) {
          byte[] expected = kafka.downConvert(log.toByteArray(), magic, fetchOffset);
          FetchDownConverter.Result ours = FetchDownConverter.convert(log, magic, fetchOffset, List.of());
          String where = "seed " + seed + ", magic " + magic + ", fetch offset " + fetchOffset;
          assertEquals(entries(Records.wrap(expected)), entries(ours.records()), where);
          if (!usesLz4(log)) {
            // lz4 encodings may differ (both valid): kwire's frame codec and Kafka's find different matches
            assertEquals(HexFormat.of().formatHex(expected), HexFormat.of().formatHex(ours.records().toByteArray()), where);
            identical++;
          }
          compared++;
        }
      }
    }
    assertEquals(360, compared);
    assertTrue(identical >= 100, identical + " byte-identical"); // 150 with these seeds
  }

  private static boolean usesLz4(Records log) {
    for (RecordBatch b : log.batches()) {
      if (b.compression() == Compression.LZ4) {
        return true;
      }
    }
    return false;
  }

  /** Each top-level entry (magic, codec, timestamp type, last offset) and its records, as kwire reads them. */
  private static List<String> entries(Records set) {
    List<String> out = new ArrayList<>();
    for (RecordBatch b : set.batches()) {
      out.add("entry magic " + b.magic() + " " + b.compression() + " " + b.timestampType() + " last " + b.lastOffset());
      for (KafkaRecord r : b) {
        out.add(r.offset() + " " + r.timestamp() + " " + hex(r.keyBytes()) + " " + hex(r.valueBytes()));
      }
    }
    return out;
  }

  private static String hex(byte[] b) {
    return b == null ? "null" : HexFormat.of().formatHex(b);
  }

  private static long lastOffset(Records log) {
    long last = 0;
    for (RecordBatch b : log.batches()) {
      last = b.lastOffset();
    }
    return last;
  }

  /** A few batches of random records, each batch with its own codec, timestamp type and shape. */
  static Records randomLog(Random random) {
    List<Records> batches = new ArrayList<>();
    long offset = random.nextInt(3) * 1000L;
    int count = 1 + random.nextInt(5);
    for (int b = 0; b < count; b++) {
      RecordBatchBuilder builder = RecordBatchBuilder.create(offset)
          .compression(CODECS[random.nextInt(CODECS.length)]);
      if (random.nextInt(4) == 0) {
        builder.timestampType(TimestampType.LOG_APPEND_TIME, 1_700_000_000_000L + random.nextInt(1000));
      }
      boolean transactional = random.nextInt(4) == 0;
      if (transactional) {
        builder.transactional(true).producer(100 + b, (short) 0, 0);
      }
      int records = 1 + random.nextInt(6);
      long at = offset;
      for (int r = 0; r < records; r++) {
        Header[] headers = random.nextInt(3) == 0 ? new Header[] {new Header("h" + r, bytes(random, 3))} : new Header[0];
        builder.appendWithOffset(at, 1_600_000_000_000L + random.nextInt(100_000), random.nextInt(5) == 0 ? null
            : bytes(random, random.nextInt(12)), random.nextInt(7) == 0 ? null : bytes(random, random.nextInt(300)),
            headers);
        at += random.nextInt(4) == 0 ? 2 : 1; // a compacted log leaves gaps
      }
      batches.add(builder.build());
      offset = at;
      if (transactional) {
        batches.add(RecordBatchBuilder.create(offset).transactional(true).control(true).producer(100 + b, (short) 0, -1)
            .appendEndTxnMarker(1_600_000_000_000L, new EndTxnMarker(true, 0)).build());
        offset++;
      }
    }
    return Records.concat(batches);
  }

  private static byte[] bytes(Random random, int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) ('a' + random.nextInt(26)); // compressible, as real payloads are
    }
    return b;
  }
}
