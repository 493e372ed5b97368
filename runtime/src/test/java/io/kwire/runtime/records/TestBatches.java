package io.kwire.runtime.records;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/** Helpers for tests that forge or damage batch bytes. */
final class TestBatches {
  private TestBatches() {}

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] bytes(Records r) {
    return r.toByteArray();
  }

  /** Rewrites a v2 batch's CRC so that a deliberate change elsewhere is seen, not the CRC. */
  static byte[] fixCrc(byte[] batch) {
    CRC32C crc = new CRC32C();
    crc.update(batch, RecordBatchV2.ATTRIBUTES, batch.length - RecordBatchV2.ATTRIBUTES);
    Bytes.putInt(batch, RecordBatchV2.CRC, (int) crc.getValue());
    return batch;
  }

  /** A v2 batch header with the given attributes and count over an arbitrary (e.g. compressed) payload. */
  static byte[] rawV2(short attributes, int count, byte[] payload) {
    byte[] b = new byte[RecordBatchV2.HEADER_SIZE + payload.length];
    Bytes.putLong(b, RecordBatchV2.BASE_OFFSET, 100);
    Bytes.putInt(b, RecordBatchV2.LENGTH, b.length - RecordBatchV2.LOG_OVERHEAD);
    Bytes.putInt(b, RecordBatchV2.PARTITION_LEADER_EPOCH, -1);
    b[RecordBatchV2.MAGIC] = 2;
    Bytes.putShort(b, RecordBatchV2.ATTRIBUTES, attributes);
    Bytes.putInt(b, RecordBatchV2.LAST_OFFSET_DELTA, Math.max(0, count - 1));
    Bytes.putLong(b, RecordBatchV2.PRODUCER_ID, -1);
    Bytes.putShort(b, RecordBatchV2.PRODUCER_EPOCH, (short) -1);
    Bytes.putInt(b, RecordBatchV2.BASE_SEQUENCE, -1);
    Bytes.putInt(b, RecordBatchV2.RECORD_COUNT, count);
    System.arraycopy(payload, 0, b, RecordBatchV2.HEADER_SIZE, payload.length);
    return fixCrc(b);
  }
}
