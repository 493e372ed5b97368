package io.kwire.net;

import static io.kwire.net.ServerClientTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.DecodeOptions;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The in-flight bound holds exactly, even when one read holds many small requests: those past it wait
 * for a slot, in order, rather than all being handed to handlers at once.
 */
class InFlightBoundTest {
  private static final int BOUND = 3;
  private static final int REQUESTS = 20;

  @Test
  void requestsOneReadHeldPastTheBoundWaitForASlot() throws Exception {
    List<CompletableFuture<EchoResponse>> parked = new CopyOnWriteArrayList<>();
    AtomicInteger handling = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    try (KwireServer server = KwireServer.builder().maxInFlightPerConnection(BOUND)
            .handleAsync(EchoRequest.class, EchoResponse.class, (request, context) -> {
              most.accumulateAndGet(handling.incrementAndGet(), Math::max);
              CompletableFuture<EchoResponse> answer = new CompletableFuture<>();
              parked.add(answer);
              return answer.whenComplete((r, e) -> handling.decrementAndGet());
            })
            .start(new InetSocketAddress("127.0.0.1", 0));
        RawConnection client = new RawConnection(server.localAddress())) {
      ByteArrayOutputStream frames = new ByteArrayOutputStream();
      for (int i = 0; i < REQUESTS; i++) {
        frames.writeBytes(Frames.encodeRequest(new RequestHeader((short) 1000, (short) 1, i, "c"),
            EchoRequestCodec.INSTANCE, EchoRequest.of("r", i)));
      }
      client.write(frames.toByteArray()); // one write of 20 small requests: one read on loopback
      for (int answered = 0; answered < REQUESTS; answered++) {
        int next = answered;
        awaitTrue(() -> parked.size() > next);
        parked.get(next).complete(EchoResponse.of("r", next)); // oldest first: its response goes out
      }
      for (int i = 0; i < REQUESTS; i++) {
        assertEquals(i, Frames.peekResponse(client.readFrame(), DecodeOptions.STRICT).correlationId());
      }
      assertEquals(BOUND, most.get()); // reached, never passed
    }
  }
}
