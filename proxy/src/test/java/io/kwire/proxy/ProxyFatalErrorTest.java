package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** An {@link Error} thrown while a frame is handled closes the connection and goes to the config's fatal handler. */
class ProxyFatalErrorTest {
  @Test
  void anErrorOnAnEventLoopReachesTheFatalHandler() throws Exception {
    AtomicBoolean thrown = new AtomicBoolean();
    CompletableFuture<Throwable> fatal = new CompletableFuture<>();
    try (FakeBroker broker = new FakeBroker((c, r, out) -> out.write(Wire.apiVersionsResponse(Wire.correlationId(r),
            List.of(Wire.api(18, 0, 4)))));
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> {
              if (thrown.compareAndSet(false, true)) {
                throw new StackOverflowError("thrown where the proxy handles a frame");
              }
            })
            .withFatal(fatal::complete));
        Socket client = Wire.connect(proxy.localAddress())) {
      // Too short for a request header: the proxy says so through the events sink, which throws.
      client.getOutputStream().write(ByteBuffer.allocate(6).putInt(2).putShort((short) 18).array());
      Throwable error = fatal.get(5, TimeUnit.SECONDS);
      assertInstanceOf(StackOverflowError.class, error);
      assertEquals(0, Wire.readToEnd(client).length, "the connection is closed");
      assertTrue(thrown.get());
    }
  }

  @Test
  void anExceptionIsNotFatal() {
    List<Throwable> fatal = new java.util.ArrayList<>();
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), new InetSocketAddress("127.0.0.1", 1))
        .withFatal(fatal::add);
    FatalErrors.report(config, new java.io.IOException("connection reset"));
    FatalErrors.report(config, new IllegalStateException("wrapped", new OutOfMemoryError("inside")));
    assertEquals(1, fatal.size());
    assertEquals("inside", fatal.get(0).getMessage());
  }
}
