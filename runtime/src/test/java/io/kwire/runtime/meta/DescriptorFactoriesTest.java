package io.kwire.runtime.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The factories generated code builds descriptors with: defaults, and one attribute per {@code with*}. */
class DescriptorFactoriesTest {
  private static final VersionRange V3_PLUS = VersionRange.from(3);
  private static final StructDescriptor PART = StructDescriptor.of("Part");

  @Test
  void aFieldStartsAtEveryDefault() {
    FieldDescriptor f = FieldDescriptor.of("Name", "name", "string", V3_PLUS);
    assertEquals(new FieldDescriptor("Name", "name", "string", V3_PLUS, VersionRange.NONE, OptionalInt.empty(),
        VersionRange.NONE, false, "", false, Optional.empty(), false, "unknown", null, false), f);
    assertFalse(f.isTagged());
    assertEquals(VersionRange.parse("2+"), f.flexibleVersionsOr(VersionRange.parse("2+")));
  }

  @Test
  void eachWitherSetsItsAttributeOnly() {
    FieldDescriptor f = FieldDescriptor.of("Name", "name", "[]Part", V3_PLUS)
        .withNullableVersions(VersionRange.of(4, 5))
        .withTag(7, VersionRange.from(6))
        .withIgnorable()
        .withDefaultValue("null")
        .withMapKey()
        .withFlexibleVersions(VersionRange.NONE)
        .withZeroCopy()
        .withEntityType("topicName")
        .withStruct(PART);
    assertEquals(new FieldDescriptor("Name", "name", "[]Part", V3_PLUS, VersionRange.of(4, 5), OptionalInt.of(7),
        VersionRange.from(6), true, "null", true, Optional.of(VersionRange.NONE), true, "topicName", PART, false), f);
    assertTrue(f.isTagged());
    assertEquals(VersionRange.NONE, f.flexibleVersionsOr(V3_PLUS));
  }

  @Test
  void tagAndFlexibleVersionsAreNeverNull() {
    assertThrows(NullPointerException.class, () -> new FieldDescriptor("A", "a", "int8", V3_PLUS, VersionRange.NONE,
        null, VersionRange.NONE, false, "", false, Optional.empty(), false, "unknown", null, false));
    assertThrows(NullPointerException.class, () -> new FieldDescriptor("A", "a", "int8", V3_PLUS, VersionRange.NONE,
        OptionalInt.empty(), VersionRange.NONE, false, "", false, null, false, "unknown", null, false));
  }

  @Test
  void aMessageStartsAtItsDefaultsAndWithersSetTheRest() {
    StructDescriptor body = StructDescriptor.of("Ping", FieldDescriptor.of("Value", "value", "int32", VersionRange.ALL));
    MessageDescriptor plain = MessageDescriptor.of("Ping", MessageType.DATA, -1, VersionRange.of(0, 2), VersionRange.NONE, body);
    assertEquals(new MessageDescriptor("Ping", MessageType.DATA, (short) -1, VersionRange.of(0, 2), VersionRange.NONE,
        VersionRange.NONE, false, List.of(), body), plain);
    assertFalse(plain.hasApiKey());
    MessageDescriptor full = MessageDescriptor.of("PingRequest", MessageType.REQUEST, 32767, VersionRange.of(0, 2),
        VersionRange.from(1), body).withDeprecatedVersions(VersionRange.of(0, 0)).withLatestVersionUnstable()
        .withListeners(Listener.BROKER, Listener.CONTROLLER);
    assertEquals(new MessageDescriptor("PingRequest", MessageType.REQUEST, Short.MAX_VALUE, VersionRange.of(0, 2),
        VersionRange.from(1), VersionRange.of(0, 0), true, List.of(Listener.BROKER, Listener.CONTROLLER), body), full);
    assertThrows(IllegalArgumentException.class,
        () -> MessageDescriptor.of("X", MessageType.REQUEST, 32768, VersionRange.ALL, VersionRange.NONE, body));
  }

  @Test
  void fromIsKafkasPlusSyntax() {
    assertEquals(VersionRange.parse("3+"), V3_PLUS);
    assertEquals("3+", V3_PLUS.toString());
  }
}
