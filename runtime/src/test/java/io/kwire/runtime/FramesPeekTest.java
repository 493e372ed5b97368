package io.kwire.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Frames.peekRequest and peekResponse: routing fields of any frame, body untouched, size checked. */
class FramesPeekTest {
  private static byte[] bytes(String hex) {
    return HexFormat.of().parseHex(hex);
  }

  private static String reason(Runnable call) {
    return assertThrows(KwireProtocolException.class, call::run).reason();
  }

  @Test
  void aRequestOfAnUnknownApiIsPeekedWithoutDecodingItsBody() {
    // key 0x7fff, version 0x1234, correlation id 42, then a body no codec could read
    byte[] frame = bytes("0000000b" + "7fff" + "1234" + "0000002a" + "ffffff");
    RawRequestFrame raw = Frames.peekRequest(frame);
    assertEquals(0x7fff, raw.apiKey());
    assertEquals(0x1234, raw.apiVersion());
    assertEquals(42, raw.correlationId());
    assertSame(frame, raw.frame(), "the frame is forwarded as given, not copied");
    assertEquals("unknown api key 32767 (version 4660)",
        reason(() -> Frames.decodeRequest(frame, KwireRegistry.of())), "decoding it is still refused");
  }

  @Test
  void peekingAgreesWithDecodingForEveryRequestHeaderVersion() {
    PingCodec codec = new PingCodec(20000, MessageType.REQUEST);
    for (short version = 0; version <= 1; version++) {
      byte[] frame = Frames.encodeRequest(new RequestHeader((short) 20000, version, -7, "client"), codec, new Ping(5));
      RawRequestFrame raw = Frames.peekRequest(frame);
      DecodedRequest<Ping> decoded = Frames.decodeRequest(frame, codec);
      assertEquals(decoded.header().requestApiKey(), raw.apiKey());
      assertEquals(decoded.header().requestApiVersion(), raw.apiVersion());
      assertEquals(decoded.header().correlationId(), raw.correlationId());
    }
  }

  @Test
  void aResponseIsPeekedForItsCorrelationIdInBothHeaderVersions() {
    PingCodec codec = new PingCodec(30, MessageType.RESPONSE);
    for (short version = 0; version <= 1; version++) {
      byte[] frame = Frames.encodeResponse(new ResponseHeader(-123), codec, version, new Ping(2));
      RawResponseFrame raw = Frames.peekResponse(frame);
      assertEquals(-123, raw.correlationId());
      assertSame(frame, raw.frame());
    }
    assertEquals(9, Frames.peekResponse(bytes("00000004" + "00000009")).correlationId(), "an empty body is fine");
  }

  @Test
  void truncatedFramesAreRefused() {
    byte[] request = bytes("0000000b" + "7fff" + "1234" + "0000002a" + "ffffff");
    for (int length = 0; length < request.length; length++) {
      byte[] cut = Arrays.copyOf(request, length);
      assertThrows(KwireProtocolException.class, () -> Frames.peekRequest(cut), "cut to " + length);
    }
    assertEquals("request header needs 8 bytes for api key, version and correlation id, only 7 remain",
        reason(() -> Frames.peekRequest(bytes("00000007" + "7fff" + "1234" + "000000"))));
    assertEquals("frame size needs 4 bytes, only 2 given", reason(() -> Frames.peekResponse(bytes("0000"))));
    assertEquals("response header needs 4 bytes for the correlation id, only 3 remain",
        reason(() -> Frames.peekResponse(bytes("00000003" + "000000"))));
    assertEquals("frame size 8 does not match the 4 byte(s) that follow",
        reason(() -> Frames.peekResponse(bytes("00000008" + "00000001"))));
  }

  @Test
  void hostileSizePrefixesAreRefused() {
    byte[] negative = bytes("ffffffff" + "0000" + "0000" + "00000001");
    assertEquals("frame size -1 is negative", reason(() -> Frames.peekRequest(negative)));
    assertEquals("frame size -1 is negative", reason(() -> Frames.peekResponse(negative)));
    byte[] longer = bytes("0000000c" + "0000" + "0000" + "00000001");
    assertEquals("frame size 12 does not match the 8 byte(s) that follow", reason(() -> Frames.peekRequest(longer)));
    byte[] shorter = bytes("00000007" + "0000" + "0000" + "00000001");
    assertEquals("frame size 7 does not match the 8 byte(s) that follow", reason(() -> Frames.peekRequest(shorter)));
  }

  @Test
  void aSizeOverTheMaximumIsRefusedWhateverFollows() {
    byte[] huge = ByteBuffer.allocate(12).putInt(Integer.MAX_VALUE).putShort((short) 1).putShort((short) 1).putInt(1).array();
    assertEquals("frame size 2147483647 exceeds the maximum of 104857600", reason(() -> Frames.peekRequest(huge)));
    byte[] frame = bytes("00000010" + "0001" + "0002" + "00000003" + "0000000000000000");
    DecodeOptions small = DecodeOptions.STRICT.withMaxFrameSize(15);
    assertEquals("frame size 16 exceeds the maximum of 15", reason(() -> Frames.peekRequest(frame, small)));
    assertEquals("frame size 16 exceeds the maximum of 15", reason(() -> Frames.peekResponse(frame, small)));
    assertEquals(3, Frames.peekRequest(frame, DecodeOptions.STRICT.withMaxFrameSize(16)).correlationId());
  }
}
