package io.kwire.runtime.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The wire primitives against byte sequences written down from Kafka's protocol rules. */
class WirePrimitivesTest {
  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replace(" ", ""));
  }

  private static String hex(byte[] b) {
    return HexFormat.ofDelimiter(" ").formatHex(b);
  }

  private static byte[] written(java.util.function.Consumer<WireWriter> write) {
    WireWriter out = new WireWriter(1);
    write.accept(out);
    return out.toByteArray();
  }

  @Test
  void primitiveArraysCheckCapacityThemselves() {
    // written() starts from a writer of minimum capacity: the arrays below do not fit without growing it.
    assertEquals("01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11",
        hex(written(out -> out.writeInt8s(Int8List.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17})))));
    assertEquals("00 01 " + "ff ff ".repeat(8) + "00 02",
        hex(written(out -> out.writeInt16s(java.util.List.of((short) 1, (short) -1, (short) -1, (short) -1, (short) -1,
            (short) -1, (short) -1, (short) -1, (short) -1, (short) 2)))));
    assertEquals("00 00 00 07 ".repeat(5).trim(), hex(written(out -> out.writeInt32s(Int32List.of(7, 7, 7, 7, 7)))));
    assertEquals("00 00 00 00 00 00 00 09 ".repeat(3).trim(), hex(written(out -> out.writeInt64s(Int64List.of(9, 9, 9)))));
    java.util.List<Integer> withNull = java.util.Arrays.asList(1, null);
    assertEquals("array[1] is null; array elements cannot be null",
        assertThrows(KwireEncodeException.class, () -> new WireWriter().writeInt32s(withNull)).getMessage());
  }

  @Test
  void unsignedVarintsAtTheirBoundaries() {
    int[] values = {0, 1, 127, 128, 16383, 16384, 2097151, 2097152, Integer.MAX_VALUE, -1};
    String[] bytes = {"00", "01", "7f", "80 01", "ff 7f", "80 80 01", "ff ff 7f", "80 80 80 01", "ff ff ff ff 07", "ff ff ff ff 0f"};
    for (int i = 0; i < values.length; i++) {
      int v = values[i];
      assertEquals(bytes[i], hex(written(out -> out.writeUnsignedVarint(v))), "value " + v);
      assertEquals(v, new WireReader(hex(bytes[i])).readUnsignedVarint());
      assertEquals(hex(bytes[i]).length, WireSizes.unsignedVarint(v));
    }
  }

  @Test
  void zigzagVarintsAndVarlongs() {
    assertEquals("00 01 02 03", hex(written(out -> {
      out.writeVarint(0);
      out.writeVarint(-1);
      out.writeVarint(1);
      out.writeVarint(-2);
    })));
    Random random = new Random(7);
    for (int i = 0; i < 1000; i++) {
      int v = random.nextInt();
      long l = random.nextLong() >> random.nextInt(64);
      byte[] b = written(out -> {
        out.writeVarint(v);
        out.writeVarlong(l);
      });
      WireReader in = new WireReader(b);
      assertEquals(v, in.readVarint());
      assertEquals(l, in.readVarlong());
      assertEquals(b.length, WireSizes.varint(v) + WireSizes.varlong(l));
    }
    assertEquals(Long.MIN_VALUE, new WireReader(written(out -> out.writeVarlong(Long.MIN_VALUE))).readVarlong());
  }

  @Test
  void overlongTruncatedAndOversizedVarintsAreRefused() {
    assertEquals("varint is longer than 5 bytes",
        assertThrows(KwireProtocolException.class, () -> new WireReader(hex("ff ff ff ff ff 01")).readUnsignedVarint()).reason());
    assertEquals("varint exceeds 32 bits",
        assertThrows(KwireProtocolException.class, () -> new WireReader(hex("ff ff ff ff 7f")).readUnsignedVarint()).reason());
    KwireProtocolException e = assertThrows(KwireProtocolException.class, () -> new WireReader(hex("80 80")).readUnsignedVarint());
    assertEquals("varint is truncated", e.reason());
    assertEquals(0, e.offset());
    assertEquals("varlong is longer than 10 bytes", assertThrows(KwireProtocolException.class,
        () -> new WireReader(hex("ff ff ff ff ff ff ff ff ff ff 01")).readVarlong()).reason());
  }

  @Test
  void stringsAreUtf8WithTheirLengthAndUnpairedSurrogatesBecomeQuestionMarks() {
    String text = "aé€😀";
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    assertEquals("00 0a " + hex(utf8), hex(written(out -> out.writeString(text))));
    assertEquals("0b " + hex(utf8), hex(written(out -> out.writeCompactString(text))));
    assertEquals(text, new WireReader(written(out -> out.writeCompactString(text))).readCompactString(false));
    String broken = "x\uD800y\uDC00";
    assertEquals(hex(broken.getBytes(StandardCharsets.UTF_8)), hex(written(out -> out.writeCompactString(broken))).substring(3));
    assertEquals(2 + utf8.length, WireSizes.string(text));
    assertEquals(1 + utf8.length, WireSizes.compactString(text));
  }

  @Test
  void asciiStringsUpToKafkasLimitTakeTheFastPathAndNonAsciiOnesDoNot() {
    String longest = "k".repeat(WireWriter.MAX_STRING_LENGTH);
    byte[] written = written(out -> out.writeString(longest));
    assertEquals(2 + WireWriter.MAX_STRING_LENGTH, written.length);
    assertEquals(longest, new WireReader(written).readString(false));
    // ASCII after a prefix already in the buffer, and a non-ASCII char at the very end
    String mixed = "topic-" + "\u00e9";
    byte[] two = written(out -> {
      out.writeCompactString("abc");
      out.writeCompactString(mixed);
    });
    assertEquals("04 61 62 63 09 " + hex(mixed.getBytes(StandardCharsets.UTF_8)), hex(two));
  }

  @Test
  void aWriterSizedExactlyIsFilledWithoutGrowing() {
    // codec.encode sizes the writer with size() and hands back its array when full: no write may
    // ask for more room than it uses, or the writer doubles and the array is copied once more.
    WireWriter out = new WireWriter(1 + 4 + 1 + 4 + 2);
    byte[] exact = out.buffer();
    out.writeUnsignedVarint(0);
    out.writeCompactString("abc");
    out.writeCompactString(null);
    out.writeString("é");
    out.writeInt16((short) 7);
    assertSame(exact, out.buffer());
    assertEquals(exact.length, out.position());
  }

  @Test
  void nullsHaveOneFormEachAndOtherNegativeLengthsAreErrors() {
    assertEquals("ff ff 00 ff ff ff ff 00", hex(written(out -> {
      out.writeString(null);
      out.writeCompactString(null);
      out.writeBytes((byte[]) null);
      out.writeCompactBytes((byte[]) null);
    })));
    assertNull(new WireReader(hex("ff ff")).readString(true));
    assertEquals("non-nullable string is null",
        assertThrows(KwireProtocolException.class, () -> new WireReader(hex("ff ff")).readString(false)).reason());
    assertEquals("negative string length -2",
        assertThrows(KwireProtocolException.class, () -> new WireReader(hex("ff fe")).readString(true)).reason());
    assertEquals("negative bytes length -5",
        assertThrows(KwireProtocolException.class, () -> new WireReader(hex("ff ff ff fb")).readBytes(true)).reason());
  }

  @Test
  void stringsLongerThanKafkasLimitAreRefusedBothWays() {
    String tooLong = "a".repeat(WireWriter.MAX_STRING_LENGTH + 1);
    assertThrows(KwireEncodeException.class, () -> new WireWriter().writeString(tooLong));
    assertEquals("string length 32768 exceeds the maximum of 32767",
        assertThrows(KwireProtocolException.class, () -> new WireReader(hex("81 80 02")).readCompactString(false)).reason());
  }

  @Test
  void lengthsAndCountsAreCheckedBeforeAllocating() {
    assertEquals("needs 100 byte(s), only 1 remain",
        assertThrows(KwireProtocolException.class, () -> new WireReader(hex("65 00")).readCompactBytes(false)).reason());
    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> new WireReader(hex("00 0f 42 40 00")).readArrayLength(false, 1));
    assertEquals("array of 1000000 element(s) needs at least 1000000 byte(s), only 1 remain", e.reason());
    assertEquals(0, e.offset());
    KwireProtocolException max = assertThrows(KwireProtocolException.class,
        () -> new WireReader(hex("7f ff ff ff 00")).readArrayLength(false, 1));
    assertEquals("array of 2147483647 element(s) exceeds the maximum of 1000000", max.reason());
    assertEquals(0, max.offset());
    assertEquals("array of 3 element(s) needs at least 12 byte(s), only 8 remain", assertThrows(KwireProtocolException.class,
        () -> new WireReader(hex("04 0000000000000000")).readCompactArrayLength(false, 4)).reason());
  }

  @Test
  void taggedFieldSizesArePatchedWhateverTheirLength() {
    for (int length : new int[] {0, 127, 128, 16383, 16384}) {
      byte[] value = new byte[length];
      java.util.Arrays.fill(value, (byte) 7);
      WireWriter out = new WireWriter(4);
      out.writeInt8((byte) 0x55);
      int mark = out.beginTaggedField(3);
      out.writeRaw(value);
      out.endTaggedField(mark);
      out.writeInt8((byte) 0x66);
      WireReader in = new WireReader(out.toByteArray());
      assertEquals(0x55, in.readInt8());
      assertEquals(3, in.readTag(-1));
      assertArrayEquals(value, in.readUnknownTaggedField());
      assertEquals(0x66, in.readInt8());
      assertEquals(0, in.remaining(), "length " + length);
    }
  }

  @Test
  void rewindDropsWhatWasWrittenAfterThePosition() {
    WireWriter out = new WireWriter();
    out.writeInt32(1);
    int mark = out.position();
    out.writeInt64(2);
    out.rewind(mark);
    out.writeInt8((byte) 3);
    assertEquals("00 00 00 01 03", hex(out.toByteArray()));
    assertThrows(IllegalArgumentException.class, () -> out.rewind(99));
  }
}
