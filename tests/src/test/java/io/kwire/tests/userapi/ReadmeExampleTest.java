package io.kwire.tests.userapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.tests.Hex;
import org.junit.jupiter.api.Test;

/** The README's example, line for line, so that it stays true. */
class ReadmeExampleTest {
  @Test
  void readmeExampleRuns() {
    EchoRequest request = new EchoRequestBuilder().greeting("hello").times(2).traceId("t-1").build();
    byte[] body = EchoRequestCodec.INSTANCE.encode(request, (short) 1);
    EchoRequest back = EchoRequestCodec.INSTANCE.decode(body, (short) 1);

    byte[] frame = Frames.encodeRequest(new RequestHeader((short) 10000, (short) 1, 42, "my-client"),
        EchoRequestCodec.INSTANCE, request);
    DecodedRequest<?> decoded = Frames.decodeRequest(frame, KwireRegistry.standard());

    assertEquals(request, back);
    assertEquals(request, decoded.body());
    assertEquals(Hex.of(Hex.bytes("06 68656c6c6f 00000002 01 00 04 04 742d31")), Hex.of(body));
  }
}
