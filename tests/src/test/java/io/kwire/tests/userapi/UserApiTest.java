package io.kwire.tests.userapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.kwire.messages.CreatePartitionsRequestCodec;
import io.kwire.messages.CreatePartitionsResponseCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.tests.Hex;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A user's API (key 10000, {@link EchoRequest}/{@link EchoResponse}), compiled by the real processor,
 * is found by {@link KwireRegistry#standard()} next to Kafka's APIs and travels in frames.
 */
class UserApiTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  @Test
  void registryFindsTheUsersCodecsNextToKafkas() {
    assertSame(EchoRequestCodec.class, REGISTRY.request(10000).getClass());
    assertSame(EchoResponseCodec.class, REGISTRY.response(10000).getClass());
    assertSame(EchoRequestCodec.class, REGISTRY.codecFor(EchoRequest.class).getClass());
    assertSame(CreatePartitionsRequestCodec.class, REGISTRY.request(37).getClass());
    assertSame(CreatePartitionsResponseCodec.class, REGISTRY.response(37).getClass());
    assertEquals("EchoRequest", REGISTRY.request(10000).descriptor().name());
  }

  /** Version 1 is flexible: header v2 with client id and tag section; the trace id travels as tag 0. */
  @Test
  void flexibleRequestFrameHasTheExpectedBytes() {
    EchoRequest body = new EchoRequest("hi", 3, "t1", UnknownTaggedFields.EMPTY);
    byte[] frame = Frames.encodeRequest(new RequestHeader((short) 10000, (short) 1, 7, "c"), EchoRequestCodec.INSTANCE, body);
    String expected = "00000019" // size: 25 bytes follow
        + "2710" + "0001" + "00000007" + "000163" + "00" // header v2: key, version, correlation id, client id "c", no tags
        + "036869"                   // greeting "hi", compact
        + "00000003"                 // times
        + "01" + "00" + "03" + "037431"; // one tagged field: tag 0, 3 bytes, compact "t1"
    assertEquals(Hex.of(Hex.bytes(expected)), Hex.of(frame));
  }

  @ParameterizedTest(name = "version {0}")
  @ValueSource(shorts = {0, 1})
  void requestRoundTripsThroughAFrame(short version) {
    String traceId = version >= 1 ? "trace-42" : null;
    EchoRequest body = new EchoRequest("hello", 2, traceId, UnknownTaggedFields.EMPTY);
    RequestHeader header = new RequestHeader((short) 10000, version, 42, "user-client");
    byte[] frame = Frames.encodeRequest(header, EchoRequestCodec.INSTANCE, body);

    DecodedRequest<?> decoded = Frames.decodeRequest(frame, REGISTRY);

    assertEquals(header, decoded.header());
    assertEquals(body, decoded.body());
    assertSame(EchoRequestCodec.class, decoded.codec().getClass());
    assertArrayEquals(frame, Frames.encodeRequest(decoded.header(), EchoRequestCodec.INSTANCE, (EchoRequest) decoded.body()));
  }

  @ParameterizedTest(name = "version {0}")
  @ValueSource(shorts = {0, 1})
  void responseRoundTripsThroughAFrame(short version) {
    EchoResponse body = new EchoResponseBuilder()
        .echoes(List.of(new EchoResponse.Echo(0, "hello", UnknownTaggedFields.EMPTY),
            new EchoResponse.Echo(1, "hello", UnknownTaggedFields.EMPTY)))
        .build();
    byte[] frame = Frames.encodeResponse(new ResponseHeader(42), EchoResponseCodec.INSTANCE, version, body);

    DecodedResponse<EchoResponse> decoded = Frames.decodeResponse(frame, EchoResponseCodec.INSTANCE, version);

    assertEquals(new ResponseHeader(42), decoded.header());
    assertEquals(body, decoded.body());
  }
}
