package io.kwire.tests.hostile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.tests.Hex;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * What Kafka's readers accept and kwire's strict default refuses, accepted with
 * {@link DecodeOptions#LENIENT}: each input fails strict and decodes lenient, and what it decodes to
 * re-encodes to a canonical body that strict mode accepts.
 */
class LenientModeTest {
  private static final short V3 = 3;

  private static <T> T lenientOnly(MessageCodec<T> codec, short version, byte[] body) {
    assertThrows(KwireProtocolException.class, () -> codec.decode(body, version));
    T message = codec.decode(body, version, DecodeOptions.LENIENT);
    byte[] canonical = codec.encode(message, version);
    assertEquals(canonical.length, codec.size(message, version));
    codec.decode(canonical, version); // strict accepts the re-encoding
    return message;
  }

  @Test
  void trailingBytesAfterTheBody() {
    assertEquals("", lenientOnly(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("01 01 00 ff ff")).clientSoftwareName());
  }

  @Test
  void anyNegativeLengthIsNullWhereNullIsAllowed() {
    assertNull(lenientOnly(MetadataRequestCodec.INSTANCE, (short) 1, Hex.bytes("ff ff ff fe")).topics());
    // a compact count of 2^31 or more is a negative int to Kafka, hence null
    assertNull(lenientOnly(MetadataRequestCodec.INSTANCE, (short) 12, Hex.bytes("80 80 80 80 08 01 00 00")).topics());
    // still not where the version forbids null
    assertThrows(KwireProtocolException.class,
        () -> MetadataRequestCodec.INSTANCE.decode(Hex.bytes("ff ff ff fe"), (short) 0, DecodeOptions.LENIENT));
  }

  @Test
  void aBoolByteOfTwoIsTrue() {
    MetadataRequest m = lenientOnly(MetadataRequestCodec.INSTANCE, (short) 12, Hex.bytes("00 02 00 00"));
    assertTrue(m.allowAutoTopicCreation());
  }

  @Test
  void aFifthVarintByteWithBitsAbove32LosesThem() {
    // compact string length 2 written as 5 bytes with junk above bit 32: "82 80 80 80 70"
    ApiVersionsRequest r = lenientOnly(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("82 80 80 80 70 61 01 00"));
    assertEquals("a", r.clientSoftwareName());
  }

  @Test
  void malformedUtf8BecomesReplacementCharacters() {
    assertEquals("\uFFFD", lenientOnly(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("02 ff 01 00")).clientSoftwareName());
  }

  @Test
  void unsortedAndRepeatedUnknownTagsAreKeptSortedLastWins() {
    ApiVersionsRequest r = lenientOnly(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("01 01 03 05 01 aa 03 00 05 01 bb"));
    assertEquals(2, r.unknownTaggedFields().size());
    assertEquals(3, r.unknownTaggedFields().get(0).tag());
    assertEquals(5, r.unknownTaggedFields().get(1).tag());
    assertArrayEquals(new byte[] {(byte) 0xbb}, r.unknownTaggedFields().get(1).data());
  }

  @Test
  void aKnownTagWhoseDeclaredSizeIsWrongIsReadByItsValue() {
    // FetchRequest v12, ClusterId (tag 0) declared 5 bytes, holding compact "a" (2 bytes): Kafka ignores the size.
    FetchRequest f = lenientOnly(FetchRequestCodec.INSTANCE, (short) 12, withTopLevelTags("01 00 05 02 61"));
    assertEquals("a", f.clusterId());
  }

  @Test
  void aTagCountOf2To31OrMoreIsNoTags() {
    lenientOnly(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("01 01 80 80 80 80 08"));
  }

  @Test
  void limitsApplyInBothModes() {
    DecodeOptions small = DecodeOptions.LENIENT.withMaxArrayLength(2).withMaxTaggedFields(1);
    byte[] threeTopics = Hex.bytes("00000003 0001 61 0001 62 0001 63");
    assertEquals(3, MetadataRequestCodec.INSTANCE.decode(threeTopics, (short) 1).topics().size());
    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> MetadataRequestCodec.INSTANCE.decode(threeTopics, (short) 1, small));
    assertTrue(e.reason().contains("array of 3 element(s) exceeds the maximum of 2"), e.reason());
    KwireProtocolException tags = assertThrows(KwireProtocolException.class,
        () -> ApiVersionsRequestCodec.INSTANCE.decode(Hex.bytes("01 01 02 01 00 02 00"), V3, small));
    assertTrue(tags.reason().contains("tagged-field count 2 exceeds the maximum of 1"), tags.reason());
  }

  @Test
  void aFrameLargerThanTheMaximumIsRefusedFromItsSizePrefix() {
    byte[] frame = Hex.bytes("00000009 0012 0003 00000001 ffff 00"); // size prefix claims 9 of the 11 bytes
    DecodeOptions tiny = DecodeOptions.STRICT.withMaxFrameSize(8);
    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> Frames.decodeRequest(frame, KwireRegistry.standard(), tiny));
    assertEquals("frame size 9 exceeds the maximum of 8", e.reason());
    assertEquals("frame size 104857601 exceeds the maximum of 104857600", assertThrows(KwireProtocolException.class,
        () -> Frames.checkFrameSize(100 * 1024 * 1024 + 1, DecodeOptions.STRICT)).reason());
  }

  @Test
  void lenientFramesAcceptTrailingBytesAfterTheBody() {
    // ApiVersionsRequest v3 frame: header v2 (key 18, version 3, correlation 1, null client id, no tags),
    // body "01 01 00", then 2 stray bytes inside the frame.
    byte[] frame = Hex.bytes("00000010 0012 0003 00000001 ffff 00 01 01 00 ee ee");
    assertThrows(KwireProtocolException.class, () -> Frames.decodeRequest(frame, KwireRegistry.standard()));
    DecodedRequest<?> decoded = Frames.decodeRequest(frame, KwireRegistry.standard(), DecodeOptions.LENIENT);
    assertEquals(1, decoded.header().correlationId());
  }

  private static byte[] withTopLevelTags(String section) {
    FetchRequest empty = FetchRequestCodec.INSTANCE.newBuilder().build();
    byte[] body = FetchRequestCodec.INSTANCE.encode(empty, (short) 12);
    byte[] tags = Hex.bytes(section);
    byte[] out = Arrays.copyOf(body, body.length - 1 + tags.length);
    System.arraycopy(tags, 0, out, body.length - 1, tags.length);
    return out;
  }
}
