package io.kwire.tests.differential;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.DefaultRecordBatch;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MutableRecordBatch;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.junit.jupiter.api.Test;

/** The hand-built empty batch of the minimal messages is the one Kafka writes, and Kafka accepts it. */
class EmptyRecordBatchTest {
  @Test
  void matchesKafkasEmptyBatchHeader() {
    ByteBuffer kafka = ByteBuffer.allocate(EmptyRecordBatch.SIZE);
    DefaultRecordBatch.writeEmptyHeader(kafka, RecordBatch.MAGIC_VALUE_V2, RecordBatch.NO_PRODUCER_ID,
        RecordBatch.NO_PRODUCER_EPOCH, RecordBatch.NO_SEQUENCE, 0L, 0L, 0, TimestampType.CREATE_TIME,
        RecordBatch.NO_TIMESTAMP, false, false);
    assertArrayEquals(kafka.array(), EmptyRecordBatch.bytes());
  }

  @Test
  void kafkaReadsItAsOneValidEmptyBatch() {
    MemoryRecords records = MemoryRecords.readableRecords(ByteBuffer.wrap(EmptyRecordBatch.bytes()));
    int batches = 0;
    for (MutableRecordBatch batch : records.batches()) {
      batch.ensureValid();
      assertEquals(0, batch.countOrNull());
      batches++;
    }
    assertEquals(1, batches);
  }
}
