package io.kwire.runtime.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.runtime.wire.KwireEncodeException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Offset gaps (a compacted log, down-converted) survive a legacy message set, plain or compressed. */
class LegacyAppendWithOffsetTest {
  @ParameterizedTest
  @CsvSource({"0,NONE", "0,GZIP", "1,NONE", "1,GZIP"})
  void gapsAreKept(byte magic, Compression compression) {
    Records set = LegacyRecordsBuilder.create(magic, 100).compression(compression)
        .appendWithOffset(100, 5, null, new byte[] {1})
        .appendWithOffset(103, 6, null, new byte[] {2})
        .append(7, null, new byte[] {3})
        .build();
    List<Long> offsets = new ArrayList<>();
    long lastEntryOffset = -1;
    for (RecordBatch b : set.batches()) {
      lastEntryOffset = b.lastOffset();
      for (KafkaRecord r : b) {
        offsets.add(r.offset());
      }
    }
    assertEquals(List.of(100L, 103L, 104L), offsets);
    assertEquals(104L, lastEntryOffset, "a wrapper carries its last inner offset");
  }

  @ParameterizedTest
  @CsvSource({"99", "100"})
  void offsetsMustRise(long offset) {
    LegacyRecordsBuilder b = LegacyRecordsBuilder.create((byte) 1, 100).appendWithOffset(100, 1, null, null);
    assertThrows(KwireEncodeException.class, () -> b.appendWithOffset(offset, 1, null, null));
  }
}
