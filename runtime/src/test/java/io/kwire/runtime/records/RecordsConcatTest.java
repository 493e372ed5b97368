package io.kwire.runtime.records;

import static io.kwire.runtime.records.TestBatches.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordsConcatTest {
  @Test
  void concatenatesBatchesInOrderAndTheyReadBackAsOneSet() {
    Records a = RecordBatchBuilder.create(0).append(10, utf8("k0"), utf8("v0")).append(11, null, utf8("v1")).build();
    Records b = RecordBatchBuilder.create(2).compression(Compression.GZIP).append(12, utf8("k2"), null).build();
    Records c = LegacyRecordsBuilder.create((byte) 1, 3).append(13, utf8("k3"), utf8("v3")).build();
    // A view into the middle of a larger array: only the viewed bytes are joined.
    byte[] padded = new byte[a.sizeInBytes() + 7];
    System.arraycopy(a.array(), a.arrayOffset(), padded, 5, a.sizeInBytes());
    Records aInside = Records.wrap(padded, 5, a.sizeInBytes());

    Records joined = Records.concat(aInside, b, c);

    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes(a.toByteArray());
    expected.writeBytes(b.toByteArray());
    expected.writeBytes(c.toByteArray());
    assertArrayEquals(expected.toByteArray(), joined.toByteArray());
    List<Long> offsets = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    for (RecordBatch batch : joined.batches()) {
      positions.add(batch.position());
      batch.forEach(r -> offsets.add(r.offset()));
    }
    assertEquals(List.of(0L, 1L, 2L, 3L), offsets);
    assertEquals(List.of(0, a.sizeInBytes(), a.sizeInBytes() + b.sizeInBytes()), positions);
  }

  @Test
  void emptyInputsGiveTheEmptySet() {
    assertSame(Records.EMPTY, Records.concat());
    assertSame(Records.EMPTY, Records.concat(List.of(Records.EMPTY, Records.wrap(new byte[0]))));
  }

  @Test
  void nullPartsAreRejected() {
    List<Records> parts = new ArrayList<>();
    parts.add(null);
    assertThrows(NullPointerException.class, () -> Records.concat(parts));
  }
}
