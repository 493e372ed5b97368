package io.kwire.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Frames, header versions and the registry, with a hand-written one-field codec standing in for generated ones. */
class FramesAndRegistryTest {
  /** A message of one int32, flexible from v1, with the given key and type. */
  record Ping(int value) {}

  static class PingCodec implements ApiMessageCodec<Ping> {
    private final MessageDescriptor descriptor;

    PingCodec(int apiKey, MessageType type) {
      descriptor = MessageDescriptor.of("Ping" + type, type, apiKey, VersionRange.of(0, 1), VersionRange.from(1),
          StructDescriptor.of("Ping", FieldDescriptor.of("Value", "value", "int32", VersionRange.ALL)));
    }

    @Override
    public MessageDescriptor descriptor() {
      return descriptor;
    }

    @Override
    public Class<Ping> messageType() {
      return Ping.class;
    }

    @Override
    public int size(Ping message, short version) {
      return version >= 1 ? 5 : 4;
    }

    @Override
    public void write(Ping message, short version, WireWriter out) {
      out.writeInt32(message.value());
      if (version >= 1) {
        out.writeUnsignedVarint(0);
      }
    }

    @Override
    public Ping read(WireReader in, short version) {
      Ping p = new Ping(in.readInt32());
      if (version >= 1) {
        in.skipTaggedSection();
      }
      return p;
    }
  }

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
    assertEquals("unknown api key 288",
        assertThrows(KwireProtocolException.class, () -> Frames.decodeRequest(unknownKey, registry)).reason());
    byte[] badVersion = good.clone();
    badVersion[7] = 9;
    assertEquals("PingREQUEST has no version 9",
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
  void twoCodecsForOneApiKeyAndTypeAreRefused() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> KwireRegistry.of(
        new PingCodec(20000, MessageType.REQUEST), new PingCodec(20000, MessageType.REQUEST) {}));
    assertTrue(e.getMessage().startsWith("two codecs claim"), e.getMessage());
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
