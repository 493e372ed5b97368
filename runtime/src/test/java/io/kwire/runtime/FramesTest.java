package io.kwire.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireWriter;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Frames and header versions, with a hand-written one-field codec standing in for generated ones. */
class FramesTest {
  private static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  @Test
  void requestFramesCarryTheHeaderVersionKafkasRulePicks() {
    PingCodec request = new PingCodec(20000, MessageType.REQUEST);
    byte[] v0 = Frames.encodeRequest(new RequestHeader((short) 20000, (short) 0, 5, "c"), request, new Ping(9));
    assertEquals("0000000f" + "4e20" + "0000" + "00000005" + "000163" + "00000009", hex(v0));
    byte[] v1 = Frames.encodeRequest(new RequestHeader((short) 20000, (short) 1, 5, null), request, new Ping(9));
    assertEquals("00000010" + "4e20" + "0001" + "00000005" + "ffff" + "00" + "00000009" + "00", hex(v1));
    KwireRegistry registry = KwireRegistry.of(request);
    DecodedRequest<?> decoded = Frames.decodeRequest(v1, registry);
    assertEquals(new Ping(9), decoded.body());
    assertNull(decoded.header().clientId());
    assertSame(request, decoded.codec());
  }

  @Test
  void aRequestReadWithItsCodecIsTypedAndAForeignApiKeyIsRefused() {
    PingCodec request = new PingCodec(20000, MessageType.REQUEST);
    byte[] frame = Frames.encodeRequest(new RequestHeader((short) 20000, (short) 1, 7, "c"), request, new Ping(3));
    DecodedRequest<Ping> decoded = Frames.decodeRequest(frame, request);
    assertEquals(3, decoded.body().value());
    assertEquals(7, decoded.header().correlationId());
    PingCodec other = new PingCodec(20001, MessageType.REQUEST);
    assertEquals("api key 20000 is not PingREQUEST's 20001",
        assertThrows(KwireProtocolException.class, () -> Frames.decodeRequest(frame, other)).reason());
  }

  @Test
  void malformedFramesAreRefused() {
    PingCodec codec = new PingCodec(20000, MessageType.REQUEST);
    KwireRegistry registry = KwireRegistry.of(codec);
    byte[] good = Frames.encodeRequest(new RequestHeader((short) 20000, (short) 0, 5, ""), codec, new Ping(1));
    assertEquals("frame size 14 does not match the 13 byte(s) that follow",
        assertThrows(KwireProtocolException.class, () -> Frames.decodeRequest(java.util.Arrays.copyOf(good, good.length - 1), registry)).reason());
    byte[] unknownKey = good.clone();
    unknownKey[4] = 0x01; // key 0x0120
    assertEquals("unknown api key 288 (version 0)",
        assertThrows(KwireProtocolException.class, () -> Frames.decodeRequest(unknownKey, registry)).reason());
    assertEquals("unknown api key 20000 (version 0)",
        assertThrows(KwireProtocolException.class, () -> Frames.decodeRequest(good, KwireRegistry.of())).reason(),
        "a registry without the key still reports hostile input, not a missing artifact");
    byte[] badVersion = good.clone();
    badVersion[7] = 9;
    assertEquals("PingREQUEST (api key 20000) has no version 9 (valid versions: 0-1)",
        assertThrows(KwireProtocolException.class, () -> Frames.decodeRequest(badVersion, registry)).reason());
  }

  @Test
  void apiVersionsResponsesAlwaysUseHeaderV0() {
    PingCodec apiVersions = new PingCodec(HeaderVersions.API_VERSIONS_KEY, MessageType.RESPONSE);
    assertEquals(0, apiVersions.headerVersion((short) 1));
    PingCodec other = new PingCodec(30, MessageType.RESPONSE);
    assertEquals(1, other.headerVersion((short) 1));
    byte[] frame = Frames.encodeResponse(new ResponseHeader(3), other, (short) 1, new Ping(2));
    assertEquals("0000000a" + "00000003" + "00" + "00000002" + "00", hex(frame));
    assertEquals(new Ping(2), Frames.decodeResponse(frame, other, (short) 1).body());
  }

  @Test
  void encodingAnUnsupportedVersionWritesNothing() {
    PingCodec codec = new PingCodec(20000, MessageType.REQUEST);
    WireWriter out = new WireWriter();
    out.writeInt8((byte) 1);
    assertThrows(KwireEncodeException.class,
        () -> Frames.writeRequest(new RequestHeader((short) 20000, (short) 4, 1, ""), codec, new Ping(1), out));
    assertEquals(1, out.position());
  }
}
