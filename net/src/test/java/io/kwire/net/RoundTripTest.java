package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.DecodeOptions;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** {@link KwireClient#sendFrame}: a frame the caller encoded, its response frame undecoded, pipelined with typed sends. */
class RoundTripTest {
  private static final InetSocketAddress ANY = new InetSocketAddress("127.0.0.1", 0);

  private static KwireServer echo() {
    return KwireServer.builder().handle(EchoRequest.class, EchoResponse.class,
        (request, context) -> EchoResponse.of(request.text(), context.header().correlationId())).start(ANY);
  }

  private static byte[] echoFrame(short version, int correlationId, String text) {
    return Frames.encodeRequest(new RequestHeader((short) 1000, version, correlationId, "raw"),
        EchoRequestCodec.INSTANCE, EchoRequest.of(text, 0));
  }

  @Test
  void aFrameOfTheCallersGoesOutAsItIsAndItsResponseComesBackWhole() {
    try (KwireServer server = echo(); KwireClient client = KwireClient.connect(server.localAddress())) {
      CompletableFuture<byte[]> raw = client.sendFrame(echoFrame((short) 0, 777_777, "raw"));
      CompletableFuture<EchoResponse> typed = client.send(EchoRequest.of("typed", 0), EchoResponse.class);

      byte[] frame = raw.join();
      assertEquals(frame.length - 4, ByteBuffer.wrap(frame).getInt(), "the size prefix is kept");
      EchoResponse response = Frames.decodeResponse(frame, EchoResponseCodec.INSTANCE, (short) 0).body();
      assertEquals("raw", response.text());
      assertEquals(777_777, response.sequence(), "the server saw the caller's correlation id");
      assertEquals(777_777, Frames.peekResponse(frame, DecodeOptions.STRICT).correlationId());
      assertEquals("typed", typed.join().text(), "a typed send after it is matched as usual");
    }
  }

  @Test
  void aFrameTheServerRefusesFailsWithTheConnection() {
    try (KwireServer server = echo(); KwireClient client = KwireClient.connect(server.localAddress())) {
      byte[] frame = echoFrame((short) 1, 5, "v9");
      ByteBuffer.wrap(frame).putShort(6, (short) 9); // a version the server does not serve: it closes

      CompletionExceptionAssert.causedBy(KwireConnectionException.class, client.sendFrame(frame));
      ServerClientTest.awaitTrue(() -> !client.isOpen());
    }
  }

  @Test
  void aFrameTooShortForAHeaderIsRefusedBeforeAnythingIsWritten() {
    try (KwireServer server = echo(); KwireClient client = KwireClient.connect(server.localAddress())) {
      CompletionExceptionAssert.causedBy(IllegalArgumentException.class, client.sendFrame(new byte[] {0, 0, 0, 2, 0, 18}));
      assertEquals("still", client.send(EchoRequest.of("still", 0), EchoResponse.class).join().text());
    }
  }
}
