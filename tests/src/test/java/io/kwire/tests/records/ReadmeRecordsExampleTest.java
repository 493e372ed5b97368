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

/** The README's record-batch example, so that it stays true. */
class ReadmeRecordsExampleTest {
  @Test
  void buildABatchAndReadItBack() {
    long producerId = 4000L;
    short producerEpoch = 2;
    int baseSequence = 0;
    byte[] key = "k".getBytes(StandardCharsets.UTF_8);
    byte[] value = "v1".getBytes(StandardCharsets.UTF_8);
    byte[] otherValue = "v2".getBytes(StandardCharsets.UTF_8);
    byte[] traceId = "t".getBytes(StandardCharsets.UTF_8);

    Records batch = RecordBatchBuilder.create(0L)
        .compression(Compression.LZ4)
        .producer(producerId, producerEpoch, baseSequence)
        .append(System.currentTimeMillis(), key, value, new Header("trace", traceId))
        .append(System.currentTimeMillis(), null, otherValue)
        .build();

    List<KafkaRecord> seen = new ArrayList<>();
    ReadOptions options = ReadOptions.DEFAULT.withSkipPartialTrailingBatch(true);
    for (RecordBatch b : batch.batches(options)) {
      RecordCursor cursor = b.cursor();
      while (cursor.next()) {
        KafkaRecord r = cursor.record();
        ByteBuffer v = r.value();
        assertEquals(r.valueLength(), v.remaining());
        seen.add(r.copy());
      }
    }
    assertEquals(2, seen.size());
    assertEquals(1, seen.get(1).offset());
    assertArrayEquals(value, seen.get(0).valueBytes());
    assertEquals(List.of(new Header("trace", traceId)), seen.get(0).headers());
    assertNull(seen.get(1).key());
  }
}
