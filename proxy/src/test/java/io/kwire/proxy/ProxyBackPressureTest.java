package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A client that stops reading stops the proxy reading the broker: what is in flight stays bounded. */
class ProxyBackPressureTest {
  private static final int RESPONSES = 40;
  private static final int RESPONSE_BYTES = 1 << 20;

  @Test
  void aClientThatDoesNotReadHoldsBackTheBrokerAndThenGetsEveryResponseInOrder() throws Exception {
    AtomicInteger written = new AtomicInteger();
    byte[] payload = new byte[RESPONSE_BYTES - 4];
    // An API kwire does not know, so the megabyte responses pass raw and cost no decoding.
    FakeBroker.Answer big = (connection, request, out) -> {
      int id = Wire.correlationId(request);
      out.write(ByteBuffer.allocate(8).putInt(RESPONSE_BYTES).putInt(id).array());
      out.write(payload);
      written.incrementAndGet();
    };
    try (FakeBroker broker = new FakeBroker(big);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> { }));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.setReceiveBufferSize(64 << 10);
      // One exchange first, so that what follows measures flow, not the start-up of the proxy.
      client.getOutputStream().write(ByteBuffer.allocate(16).putInt(12).putShort((short) 30_000).putShort((short) 0)
          .putInt(-1).putInt(0).array());
      assertEquals(RESPONSE_BYTES + 4, Wire.readFrame(client).length);
      written.set(0);
      for (int id = 0; id < RESPONSES; id++) {
        client.getOutputStream().write(ByteBuffer.allocate(16).putInt(12).putShort((short) 30_000).putShort((short) 0)
            .putInt(id).putInt(0).array());
      }
      // The client reads nothing meanwhile; wait until the broker's writes stall (or it has written all).
      int beforeReading = -1;
      for (long deadline = System.nanoTime() + 5_000_000_000L; System.nanoTime() < deadline; ) {
        int now = written.get();
        if (now == beforeReading || now == RESPONSES) {
          break;
        }
        beforeReading = now;
        Thread.sleep(300);
      }
      beforeReading = written.get();
      assertTrue(beforeReading < RESPONSES / 2,
          "the broker could write " + beforeReading + " MiB of " + RESPONSES + " while the client read nothing");
      for (int id = 0; id < RESPONSES; id++) {
        byte[] frame = Wire.readFrame(client);
        assertEquals(RESPONSE_BYTES + 4, frame.length);
        assertEquals(id, ByteBuffer.wrap(frame, 4, 4).getInt());
      }
      assertEquals(RESPONSES, written.get());
      System.out.println("back-pressure: the broker wrote " + beforeReading + " of " + RESPONSES
          + " 1 MiB responses while the client read nothing");
    }
  }
}
