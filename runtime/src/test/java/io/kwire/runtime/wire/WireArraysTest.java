package io.kwire.runtime.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Integer arrays written with their length in one call, as generated code writes them. */
class WireArraysTest {
  private static String hex(Consumer<WireWriter> write) {
    WireWriter out = new WireWriter(1);
    write.accept(out);
    return HexFormat.ofDelimiter(" ").formatHex(out.toByteArray());
  }

  private static byte[] bytes(Consumer<WireWriter> write) {
    WireWriter out = new WireWriter(1);
    write.accept(out);
    return out.toByteArray();
  }

  @Test
  void eachKindWritesItsLengthThenItsElements() {
    assertEquals("00 00 00 02 01 ff", hex(out -> out.writeInt8Array(Int8List.of((byte) 1, (byte) -1))));
    assertEquals("03 01 ff", hex(out -> out.writeCompactInt8Array(Int8List.of((byte) 1, (byte) -1))));
    assertEquals("00 00 00 01 01 02", hex(out -> out.writeInt16Array(Int16List.of((short) 258))));
    assertEquals("02 01 02", hex(out -> out.writeCompactInt16Array(List.of((short) 258))));
    assertEquals("00 00 00 02 00 00 00 07 ff ff ff ff", hex(out -> out.writeInt32Array(Int32List.of(7, -1))));
    assertEquals("03 00 00 00 07 ff ff ff ff", hex(out -> out.writeCompactInt32Array(List.of(7, -1))));
    assertEquals("00 00 00 01 00 00 00 00 00 00 00 09", hex(out -> out.writeInt64Array(List.of(9L))));
    assertEquals("02 00 00 00 00 00 00 00 09", hex(out -> out.writeCompactInt64Array(Int64List.of(9))));
    assertEquals("00 00 00 00", hex(out -> out.writeInt32Array(Int32List.of())));
    assertEquals("01", hex(out -> out.writeCompactInt32Array(List.of())));
  }

  @Test
  void sameBytesAsTheLengthAndTheElementsWrittenApart() {
    Random random = new Random(11);
    // 127 elements is the last one-byte compact length, 128 the first two-byte one.
    for (int n : new int[] {0, 1, 126, 127, 128, 300}) {
      int[] values = random.ints(n).toArray();
      List<Integer> boxed = new ArrayList<>(Arrays.stream(values).boxed().toList());
      for (List<Integer> list : List.of(Int32List.of(values), boxed)) {
        assertArrayEquals(bytes(out -> {
          out.writeUnsignedVarint(n + 1);
          out.writeInt32s(list);
        }), bytes(out -> out.writeCompactInt32Array(list)), "compact, " + n);
        assertArrayEquals(bytes(out -> {
          out.writeInt32(n);
          out.writeInt32s(list);
        }), bytes(out -> out.writeInt32Array(list)), "classic, " + n);
      }
    }
  }

  @Test
  void aWriterSizedExactlyIsNotGrown() {
    // codec.encode sizes the buffer exactly and hands it back when full: no spare reservation allowed.
    Int32List list = Int32List.of(new Random(3).ints(200).toArray());
    WireWriter compact = new WireWriter(WireSizes.unsignedVarint(201) + 800);
    byte[] before = compact.buffer();
    compact.writeCompactInt32Array(list);
    assertSame(before, compact.buffer());
    assertEquals(before.length, compact.position());
    WireWriter classic = new WireWriter(4 + 800);
    byte[] classicBefore = classic.buffer();
    classic.writeInt32Array(list);
    assertSame(classicBefore, classic.buffer());
    assertEquals(classicBefore.length, classic.position());
  }

  @Test
  void aNullElementIsRefused() {
    List<Long> withNull = Arrays.asList(1L, null);
    assertEquals("array[1] is null; array elements cannot be null",
        assertThrows(KwireEncodeException.class, () -> new WireWriter().writeCompactInt64Array(withNull)).getMessage());
  }
}
