package io.kwire.runtime.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code readInt32s(n, same)}: an []int32 equal to the previous one is that list, anything else is read as usual. */
class WireReaderSharedInt32sTest {
  private static WireReader reader(int... values) {
    WireWriter out = new WireWriter(4 * values.length);
    for (int v : values) {
      out.writeInt32(v);
    }
    return new WireReader(out.toByteArray());
  }

  @Test
  void equalValuesGiveBackThePreviousList() {
    Int32List replicas = Int32List.of(3, 1, 2);
    WireReader in = reader(3, 1, 2, 9);
    assertSame(replicas, in.readInt32s(3, replicas));
    assertEquals(12, in.offset());
    assertEquals(9, in.readInt32());
  }

  @Test
  void differentValuesOrLengthsAreReadIntoANewList() {
    Int32List replicas = Int32List.of(3, 1, 2);
    for (int[] isr : new int[][] {{3, 1, 7}, {1, 3, 2}, {3, 1}, {3, 1, 2, 4}}) {
      WireReader in = reader(isr);
      Int32List read = in.readInt32s(isr.length, replicas);
      assertNotSame(replicas, read);
      assertEquals(Int32List.of(isr), read);
      assertEquals(4 * isr.length, in.offset());
    }
  }

  @Test
  void previousListsNotBackedByIntsOrAbsentAreNotShared() {
    List<Integer> boxed = List.of(3, 1, 2);
    Int32List read = reader(3, 1, 2).readInt32s(3, boxed);
    assertNotSame(boxed, read);
    assertEquals(boxed, read);
    assertEquals(Int32List.of(5), reader(5).readInt32s(1, null));
    assertEquals(0, reader().readInt32s(0, Int32List.of()).size());
  }

  @Test
  void aShortInputIsRefusedEvenWhenThePrefixMatches() {
    WireReader in = reader(3, 1);
    assertThrows(KwireProtocolException.class, () -> in.readInt32s(3, Int32List.of(3, 1, 2)));
  }
}
