package io.kwire.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.CodecClashException;
import io.kwire.runtime.wire.UnknownApiException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Building registries: clashes, deliberate replacement, and asking for keys nobody registered. */
class KwireRegistryTest {
  private final PingCodec pingRequest = new PingCodec(20000, MessageType.REQUEST);
  private final PingCodec pingResponse = new PingCodec(20000, MessageType.RESPONSE);
  private final PongCodec vendorRequest = new PongCodec(20000, MessageType.REQUEST);

  @Test
  void twoCodecsForOneApiKeyAndTypeAreRefusedNamingBoth() {
    CodecClashException e = assertThrows(CodecClashException.class,
        () -> KwireRegistry.of(pingRequest, vendorRequest));
    assertEquals("API key 20000 REQUEST", e.claim());
    assertEquals(List.of(PingCodec.class.getName(), PongCodec.class.getName()), e.codecClasses());
    assertTrue(e.getMessage().startsWith("two codecs claim API key 20000 REQUEST: io.kwire.runtime.PingCodec and "
        + "io.kwire.runtime.PongCodec; "), e.getMessage());
    assertTrue(e.getMessage().contains("replace("), e.getMessage());
  }

  @Test
  void twoCodecsForOneRecordAreRefused() {
    PingCodec otherKey = new PingCodec(20001, MessageType.REQUEST) {};
    CodecClashException e = assertThrows(CodecClashException.class, () -> KwireRegistry.of(pingRequest, otherKey));
    assertEquals("record " + Ping.class.getName(), e.claim());
    assertEquals(List.of(PingCodec.class.getName(), otherKey.getClass().getName()), e.codecClasses());
  }

  @Test
  void theSameCodecClassTwiceIsKeptOnce() {
    KwireRegistry registry = KwireRegistry.of(pingRequest, new PingCodec(20000, MessageType.REQUEST), pingResponse);
    assertEquals(List.of(pingRequest, pingResponse), registry.codecs());
    assertEquals(List.of(pingRequest, pingResponse), registry.apis());
  }

  @Test
  void aReplacementDisplacesTheCodecOfItsKeyAndTypeWhicheverCameFirst() {
    KwireRegistry after = KwireRegistry.builder().add(pingRequest).add(pingResponse).replace(vendorRequest).build();
    KwireRegistry before = KwireRegistry.builder().replace(vendorRequest).add(pingRequest).add(pingResponse).build();
    for (KwireRegistry registry : List.of(after, before)) {
      assertSame(vendorRequest, registry.request(20000));
      assertSame(pingResponse, registry.response(20000));
      assertEquals(List.of(vendorRequest, pingResponse), registry.codecs());
      assertSame(vendorRequest, registry.codecFor(Pong.class));
      assertSame(pingResponse, registry.codecFor(Ping.class));
    }
  }

  @Test
  void aReplacementDisplacesTheCodecOfItsRecord() {
    PingCodec otherKey = new PingCodec(20001, MessageType.REQUEST) {};
    KwireRegistry registry = KwireRegistry.builder().add(pingRequest).replace(otherKey).build();
    assertSame(otherKey, registry.codecFor(Ping.class));
    assertTrue(registry.findRequest(20000).isEmpty());
    assertSame(otherKey, registry.request(20001));
  }

  @Test
  void aReplacementWithNothingToDisplaceIsAdded() {
    KwireRegistry registry = KwireRegistry.builder().add(pingResponse).replace(vendorRequest).build();
    assertEquals(List.of(vendorRequest, pingResponse), registry.codecs());
  }

  @Test
  void twoReplacementsForOneKeyStillClash() {
    CodecClashException e = assertThrows(CodecClashException.class,
        () -> KwireRegistry.builder().replace(pingRequest).replace(vendorRequest).build());
    assertEquals(List.of(PingCodec.class.getName(), PongCodec.class.getName()), e.codecClasses());
  }

  @Test
  void anUnknownKeyIsReportedWithTheArtifactThatBringsKafkasApis() {
    KwireRegistry registry = KwireRegistry.of(pingRequest);
    UnknownApiException request = assertThrows(UnknownApiException.class, () -> registry.request(0));
    assertEquals(0, request.apiKey());
    assertEquals(MessageType.REQUEST, request.type());
    assertTrue(request.getMessage().startsWith("no REQUEST codec is registered for API key 0 (the registry holds 1 "),
        request.getMessage());
    assertTrue(request.getMessage().contains("kwire-messages"), request.getMessage());
    UnknownApiException response = assertThrows(UnknownApiException.class, () -> registry.response(20000));
    assertEquals(MessageType.RESPONSE, response.type());
    assertEquals(20000, response.apiKey());
    for (int key : new int[] {-1, 19999, 20001, 40000}) {
      assertThrows(UnknownApiException.class, () -> registry.request(key));
      assertTrue(registry.findRequest(key).isEmpty());
    }
  }

  @Test
  void findReturnsTheCodecOrNothing() {
    KwireRegistry registry = KwireRegistry.of(pingRequest);
    assertSame(pingRequest, registry.findRequest(20000).orElseThrow());
    assertFalse(registry.findResponse(20000).isPresent());
    assertTrue(registry.findRequest(0).isEmpty());
  }

  @Test
  void withoutKwireMessagesTheStandardRegistryIsEmptyAndSaysWhy() {
    // The runtime's own test class path registers no codec: the situation of a user who forgot kwire-messages.
    KwireRegistry standard = KwireRegistry.standard();
    assertEquals(List.of(), standard.apis());
    UnknownApiException e = assertThrows(UnknownApiException.class, () -> standard.request(0));
    assertTrue(e.getMessage().contains("(the registry holds 0 request and response codecs)"), e.getMessage());
    assertTrue(e.getMessage().contains("kwire-messages"), e.getMessage());
    assertTrue(standard.findResponse(18).isEmpty());
  }
}
