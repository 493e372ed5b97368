package io.kwire.tests.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.tests.Hex;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Each strict rule of the decoders (docs/reference.md, "Strict decoding"), one input that breaks it. */
class StrictRulesTest {
  private static final short V3 = 3;

  private static KwireProtocolException refused(MessageCodec<?> codec, short version, byte[] body, String reason) {
    KwireProtocolException e = assertThrows(KwireProtocolException.class, () -> codec.decode(body, version));
    assertTrue(e.reason().contains(reason), () -> "expected \"" + reason + "\" in: " + e.getMessage());
    return e;
  }

  @Test
  void aVarintLongerThanFiveBytes() {
    refused(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("81 80 80 80 80 00 01 00"), "varint is longer than 5 bytes");
  }

  @Test
  void aVarintWhoseFifthByteCarriesBitsAbove32() {
    refused(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("81 80 80 80 10 01 00"), "varint exceeds 32 bits");
  }

  @Test
  void aNegativeClassicLengthOtherThanMinusOne() {
    refused(MetadataRequestCodec.INSTANCE, (short) 1, Hex.bytes("ff ff ff fe"), "negative array length -2");
    refused(MetadataRequestCodec.INSTANCE, (short) 1, Hex.bytes("00000001 fffe"), "negative string length -2");
  }

  @Test
  void nullWhereTheVersionDoesNotAllowIt() {
    refused(MetadataRequestCodec.INSTANCE, (short) 0, Hex.bytes("ff ff ff ff"), "non-nullable array is null");
    refused(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("00 01 00"), "non-nullable string is null");
  }

  @Test
  void aBoolByteOtherThanZeroOrOne() {
    KwireProtocolException e = refused(MetadataRequestCodec.INSTANCE, (short) 12, Hex.bytes("00 02 00 00"), "bool byte 2");
    assertEquals(1, e.offset());
  }

  @Test
  void invalidUtf8() {
    refused(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("02 ff 01 00"), "not valid UTF-8");
    refused(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("03 c0 80 01 00"), "not valid UTF-8"); // overlong NUL
  }

  @Test
  void aRealReplacementCharacterIsValid() {
    assertEquals("\uFFFD", ApiVersionsRequestCodec.INSTANCE.decode(Hex.bytes("04 ef bf bd 01 00"), V3).clientSoftwareName());
  }

  @Test
  void aStringLongerThan32767Bytes() {
    byte[] body = new byte[3 + 32768 + 2];
    body[0] = (byte) 0x81; // compact length 32769, i.e. 32768 bytes
    body[1] = (byte) 0x80;
    body[2] = 0x02;
    Arrays.fill(body, 3, 3 + 32768, (byte) 'a');
    body[body.length - 2] = 1;
    refused(ApiVersionsRequestCodec.INSTANCE, V3, body, "string length 32768 exceeds the maximum of 32767");
  }

  @Test
  void tagsOutOfOrderOrRepeated() {
    refused(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("01 01 02 05 00 03 00"), "tags must be strictly ascending");
    refused(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("01 01 02 05 00 05 00"), "tags must be strictly ascending");
  }

  @Test
  void aKnownTagWhoseValueDoesNotFillItsDeclaredSize() {
    // FetchRequest v12: ClusterId (tag 0) declared as 2 bytes, holding the 1-byte empty compact string.
    refused(FetchRequestCodec.INSTANCE, (short) 12, withTopLevelTags(12, "01 00 02 01 00"), "byte(s) beyond its value");
  }

  @Test
  void aKnownTagInAFlexibleVersionOutsideItsTaggedVersions() {
    // FetchRequest v12 with tag 1, ReplicaState, which is tagged from version 15 only.
    refused(FetchRequestCodec.INSTANCE, (short) 12, withTopLevelTags(12, "01 01 00"),
        "tag 1 belongs to a field that is not tagged in version 12");
    // From version 15 the same tag is ReplicaState (size 0 cannot hold it, which is another error).
    refused(FetchRequestCodec.INSTANCE, (short) 15, withTopLevelTags(15, "01 01 00"), "needs");
  }

  @Test
  void bytesLeftAfterTheBody() {
    refused(ApiVersionsRequestCodec.INSTANCE, V3, Hex.bytes("01 01 00 00"), "1 byte(s) left after the end of the message");
  }

  /** A default FetchRequest body whose top-level tagged section (its last byte, a count of 0) is replaced. */
  private static byte[] withTopLevelTags(int version, String section) {
    FetchRequest empty = FetchRequestCodec.INSTANCE.newBuilder().build();
    byte[] body = FetchRequestCodec.INSTANCE.encode(empty, (short) version);
    assertEquals(0, body[body.length - 1]);
    byte[] tags = Hex.bytes(section);
    byte[] out = Arrays.copyOf(body, body.length - 1 + tags.length);
    System.arraycopy(tags, 0, out, body.length - 1, tags.length);
    return out;
  }
}
