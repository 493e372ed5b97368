package io.kwire.runtime.records;

import static io.kwire.runtime.records.TestBatches.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RecordBatchRoundTripTest {

  @ParameterizedTest
  @EnumSource(Compression.class)
  void recordsSurviveEveryCodec(Compression compression) {
    Random random = new Random(42);
    RecordBatchBuilder builder = RecordBatchBuilder.create(1000).compression(compression)
        .producer(77L, (short) 3, 10);
    List<byte[]> values = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      byte[] value = new byte[random.nextInt(300)];
      random.nextBytes(value);
      values.add(value);
      byte[] key = i % 7 == 0 ? null : utf8("key-" + i);
      Header[] headers = i % 3 == 0 ? new Header[] {new Header("h" + i, utf8("v")), new Header("n", null)} : new Header[0];
      builder.append(1_700_000_000_000L + i * 10L, key, value, headers);
    }
    RecordBatchV2 batch = RecordBatchV2.of(builder.build(), ReadOptions.DEFAULT);

    assertEquals(compression, batch.compression());
    assertEquals(1000, batch.baseOffset());
    assertEquals(1499, batch.lastOffset());
    assertEquals(500, batch.recordCount());
    assertEquals(1_700_000_000_000L + 4990, batch.maxTimestamp());
    assertEquals(77L, batch.producerId());
    int i = 0;
    for (KafkaRecord r : batch) {
      assertEquals(1000 + i, r.offset());
      assertEquals(1_700_000_000_000L + i * 10L, r.timestamp());
      assertEquals(10 + i, r.sequence());
      if (i % 7 == 0) {
        assertNull(r.keyBytes());
        assertFalse(r.hasKey());
      } else {
        assertArrayEquals(utf8("key-" + i), r.keyBytes());
      }
      assertArrayEquals(values.get(i), r.valueBytes());
      assertEquals(i % 3 == 0 ? 2 : 0, r.headerCount());
      if (i % 3 == 0) {
        assertEquals(List.of(new Header("h" + i, utf8("v")), new Header("n", null)), r.headers());
      }
      i++;
    }
    assertEquals(500, i);
  }

  @Test
  void uncompressedRecordsAreViewsIntoTheSameArray() {
    Records records = RecordBatchBuilder.create(0).append(5, utf8("k"), utf8("value")).build();
    RecordBatch batch = records.batches().iterator().next();
    RecordCursor cursor = batch.cursor();
    assertTrue(cursor.next());
    KafkaRecord r = cursor.record();
    assertSame(records.array(), r.array());
    assertEquals("value", new String(r.array(), r.valueOffset(), r.valueLength(), java.nio.charset.StandardCharsets.UTF_8));
    assertFalse(cursor.next());
  }

  @Test
  void cursorReusesOneRecordView() {
    Records records = RecordBatchBuilder.create(0).append(1, null, utf8("a")).append(2, null, utf8("b")).build();
    RecordCursor cursor = records.batches().iterator().next().cursor();
    assertTrue(cursor.next());
    KafkaRecord first = cursor.record();
    assertTrue(cursor.next());
    assertSame(first, cursor.record());
    assertEquals(1, first.offset());
  }

  @Test
  void transactionMarkerBatch() {
    Records records = RecordBatchBuilder.create(50).control(true).transactional(true).producer(9L, (short) 2, -1)
        .appendEndTxnMarker(123L, new EndTxnMarker(true, 17)).build();
    RecordBatchV2 batch = RecordBatchV2.of(records, ReadOptions.DEFAULT);
    assertTrue(batch.isControl());
    assertTrue(batch.isTransactional());
    KafkaRecord r = batch.iterator().next();
    assertEquals(ControlRecords.COMMIT, ControlRecords.type(r));
    assertEquals(new EndTxnMarker(true, 17), ControlRecords.endTxnMarker(r));
    assertEquals(-1, r.sequence());
  }

  @Test
  void logAppendTimeOverridesRecordTimestamps() {
    Records records = RecordBatchBuilder.create(0).timestampType(TimestampType.LOG_APPEND_TIME, 999L)
        .append(5, null, null).append(6, null, null).build();
    RecordBatchV2 batch = RecordBatchV2.of(records, ReadOptions.DEFAULT);
    assertEquals(TimestampType.LOG_APPEND_TIME, batch.timestampType());
    for (KafkaRecord r : batch) {
      assertEquals(999L, r.timestamp());
    }
  }

  @Test
  void deleteHorizonIsTheBaseTimestamp() {
    Records records = RecordBatchBuilder.create(0).deleteHorizonMs(5000).append(7000, null, utf8("x")).build();
    RecordBatchV2 batch = RecordBatchV2.of(records, ReadOptions.DEFAULT);
    assertTrue(batch.hasDeleteHorizon());
    assertEquals(5000, batch.deleteHorizonMs());
    assertEquals(7000, batch.iterator().next().timestamp());
  }

  @Test
  void sequenceWrapsAfterIntMax() {
    Records records = RecordBatchBuilder.create(0).producer(1L, (short) 0, Integer.MAX_VALUE)
        .append(1, null, null).append(1, null, null).build();
    List<Integer> sequences = new ArrayList<>();
    RecordBatchV2.of(records, ReadOptions.DEFAULT).forEach(r -> sequences.add(r.sequence()));
    assertEquals(List.of(Integer.MAX_VALUE, 0), sequences);
  }

  @Test
  void severalBatchesInOneRecordSet() {
    byte[] a = RecordBatchBuilder.create(0).append(1, null, utf8("a")).build().toByteArray();
    byte[] b = RecordBatchBuilder.create(1).compression(Compression.GZIP).append(2, null, utf8("b")).build().toByteArray();
    byte[] both = new byte[a.length + b.length];
    System.arraycopy(a, 0, both, 0, a.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    List<Long> offsets = new ArrayList<>();
    for (RecordBatch batch : Records.wrap(both).batches()) {
      for (KafkaRecord r : batch) {
        offsets.add(r.offset());
      }
    }
    assertEquals(List.of(0L, 1L), offsets);
  }
}
