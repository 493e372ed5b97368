package io.kwire.tests.semantics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.RawTaggedField;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.runtime.wire.WireWriter;
import io.kwire.tests.Hex;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Kafka's version semantics as kwire's generated code applies them, byte by byte. */
class VersionSemanticsTest {
  private static final GadgetCodec CODEC = GadgetCodec.INSTANCE;

  @Test
  void fieldsAbsentFromTheVersionReadAsTheirDefaults() {
    Gadget g = CODEC.decode(Hex.bytes("0002 6869"), (short) 0);
    assertEquals(new GadgetBuilder().name("hi").build(), g);
    assertEquals(7, g.size());
    assertEquals(-1L, g.epoch());
    assertEquals(List.of(), g.labels());
  }

  @Test
  void aNonDefaultValueInAFieldTheVersionLacksIsAnErrorNamingMessageFieldAndVersion() {
    Gadget g = new GadgetBuilder().name("x").size(9).build();
    KwireEncodeException e = assertThrows(KwireEncodeException.class, () -> CODEC.encode(g, (short) 1));
    assertTrue(e.getMessage().startsWith("Gadget.size is not in version 1 and holds a non-default value"), e.getMessage());
  }

  @Test
  void anIgnorableFieldIsDroppedSilently() {
    Gadget g = new GadgetBuilder().name("x").hint(42L).build();
    assertEquals(Hex.of(Hex.bytes("02 78 00")), Hex.of(CODEC.encode(g, (short) 1)));
  }

  @Test
  void nullIsAcceptedOnlyInNullableVersions() {
    Gadget g = new GadgetBuilder().name(null).build();
    assertEquals(Hex.of(Hex.bytes("00 00")), Hex.of(CODEC.encode(g, (short) 1)));
    KwireEncodeException e = assertThrows(KwireEncodeException.class, () -> CODEC.encode(g, (short) 0));
    assertEquals("Gadget.name is null, but is not nullable in version 0", e.getMessage());
    KwireProtocolException p = assertThrows(KwireProtocolException.class, () -> CODEC.decode(Hex.bytes("ffff"), (short) 0));
    assertEquals("Gadget.name", p.fieldPath());
  }

  @Test
  void taggedFieldsAreWrittenOnlyWhenNotDefaultInTagOrderMergedWithUnknownOnes() {
    Gadget g = new GadgetBuilder().name("").epoch(5L).labels(List.of("a"))
        .unknownTaggedFields(UnknownTaggedFields.of(new RawTaggedField(3, new byte[] {9})))
        .build();
    // name, size 7, hint 0, then 3 tagged fields: 0 (epoch, 8 bytes), 1 (labels), 3 (unknown)
    byte[] expected = Hex.bytes("01 00000007 0000000000000000 03 00 08 0000000000000005 01 03 02 0261 03 01 09");
    assertArrayEquals(expected, CODEC.encode(g, (short) 2));
    assertEquals(g, CODEC.decode(expected, (short) 2));
    assertEquals(expected.length, CODEC.size(g, (short) 2));
    Gadget defaults = new GadgetBuilder().name("").build();
    assertArrayEquals(Hex.bytes("01 00000007 0000000000000000 00"), CODEC.encode(defaults, (short) 2));
  }

  @Test
  void aKnownTagOutsideItsTaggedVersionsIsRefusedAndAnUnknownOneSurvives() {
    // v1 tags only labels (tag 1); tag 0 is the epoch, tagged from v2: at v1 it is an error, as in
    // Kafka's readers (issue 10), not an unknown field.
    KwireProtocolException refused = assertThrows(KwireProtocolException.class,
        () -> CODEC.decode(Hex.bytes("01 01 00 08 0000000000000005"), (short) 1));
    assertEquals("tag 0 belongs to a field that is not tagged in version 1", refused.reason());
    // A tag no version knows (5) is kept, and written back.
    byte[] v1 = Hex.bytes("01 01 05 08 0000000000000005");
    Gadget g = CODEC.decode(v1, (short) 1);
    assertEquals(UnknownTaggedFields.of(new RawTaggedField(5, Hex.bytes("0000000000000005"))), g.unknownTaggedFields());
    assertArrayEquals(v1, CODEC.encode(g, (short) 1));
    // An unknown field carrying a known tag collides with the known field: refused, nothing written.
    Gadget clash = new GadgetBuilder().name("")
        .unknownTaggedFields(UnknownTaggedFields.of(new RawTaggedField(0, Hex.bytes("0000000000000005")))).build();
    WireWriter out = new WireWriter();
    out.writeInt32(0xCAFE);
    KwireEncodeException e = assertThrows(KwireEncodeException.class, () -> CODEC.write(clash, (short) 2, out));
    assertTrue(e.getMessage().contains("tag of a known field"), e.getMessage());
    assertEquals(4, out.position());
  }

  @Test
  void unknownTaggedFieldsCannotBeWrittenInAVersionWithoutTaggedFields() {
    Gadget g = new GadgetBuilder().name("")
        .unknownTaggedFields(UnknownTaggedFields.of(new RawTaggedField(5, new byte[0]))).build();
    KwireEncodeException e = assertThrows(KwireEncodeException.class, () -> CODEC.encode(g, (short) 0));
    assertEquals("Gadget holds unknown tagged fields, but version 0 has no tagged fields", e.getMessage());
  }

  @Test
  void aTaggedValueOfAHundredAndTwentyEightBytesOrMoreGetsATwoByteSize() {
    String big = "x".repeat(200);
    Gadget g = new GadgetBuilder().name("").labels(List.of(big)).build();
    byte[] bytes = CODEC.encode(g, (short) 1);
    // tag 1, size 203 = uvarint cb 01, then compact array (02), compact string (c9 01) and 200 bytes
    assertEquals("01 01 01 cb 01 02 c9 01 78", Hex.of(java.util.Arrays.copyOf(bytes, 9)));
    assertEquals(bytes.length, CODEC.size(g, (short) 1));
    assertEquals(g, CODEC.decode(bytes, (short) 1));
  }

  @Test
  void malformedTaggedSectionsAreRefused() {
    // tags out of order (5 and 3 are unknown at v1)
    assertProtocolError("01 02 05 00 03 00", "tag 3 follows tag 5: tags must be strictly ascending");
    // the same tag twice
    assertProtocolError("01 02 03 00 03 00", "tag 3 follows tag 3: tags must be strictly ascending");
    // a known tag whose value is shorter than its declared size: labels (tag 1) declares 3 bytes, uses 1
    assertProtocolError("01 01 01 03 01 00 00", "tagged field has 2 byte(s) beyond its value");
    // more fields claimed than bytes remain
    assertProtocolError("01 7f", "tagged-field count 127 exceeds what 0 remaining byte(s) can hold");
  }

  private static void assertProtocolError(String hex, String reason) {
    KwireProtocolException e = assertThrows(KwireProtocolException.class, () -> CODEC.decode(Hex.bytes(hex), (short) 1));
    assertEquals(reason, e.reason());
  }
}
