package io.kwire.tests.frames;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsResponse.ApiVersion;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.ApiVersionNegotiation;
import io.kwire.runtime.ApiVersionsReply;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.tests.Hex;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ApiVersionsReply (the v0 fallback) and ApiVersionNegotiation on byte-exact frames. */
class ApiVersionNegotiationTest {
  /**
   * What a 4.4.0 broker answers an ApiVersions request of a version it lacks (correlation id 42):
   * response header v0, then the v0 body: UNSUPPORTED_VERSION, one api key, ApiVersions 0-5.
   */
  private static final String FALLBACK = "00000010 0000002a 0023 00000001 0012 0000 0005";
  /** A v3 answer (correlation id 7): no error, compact array of one key with its tag section, throttle 0, no tags. */
  private static final String V3_ANSWER = "00000013 00000007 0000 02 0012 0000 0005 00 00000000 00";

  @Test
  void theVersion0FallbackIsReadForAVersionKwireLacks() {
    ApiVersionsReply<ApiVersionsResponse> reply =
        ApiVersionsReply.decode(Hex.bytes(FALLBACK), ApiVersionsResponseCodec.INSTANCE, (short) 127);
    assertTrue(reply.fellBack());
    assertEquals(127, reply.requestedVersion());
    assertEquals(0, reply.bodyVersion());
    assertEquals(42, reply.header().correlationId());
    assertEquals(ApiVersionNegotiation.UNSUPPORTED_VERSION, reply.body().errorCode());
    assertEquals(List.of(new ApiVersion((short) 18, (short) 0, (short) 5, UnknownTaggedFields.EMPTY)), reply.body().apiKeys());

    ApiVersionNegotiation negotiation = negotiate(reply.body());
    assertEquals(5, negotiation.require(18));
    assertTrue(negotiation.highest(3).isEmpty(), "the fallback lists ApiVersions alone");
  }

  /** Versions kwire has, flexible (3) and not (1, 2): the v0 body fails to read at them, then reads at v0. */
  @Test
  void theVersion0FallbackIsReadForAVersionKwireHas() {
    for (short version : new short[] {1, 2, 3, 5}) {
      ApiVersionsReply<ApiVersionsResponse> reply =
          ApiVersionsReply.decode(Hex.bytes(FALLBACK), ApiVersionsResponseCodec.INSTANCE, version);
      assertTrue(reply.fellBack(), "v" + version);
      assertEquals(0, reply.bodyVersion());
      assertEquals(35, reply.body().errorCode());
    }
  }

  @Test
  void anAnswerAtTheRequestedVersionIsReadAtIt() {
    byte[] frame = Hex.bytes(V3_ANSWER);
    ApiVersionsResponse body = new ApiVersionsResponseBuilder()
        .apiKeys(List.of(new ApiVersion((short) 18, (short) 0, (short) 5, UnknownTaggedFields.EMPTY))).build();
    assertArrayEquals(frame, Frames.encodeResponse(new ResponseHeader(7), ApiVersionsResponseCodec.INSTANCE, (short) 3, body));

    ApiVersionsReply<ApiVersionsResponse> reply = ApiVersionsReply.decode(frame, ApiVersionsResponseCodec.INSTANCE, (short) 3);
    assertFalse(reply.fellBack());
    assertEquals(3, reply.bodyVersion());
    assertEquals(7, reply.header().correlationId());
    assertEquals(body, reply.body());
  }

