package io.kwire.tests.frames;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.RawResponseFrame;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.tests.differential.MessageFactory;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * Over every API of the standard registry: a version outside a codec's range, or an unknown api key,
 * is refused naming key and version; peeking a frame gives what decoding it gives, for every version.
 */
class RawPassThroughTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  /** Size prefix, key, version, correlation id, and nothing else: enough to be refused or peeked. */
  private static byte[] bareRequest(short apiKey, short version) {
    return ByteBuffer.allocate(12).putInt(8).putShort(apiKey).putShort(version).putInt(7).array();
  }

  @Test
  void versionsOutsideEveryCodecsRangeAreRefusedNamingKeyAndVersion() {
    for (ApiMessageCodec<?> codec : REGISTRY.apis()) {
      if (codec.descriptor().type() != MessageType.REQUEST) {
        continue;
      }
      VersionRange valid = codec.descriptor().validVersions();
      short above = (short) (valid.highest() + 1);
      String reason = assertThrows(KwireProtocolException.class,
          () -> Frames.decodeRequest(bareRequest(codec.apiKey(), above), REGISTRY)).reason();
      assertEquals(codec.descriptor().name() + " (api key " + codec.apiKey() + ") has no version " + above
          + " (valid versions: " + valid + ")", reason);
      assertEquals(above, Frames.peekRequest(bareRequest(codec.apiKey(), above)).apiVersion(), "yet it can be peeked");
    }
    assertEquals("unknown api key 32767 (version 3)", assertThrows(KwireProtocolException.class,
        () -> Frames.decodeRequest(bareRequest((short) 32767, (short) 3), REGISTRY)).reason());
    assertEquals("unknown api key -1 (version -1)", assertThrows(KwireProtocolException.class,
        () -> Frames.decodeRequest(bareRequest((short) -1, (short) -1), REGISTRY)).reason());
  }

  @Test
  void peekingEveryApiAndVersionAgreesWithDecoding() {
    int frames = 0;
    for (ApiMessageCodec<?> codec : REGISTRY.apis()) {
      VersionRange valid = codec.descriptor().validVersions();
      for (int v = valid.lowest(); v <= valid.highest(); v++) {
        frames += peekAndDecode(codec, (short) v);
      }
    }
    assertEquals(true, frames > 500, "every api and version of both types, found " + frames);
  }

  private static <T> int peekAndDecode(ApiMessageCodec<T> codec, short version) {
    T body = MessageFactory.random(codec, version, codec.apiKey() * 1000L + version);
    int correlationId = codec.apiKey() * -7919 + version;
    if (codec.descriptor().type() == MessageType.REQUEST) {
      byte[] frame = Frames.encodeRequest(new RequestHeader(codec.apiKey(), version, correlationId,
          codec.headerVersion(version) == 0 ? "" : "c"), codec, body);
      RawRequestFrame raw = Frames.peekRequest(frame);
      DecodedRequest<T> decoded = Frames.decodeRequest(frame, codec);
      assertEquals(decoded.header().requestApiKey(), raw.apiKey());
      assertEquals(decoded.header().requestApiVersion(), raw.apiVersion());
      assertEquals(decoded.header().correlationId(), raw.correlationId());
      assertSame(frame, raw.frame());
    } else {
      byte[] frame = Frames.encodeResponse(new ResponseHeader(correlationId), codec, version, body);
      RawResponseFrame raw = Frames.peekResponse(frame);
      assertEquals(Frames.decodeResponse(frame, codec, version).header().correlationId(), raw.correlationId());
    }
    return 1;
  }
}
