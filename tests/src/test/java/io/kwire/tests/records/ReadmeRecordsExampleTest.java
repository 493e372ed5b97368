package io.kwire.tests.records;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordCursor;
import io.kwire.runtime.records.Records;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/records.md's record-batch snippets: ReadmeSnippetsTest finds each of their lines here, in order,
 * and this test runs them.
 */
class ReadmeRecordsExampleTest {
  private final List<String> seen = new ArrayList<>();

  @Test
  void buildABatchAndReadItBack() {
    long producerId = 4000L;
    short producerEpoch = 2;
    int baseSequence = 0;
    byte[] key = "k".getBytes(StandardCharsets.UTF_8);
    byte[] value = "v1".getBytes(StandardCharsets.UTF_8);
    byte[] otherValue = "v2".getBytes(StandardCharsets.UTF_8);
    byte[] traceId = "t".getBytes(StandardCharsets.UTF_8);

    Records records = RecordBatchBuilder.create(0L)
        .compression(Compression.LZ4)
        .producer(producerId, producerEpoch, baseSequence)   // optional: idempotent producer
        .append(System.currentTimeMillis(), key, value, new Header("trace", traceId))
        .append(System.currentTimeMillis(), null, otherValue)
        .build();                                              // a Records, ready for a ProduceRequest

    List<KafkaRecord> kept = readBack(records);

    assertEquals(List.of("0 k v1 [trace]", "1 null v2 []"), seen);
    assertArrayEquals(value, kept.get(0).valueBytes());
    assertEquals(List.of(new Header("trace", traceId)), kept.get(0).headers());
    assertNull(kept.get(1).key());
  }

  private List<KafkaRecord> readBack(Records records) {
    List<KafkaRecord> kept = new ArrayList<>();
    ReadOptions options = ReadOptions.DEFAULT.withSkipPartialTrailingBatch(true); // Fetch may end mid-batch
    for (RecordBatch batch : records.batches(options)) {
      RecordCursor cursor = batch.cursor();
      while (cursor.next()) {
        KafkaRecord r = cursor.record();       // reused view: r.copy() to keep it
        ByteBuffer value = r.value();          // read-only view, or r.valueBytes() for a copy
        process(r.offset(), r.timestamp(), r.key(), value, r.headers());
        kept.add(r.copy());
      }
    }
    return kept;
  }

  private void process(long offset, long timestamp, ByteBuffer key, ByteBuffer value, List<Header> headers) {
    assertEquals(true, timestamp > 0);
    seen.add(offset + " " + text(key) + " " + text(value) + " " + headers.stream().map(Header::key).toList());
  }

  private static String text(ByteBuffer buffer) {
    return buffer == null ? "null" : StandardCharsets.UTF_8.decode(buffer.duplicate()).toString();
  }
}
