package io.kwire.runtime.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unknown tagged fields kept as their section's bytes read back as the fields they hold. */
class UnknownTaggedFieldsSectionTest {
  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replace(" ", ""));
  }

  private static UnknownTaggedFields section(String hexFields, int count) {
    byte[] b = hex("ffff" + hexFields.replace(" ", "") + "ffff"); // an offset and trailing bytes, as in a frame
    return UnknownTaggedFields.ofSection(b, 2, b.length - 4, count);
  }

  @Test
  void smallAndLargeSectionsReadAsTheirFields() {
    byte[] big = new byte[300];
    big[0] = 7;
    String bigHex = "05 ac02" + HexFormat.of().formatHex(big); // tag 5, size 300
    for (Object[] c : new Object[][] {
        {"03 01 2a", 1, List.of(new RawTaggedField(3, new byte[] {42}))},
        {"00 00 01 02 0102", 2, List.of(new RawTaggedField(0, new byte[0]), new RawTaggedField(1, new byte[] {1, 2}))},
        {"01 03 aabbcc 02 00", 2, List.of(new RawTaggedField(1, hex("aabbcc")), new RawTaggedField(2, new byte[0]))},
        {"ff01 00", 1, List.of(new RawTaggedField(255, new byte[0]))},
        {bigHex, 1, List.of(new RawTaggedField(5, big))}}) {
      UnknownTaggedFields u = section((String) c[0], (Integer) c[1]);
      assertEquals(c[2], u.fields(), (String) c[0]);
      assertEquals(c[1], u.size());
      assertEquals(UnknownTaggedFields.of(u.fields()), u);
      assertEquals(UnknownTaggedFields.of(u.fields()).hashCode(), u.hashCode());
      WireWriter w = new WireWriter();
      w.writeTaggedSection(u);
      assertArrayEquals(hex(Integer.toHexString(0x100 | (Integer) c[1]).substring(1) + ((String) c[0]).replace(" ", "")),
          w.toByteArray(), (String) c[0]);
    }
  }

  @Test
  void oneEmptyFieldIsSharedPerTag() {
    assertSame(section("07 00", 1), section("07 00", 1));
    assertEquals(List.of(new RawTaggedField(7, new byte[0])), section("07 00", 1).fields());
    UnknownTaggedFields.Builder b = new UnknownTaggedFields.Builder();
    b.add(7, new byte[0]);
    assertSame(section("07 00", 1), b.build());
    assertSame(UnknownTaggedFields.EMPTY, section("", 0));
  }

  @Test
  void malformedSectionsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> section("02 00 01 00", 2)); // descending
    assertThrows(IllegalArgumentException.class, () -> section("01 00 01 00", 2)); // repeated
    assertThrows(IllegalArgumentException.class, () -> section("01 05 00", 1)); // size beyond the bytes
    assertThrows(IllegalArgumentException.class, () -> section("01 00 00", 1)); // a byte left over
    assertThrows(IllegalArgumentException.class, () -> section("01 00", 2)); // too few fields
    assertThrows(IllegalArgumentException.class, () -> section("8080808080 00", 1)); // varint of 6 bytes
    assertThrows(IllegalArgumentException.class, () -> UnknownTaggedFields.ofSection(new byte[2], 1, 2, 1));
  }

  @Test
  void aLenientReaderSortsAndKeepsTheLastOfARepeatedTag() {
    // count 4: tag 9 (1 byte), tag 2 (empty), tag 9 again (2 bytes), tag 4 (1 byte)
    byte[] b = hex("04 09 01 aa 02 00 09 02 bbcc 04 01 dd");
    for (int round = 0; round < 2; round++) { // the second section reuses the reader's scratch
      WireReader in = new WireReader(b, 0, b.length, DecodeOptions.LENIENT);
      UnknownTaggedFields u = in.readTaggedSection();
      assertEquals(List.of(new RawTaggedField(2, new byte[0]), new RawTaggedField(4, hex("dd")),
          new RawTaggedField(9, hex("bbcc"))), u.fields());
      assertEquals(b.length, in.offset());
    }
    UnknownTaggedFields.Builder builder = new UnknownTaggedFields.Builder();
    builder.add(9, hex("aa"));
    builder.add(2, new byte[0]);
    builder.add(9, hex("bbcc"));
    assertEquals(List.of(new RawTaggedField(2, new byte[0]), new RawTaggedField(9, hex("bbcc"))), builder.build().fields());
  }
}
