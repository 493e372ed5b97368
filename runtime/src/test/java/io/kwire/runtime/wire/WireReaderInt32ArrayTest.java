package io.kwire.runtime.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@code readCompactInt32Array} and {@code readInt32Array}: one call that reads what a count and
 * {@code readInt32s} read, with the same values, position, errors and offsets, on both sides of the
 * compact fast path (a one-byte count of 1 to 126 values that the input holds).
 */
class WireReaderInt32ArrayTest {
  private static final DecodeOptions[] MODES = {DecodeOptions.STRICT, DecodeOptions.LENIENT, DecodeOptions.STRICT.withMaxArrayLength(3)};

  /** A compact array of {@code n} values (n = -1: null), a trailing byte, cut to {@code keep} bytes (-1: all). */
  private static byte[] compact(int n, int keep) {
    WireWriter out = new WireWriter();
    out.writeUnsignedVarint(n + 1);
    for (int i = 0; i < n; i++) {
      out.writeInt32(i * 1_000_003 - 7);
    }
    out.writeInt8((byte) 42);
    byte[] all = out.toByteArray();
    return keep < 0 ? all : Arrays.copyOf(all, keep);
  }

  private static byte[] classic(int n, int keep) {
    WireWriter out = new WireWriter();
    out.writeInt32(n);
    for (int i = 0; i < n; i++) {
      out.writeInt32(-i);
    }
    out.writeInt8((byte) 42);
    byte[] all = out.toByteArray();
    return keep < 0 ? all : Arrays.copyOf(all, keep);
  }

  /** What a reader gives back, or the error it raises: reason, offset and where it stopped. */
  private static String outcome(byte[] bytes, DecodeOptions mode, Function<WireReader, List<Integer>> read) {
    WireReader in = new WireReader(bytes, 0, bytes.length, mode);
    try {
      List<Integer> values = read.apply(in);
      return values + " then offset " + in.offset();
    } catch (KwireProtocolException x) {
      return "error at " + x.offset() + ": " + x.reason() + " (reader at " + in.offset() + ")";
    }
  }

  private static List<Integer> twoCalls(WireReader in, boolean compact, boolean nullable) {
    int n = compact ? in.readCompactArrayLength(nullable, 4) : in.readArrayLength(nullable, 4);
    return n < 0 ? null : in.readInt32s(n);
  }

  private static List<byte[]> inputs(boolean compact) {
    List<byte[]> inputs = new ArrayList<>();
    for (int n : new int[] {-1, 0, 1, 2, 3, 4, 5, 6, 125, 126, 127, 128, 300}) {
      byte[] whole = compact ? compact(n, -1) : classic(n, -1);
      for (int keep = 0; keep <= whole.length; keep += keep < 24 || keep > whole.length - 8 ? 1 : 97) {
        inputs.add(Arrays.copyOf(whole, keep));
      }
    }
    inputs.add(new byte[] {(byte) 0x80}); // a truncated varint count
    inputs.add(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0x0f}); // a count of 2^32 - 1
    inputs.add(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xfe}); // classic -2
    return inputs;
  }

  @Test
  void oneCallReadsWhatTheCountAndTheValuesRead() {
    int compared = 0;
    for (DecodeOptions mode : MODES) {
      for (boolean nullable : new boolean[] {false, true}) {
        for (byte[] bytes : inputs(true)) {
          assertEquals(outcome(bytes, mode, in -> twoCalls(in, true, nullable)),
              outcome(bytes, mode, in -> in.readCompactInt32Array(nullable)), Arrays.toString(bytes));
          assertEquals(outcome(bytes, mode, in -> twoCalls(in, true, nullable)),
              outcome(bytes, mode, in -> in.readCompactInt32Array(nullable, Int32List.of(-7))), Arrays.toString(bytes));
          compared++;
        }
        for (byte[] bytes : inputs(false)) {
          assertEquals(outcome(bytes, mode, in -> twoCalls(in, false, nullable)),
              outcome(bytes, mode, in -> in.readInt32Array(nullable)), Arrays.toString(bytes));
          assertEquals(outcome(bytes, mode, in -> twoCalls(in, false, nullable)),
              outcome(bytes, mode, in -> in.readInt32Array(nullable, Int32List.of(0))), Arrays.toString(bytes));
          compared++;
        }
      }
    }
    assertTrue(compared > 500, "compared " + compared);
  }

  @Test
  void valuesAndBoundariesOfTheFastPath() {
    for (int n = 1; n <= 126; n++) {
      WireReader in = new WireReader(compact(n, -1));
      Int32List values = in.readCompactInt32Array(false);
      assertEquals(n, values.size());
      for (int i = 0; i < n; i++) {
        assertEquals(i * 1_000_003 - 7, values.getInt32(i));
      }
      assertEquals(1 + 4 * n, in.offset());
      assertEquals(42, in.readInt8());
    }
    // exactly the bytes the values need, and one fewer
    assertEquals(List.of(-7, 999_996, 1_999_999), new WireReader(compact(3, 13)).readCompactInt32Array(false));
    KwireProtocolException x = assertThrows(KwireProtocolException.class, () -> new WireReader(compact(3, 12)).readCompactInt32Array(false));
    assertEquals(0, x.offset());
    assertEquals("array of 3 element(s) needs at least 12 byte(s), only 11 remain", x.reason());
  }

  @Test
  void nullEmptyAndSharedLists() {
    assertNull(new WireReader(compact(-1, -1)).readCompactInt32Array(true));
    assertNull(new WireReader(classic(-1, -1)).readInt32Array(true));
    assertEquals("non-nullable array is null",
        assertThrows(KwireProtocolException.class, () -> new WireReader(compact(-1, -1)).readCompactInt32Array(false)).reason());
    assertSame(Int32List.of(), new WireReader(compact(0, -1)).readCompactInt32Array(false));
    Int32List previous = Int32List.of(-7, 999_996);
    assertSame(previous, new WireReader(compact(2, -1)).readCompactInt32Array(false, previous));
  }

  @Test
  void theMaximumArrayLengthHoldsOnTheFastPath() {
    DecodeOptions three = DecodeOptions.STRICT.withMaxArrayLength(3);
    byte[] four = compact(4, -1);
    assertEquals(3, new WireReader(compact(3, -1), 0, 14, three).readCompactInt32Array(false).size());
    KwireProtocolException x = assertThrows(KwireProtocolException.class,
        () -> new WireReader(four, 0, four.length, three).readCompactInt32Array(false));
    assertEquals(0, x.offset());
    assertEquals("array of 4 element(s) exceeds the maximum of 3", x.reason());
  }
}
