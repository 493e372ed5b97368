package io.kwire.runtime.records;

import static io.kwire.runtime.records.TestBatches.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.wire.KwireProtocolException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LegacyRecordsTest {

  private static List<KafkaRecord> readAll(Records records) {
    List<KafkaRecord> out = new ArrayList<>();
    for (RecordBatch batch : records.batches()) {
      batch.forEach(out::add);
    }
    return out;
  }

  @ParameterizedTest
  @CsvSource({"0,NONE", "0,GZIP", "0,SNAPPY", "0,LZ4", "1,NONE", "1,GZIP", "1,SNAPPY", "1,LZ4"})
  void roundTrip(byte magic, Compression compression) {
    LegacyRecordsBuilder builder = LegacyRecordsBuilder.create(magic, 500).compression(compression);
    for (int i = 0; i < 20; i++) {
      builder.append(1000 + i, i % 2 == 0 ? null : utf8("k" + i), i == 5 ? null : utf8("v" + i));
    }
    Records records = builder.build();
    List<KafkaRecord> read = readAll(records);
    assertEquals(20, read.size());
    for (int i = 0; i < 20; i++) {
      KafkaRecord r = read.get(i);
      assertEquals(500 + i, r.offset());
      assertEquals(magic == 0 ? -1 : 1000 + i, r.timestamp());
      assertArrayEquals(i % 2 == 0 ? null : utf8("k" + i), r.keyBytes());
      assertArrayEquals(i == 5 ? null : utf8("v" + i), r.valueBytes());
    }
    RecordBatch first = records.batches().iterator().next();
    assertEquals(magic, first.magic());
    assertEquals(500, first.baseOffset());
    assertEquals(compression == Compression.NONE ? 500 : 519, first.lastOffset());
  }

  @Test
  void logAppendTimeAppliesToInnerRecords() {
    Records records = LegacyRecordsBuilder.create((byte) 1, 0).compression(Compression.GZIP)
        .timestampType(TimestampType.LOG_APPEND_TIME, 777).append(1, null, utf8("a")).append(2, null, utf8("b")).build();
    for (KafkaRecord r : readAll(records)) {
      assertEquals(777, r.timestamp());
    }
    assertEquals(TimestampType.LOG_APPEND_TIME, records.batches().iterator().next().timestampType());
  }

  @Test
  void aMagicOneWrapperOffsetBelowItsLastInnerOffsetIsRefused() {
    // Three records: inner offsets 0..2, wrapper offset 12; the wrapper offset is outside the CRC.
    byte[] b = LegacyRecordsBuilder.create((byte) 1, 10).compression(Compression.GZIP)
        .append(1, null, utf8("a")).append(2, null, utf8("b")).append(3, null, utf8("c")).build().toByteArray();
    Bytes.putLong(b, 0, 1);
    KwireProtocolException e = assertThrows(KwireProtocolException.class, () -> readAll(Records.wrap(b)));
    assertTrue(e.getMessage().contains("wrapper offset 1 is below the last inner offset 2"), e.getMessage());
  }

  @Test
  void aMagicOneWrapperOffsetOfZeroMeansOffsetsNotAssignedYet() {
    byte[] b = LegacyRecordsBuilder.create((byte) 1, 10).compression(Compression.GZIP)
        .append(1, null, utf8("a")).append(2, null, utf8("b")).build().toByteArray();
    Bytes.putLong(b, 0, 0);
    List<KafkaRecord> read = readAll(Records.wrap(b));
    assertEquals(0, read.get(0).offset());
    assertEquals(1, read.get(1).offset());
  }

  @Test
  void corruptCrcNamesTheMessage() {
    byte[] b = LegacyRecordsBuilder.create((byte) 1, 9).append(1, null, utf8("value")).build().toByteArray();
    b[b.length - 1] ^= 1;
    KwireProtocolException e = assertThrows(KwireProtocolException.class, () -> readAll(Records.wrap(b)));
    assertTrue(e.getMessage().contains("magic 1 message at byte 0 (offset 9): CRC-32 mismatch"), e.getMessage());
  }

  @Test
  void valueLengthBeyondTheMessage() {
    byte[] b = LegacyRecordsBuilder.create((byte) 0, 0).append(1, null, utf8("value")).build().toByteArray();
    Bytes.putInt(b, 22, 1000); // value length of a magic 0 message with a null key
    KwireProtocolException e = assertThrows(KwireProtocolException.class, () -> readAll(Records.wrap(b)));
    assertTrue(e.getMessage().contains("value length 1000"), e.getMessage());
  }

  @Test
  void magicZeroHasNoTimestamp() {
    Records records = LegacyRecordsBuilder.create((byte) 0, 0).append(12345, null, null).build();
    KafkaRecord r = readAll(records).get(0);
    assertEquals(-1, r.timestamp());
    assertNull(r.valueBytes());
    assertEquals(TimestampType.NO_TIMESTAMP_TYPE, records.batches().iterator().next().timestampType());
  }
}
