package io.kwire.tests.differential;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * A RecordBatch v2 with no records: the 61-byte header alone, as Kafka writes an empty batch
 * (base offset 0, last offset delta 0, no timestamps, no producer).
 */
final class EmptyRecordBatch {
  static final int SIZE = 61;
  private static final int CRC_OFFSET = 17;
  private static final int ATTRIBUTES_OFFSET = 21;

  private EmptyRecordBatch() {}

  static byte[] bytes() {
    ByteBuffer b = ByteBuffer.allocate(SIZE);
    b.putLong(0L); // base offset
    b.putInt(SIZE - 12); // length: everything after the offset and this field
    b.putInt(0); // partition leader epoch
    b.put((byte) 2); // magic
    b.putInt(0); // crc, filled in below
    b.putShort((short) 0); // attributes
    b.putInt(0); // last offset delta
    b.putLong(-1L); // base timestamp
    b.putLong(-1L); // max timestamp
    b.putLong(-1L); // producer id
    b.putShort((short) -1); // producer epoch
    b.putInt(-1); // base sequence
    b.putInt(0); // record count
    CRC32C crc = new CRC32C();
    crc.update(b.array(), ATTRIBUTES_OFFSET, SIZE - ATTRIBUTES_OFFSET);
    b.putInt(CRC_OFFSET, (int) crc.getValue());
    return b.array();
  }
}
