package io.kwire.tests.hostile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import io.kwire.tests.Hex;
import org.junit.jupiter.api.Test;

/**
 * Finding 1 of issue 10: an unknown tag of 2147483647 (Kafka's readers accept it) decoded, then the
 * writer took it for its "no more known tags" marker and wrote the count without the field, so
 * {@code size()} disagreed with the bytes written.
 */
class MaxTagReencodeTest {
  @Test
  void aBodyWithTagIntMaxReencodesToTheSameBytes() {
    // ApiVersionsRequest v3: two empty compact strings, then 1 tagged field: tag 2^31-1, size 0.
    byte[] body = Hex.bytes("01 01 01 ffffffff07 00");
    ApiVersionsRequest request = ApiVersionsRequestCodec.INSTANCE.decode(body, (short) 3);
    assertEquals(body.length, ApiVersionsRequestCodec.INSTANCE.size(request, (short) 3));
    assertArrayEquals(body, ApiVersionsRequestCodec.INSTANCE.encode(request, (short) 3));
  }

  @Test
  void aRequestHeaderWithTagIntMaxReencodesToTheSameBytes() {
    // RequestHeader v2: api key 18, version 3, correlation id 7, null client id, tag 2^31-1 with 1 byte.
    byte[] header = Hex.bytes("0012 0003 00000007 ffff 01 ffffffff07 01 2a");
    RequestHeader decoded = RequestHeaderCodec.INSTANCE.read(new WireReader(header), (short) 2);
    assertEquals(header.length, RequestHeaderCodec.INSTANCE.size(decoded, (short) 2));
    WireWriter out = new WireWriter();
    RequestHeaderCodec.INSTANCE.write(decoded, (short) 2, out);
    assertArrayEquals(header, out.toByteArray());
  }
}