  /** A broker answers at v0 only with UNSUPPORTED_VERSION; a v0 body without it is not taken for a fallback. */
  @Test
  void aVersion0BodyWithoutUnsupportedVersionIsRefused() {
    byte[] noError = Hex.bytes("00000010 0000002a 0000 00000001 0012 0000 0005");
    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> ApiVersionsReply.decode(noError, ApiVersionsResponseCodec.INSTANCE, (short) 3));
    assertEquals(1, e.getSuppressed().length, "the v0 attempt's failure rides along");
    assertTrue(e.getSuppressed()[0].getMessage().contains("UNSUPPORTED_VERSION"), e.getSuppressed()[0].getMessage());
    // Asked at v0, the same frame is simply a v0 answer.
    assertEquals(0, ApiVersionsReply.decode(noError, ApiVersionsResponseCodec.INSTANCE, (short) 0).body().errorCode());
  }

  @Test
  void framesThatReadNeitherWayAreMalformed() {
    byte[] truncated = Hex.bytes("0000000c 0000002a 0023 00000001 0012");
    assertThrows(KwireProtocolException.class,
        () -> ApiVersionsReply.decode(truncated, ApiVersionsResponseCodec.INSTANCE, (short) 127));
    KwireProtocolException both = assertThrows(KwireProtocolException.class,
        () -> ApiVersionsReply.decode(truncated, ApiVersionsResponseCodec.INSTANCE, (short) 3));
    assertEquals(1, both.getSuppressed().length);
    assertThrows(KwireProtocolException.class,
        () -> ApiVersionsReply.decode(Hex.bytes("00000004 0000002a"), ApiVersionsResponseCodec.INSTANCE, (short) 0));
  }

  @Test
  void onlyTheApiVersionsResponseCodecIsAccepted() {
    assertThrows(IllegalArgumentException.class,
        () -> ApiVersionsReply.decode(Hex.bytes(FALLBACK), MetadataResponseCodec.INSTANCE, (short) 0));
  }

  @Test
  void theHighestVersionBothSidesSupportPerApi() {
    ApiVersionNegotiation negotiation = ApiVersionNegotiation.of(List.of(
        new BrokerRange((short) 3, (short) 0, (short) 20),    // Metadata: the broker is newer than kwire (0-13)
        new BrokerRange((short) 0, (short) 3, (short) 9),     // Produce: kwire's range covers it
        new BrokerRange((short) 1, (short) 19, (short) 25),   // Fetch: no overlap with kwire's 0-18
        new BrokerRange((short) 2, (short) 5, (short) 4),     // ListOffsets: min above max, nothing
        new BrokerRange((short) 9999, (short) 0, (short) 3),  // an API kwire has no codec for
        new BrokerRange((short) 8, (short) 0, (short) 2),     // OffsetCommit, listed twice: the last wins
        new BrokerRange((short) 8, (short) 0, (short) 9)), KwireRegistry.standard());
    assertEquals(13, negotiation.require(3));
    assertEquals(9, negotiation.require(0));
    assertEquals(VersionRange.of(3, 9), negotiation.common(0));
    assertTrue(negotiation.highest(1).isEmpty());
    assertTrue(negotiation.highest(2).isEmpty());
    assertTrue(negotiation.highest(9999).isEmpty());
    assertTrue(negotiation.highest(18).isEmpty(), "not listed by the broker");
    assertEquals(9, negotiation.require(8));
    assertEquals(Map.of(0, (short) 9, 3, (short) 13, 8, (short) 9), negotiation.agreed());
    assertEquals(List.of(0, 1, 2, 3, 8, 9999), List.copyOf(negotiation.brokerRanges().keySet()));
    IllegalStateException none = assertThrows(IllegalStateException.class, () -> negotiation.require(1));
    assertEquals("no version of API key 1 is supported by both the broker (19-25) and kwire (0-18)", none.getMessage());
    assertEquals("no version of API key 18 is supported by both the broker (not listed) and kwire (0-5)",
        assertThrows(IllegalStateException.class, () -> negotiation.require(18)).getMessage());
  }

  /** kwire's side is what its registry can both encode as a request and decode as a response. */
  @Test
  void kwiresSideNeedsBothCodecs() {
    KwireRegistry partial = KwireRegistry.of(MetadataRequestCodec.INSTANCE, MetadataResponseCodec.INSTANCE,
        ProduceRequestCodec.INSTANCE);
    ApiVersionNegotiation negotiation = ApiVersionNegotiation.of(List.of(new BrokerRange((short) 3, (short) 0, (short) 13),
        new BrokerRange((short) 0, (short) 0, (short) 13)), partial);
    assertEquals(VersionRange.of(0, 13), negotiation.kwire(3));
    assertEquals(VersionRange.NONE, negotiation.kwire(0), "Produce's response codec is missing");
    assertEquals(13, negotiation.require(3));
    assertTrue(negotiation.highest(0).isEmpty());
  }

  private static ApiVersionNegotiation negotiate(ApiVersionsResponse response) {
    return ApiVersionNegotiation.of(response.apiKeys(), ApiVersion::apiKey, ApiVersion::minVersion, ApiVersion::maxVersion,
        KwireRegistry.standard());
  }
}
