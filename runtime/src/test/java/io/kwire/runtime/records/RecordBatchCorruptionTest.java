package io.kwire.runtime.records;

import static io.kwire.runtime.records.TestBatches.fixCrc;
import static io.kwire.runtime.records.TestBatches.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.wire.KwireProtocolException;
import java.util.Arrays;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Damaged or hostile batches: each must fail with a KwireProtocolException that says where and why. */
class RecordBatchCorruptionTest {

  private static byte[] sampleBatch() {
    return RecordBatchBuilder.create(42).append(1, utf8("key"), utf8("value"), new Header("h", utf8("x")))
        .append(2, null, utf8("second")).build().toByteArray();
  }

  /** Reads every batch and every record, as a consumer would. */
  private static void readAll(byte[] bytes, ReadOptions options) {
    for (RecordBatch batch : Records.wrap(bytes).batches(options)) {
      RecordCursor cursor = batch.cursor();
      while (cursor.next()) {
        cursor.record().headers();
      }
    }
  }

  private static KwireProtocolException fails(byte[] bytes) {
    return assertThrows(KwireProtocolException.class, () -> readAll(bytes, ReadOptions.DEFAULT));
  }

  private static void assertMentions(KwireProtocolException e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), () -> "'" + e.getMessage() + "' should mention '" + part + "'");
    }
  }

  @Test
  void corruptCrcNamesTheBatch() {
    byte[] b = sampleBatch();
    b[b.length - 3] ^= 0x10;
    KwireProtocolException e = fails(b);
    assertMentions(e, "CRC-32C mismatch", "base offset 42", "byte 0");
    assertEquals(0, e.offset());
  }

  @Test
  void corruptCrcInTheSecondBatchGivesItsPosition() {
    byte[] one = sampleBatch();
    byte[] two = Arrays.copyOf(one, one.length * 2);
    System.arraycopy(one, 0, two, one.length, one.length);
    two[two.length - 1] ^= 1;
    KwireProtocolException e = fails(two);
    assertEquals(one.length, e.offset());
    assertMentions(e, "byte " + one.length, "CRC-32C");
  }

  @Test
  void crcCheckCanBeTurnedOff() {
    byte[] b = sampleBatch();
    b[RecordBatchV2.CRC] ^= 1;
    readAll(b, ReadOptions.DEFAULT.withVerifyCrc(false));
  }

  @Test
  void truncatedBatch() {
    byte[] b = sampleBatch();
    KwireProtocolException e = fails(Arrays.copyOf(b, b.length - 1));
    assertMentions(e, "truncated", "byte 0");
  }

  @Test
  void truncatedTrailingBatchCanBeSkippedAsInAFetchResponse() {
    byte[] one = sampleBatch();
    byte[] partial = Arrays.copyOf(one, one.length + 20);
    System.arraycopy(one, 0, partial, one.length, 20);
    int batches = 0;
    for (RecordBatch ignored : Records.wrap(partial).batches(ReadOptions.DEFAULT.withSkipPartialTrailingBatch(true))) {
      batches++;
    }
    assertEquals(1, batches);
    assertMentions(fails(partial), "byte " + one.length, "truncated");
  }

  @Test
  void wrongMagic() {
    byte[] b = sampleBatch();
    b[RecordBatchV2.MAGIC] = 3;
    assertMentions(fails(b), "unsupported magic 3", "byte 0");
  }

  @Test
  void sizeFieldBelowTheHeader() {
    byte[] b = sampleBatch();
    Bytes.putInt(b, RecordBatchV2.LENGTH, 10);
    assertMentions(fails(b), "size field 10 is below the minimum");
  }

  @Test
  void hugeRecordCountFailsBeforeReadingRecords() {
    byte[] b = sampleBatch();
    Bytes.putInt(b, RecordBatchV2.RECORD_COUNT, Integer.MAX_VALUE);
    assertMentions(fails(fixCrc(b)), "claims 2147483647 records", "base offset 42");
  }

  @Test
  void hugeRecordCountInACompressedBatch() {
    byte[] b = RecordBatchBuilder.create(7).compression(Compression.GZIP).append(1, null, utf8("v")).build().toByteArray();
    Bytes.putInt(b, RecordBatchV2.RECORD_COUNT, 1_000_000_000);
    assertMentions(fails(fixCrc(b)), "claims 1000000000 records", "base offset 7");
  }

  @Test
  void negativeRecordCount() {
    byte[] b = sampleBatch();
    Bytes.putInt(b, RecordBatchV2.RECORD_COUNT, -1);
    assertMentions(fails(fixCrc(b)), "negative record count -1");
  }

  @Test
  void fewerRecordsThanClaimed() {
    byte[] b = sampleBatch();
    Bytes.putInt(b, RecordBatchV2.RECORD_COUNT, 3);
    assertMentions(fails(fixCrc(b)), "record 2 of 3", "truncated");
  }

  @Test
  void moreBytesThanClaimedRecords() {
    byte[] b = sampleBatch();
    Bytes.putInt(b, RecordBatchV2.RECORD_COUNT, 1);
    assertMentions(fails(fixCrc(b)), "after the last of 1 records");
  }

  @Test
  void recordLengthBeyondTheBatch() {
    byte[] b = sampleBatch();
    b[RecordBatchV2.HEADER_SIZE] = 0x7E; // zigzag 63: more than the record holds
    KwireProtocolException e = fails(fixCrc(b));
    assertMentions(e, "record 0 of 2");
  }

  @Test
  void nullHeaderKeyIsRejected() {
    byte[] b = RecordBatchBuilder.create(0).append(1, null, null, new Header("k", null)).build().toByteArray();
    // record: len, attrs, tsDelta, offDelta, key -1, value -1, count 1, then the header key length
    int headerKeyLength = RecordBatchV2.HEADER_SIZE + 7;
    assertEquals(2, b[headerKeyLength]); // zigzag 1
    b[headerKeyLength] = 1; // zigzag -1
    assertMentions(fails(fixCrc(b)), "null key length");
  }

  @Test
  void unknownCompressionCodec() {
    byte[] b = sampleBatch();
    Bytes.putShort(b, RecordBatchV2.ATTRIBUTES, (short) 6);
    assertMentions(fails(fixCrc(b)), "unknown compression codec id 6");
  }

  @Test
  void garbageCompressedPayload() {
    for (Compression c : new Compression[] {Compression.GZIP, Compression.SNAPPY, Compression.LZ4, Compression.ZSTD}) {
      byte[] b = TestBatches.rawV2((short) c.id(), 1, utf8("this is not compressed data at all"));
      assertMentions(fails(b), c + " records cannot be decompressed", "base offset 100");
    }
  }

  @Test
  void errorsAreLazyUntilTheRecordsAreRead() {
    byte[] b = sampleBatch();
    Bytes.putInt(b, RecordBatchV2.RECORD_COUNT, 3);
    RecordBatch batch = Records.wrap(fixCrc(b)).batches().iterator().next();
    RecordCursor cursor = batch.cursor();
    assertTrue(cursor.next());
    assertTrue(cursor.next());
    assertThrows(KwireProtocolException.class, cursor::next);
  }

  @Test
  void emptyRecordSetHasNoBatches() {
    assertFalse(Records.EMPTY.batches().iterator().hasNext());
  }

  static void forEachRecord(byte[] bytes, Consumer<KafkaRecord> action) {
    for (RecordBatch batch : Records.wrap(bytes).batches()) {
      batch.forEach(action);
    }
  }
}
