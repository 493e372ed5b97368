package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.SaslHandshakeRequestBuilder;
import io.kwire.messages.SaslHandshakeRequestCodec;
import io.kwire.messages.SaslHandshakeResponseBuilder;
import io.kwire.messages.SaslHandshakeResponseCodec;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * SASL pass-through rests on this: the upstream connection sends nothing of its own (no ApiVersions,
 * no SASL) and is the client's alone, so the broker sees exactly the client's frames, 1:1.
 */
class ProxyUpstreamIsTheClientsTest {
  private static byte[] handshake(int correlationId, String mechanism) {
    return Wire.request(SaslHandshakeRequestCodec.INSTANCE, (short) 1, correlationId,
        new SaslHandshakeRequestBuilder().mechanism(mechanism).build());
  }

  @Test
  void theBrokerSeesEachClientsFramesFirstAndOnItsOwnConnection() throws Exception {
    Map<Integer, List<byte[]>> seen = new ConcurrentHashMap<>();
    try (FakeBroker broker = new FakeBroker((connection, request, out) -> {
          seen.computeIfAbsent(connection, c -> new CopyOnWriteArrayList<>()).add(request);
          out.write(Wire.response(SaslHandshakeResponseCodec.INSTANCE, (short) 1, Wire.correlationId(request),
              new SaslHandshakeResponseBuilder().mechanisms(List.of("PLAIN")).build()));
        });
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> { }));
        Socket a = Wire.connect(proxy.localAddress());
        Socket b = Wire.connect(proxy.localAddress())) {
      a.getOutputStream().write(handshake(1, "PLAIN"));
      Wire.readFrame(a);
      b.getOutputStream().write(handshake(1, "SCRAM-SHA-512"));
      Wire.readFrame(b);
      a.getOutputStream().write(handshake(2, "PLAIN"));
      Wire.readFrame(a);

      assertEquals(2, seen.size(), "one upstream connection per client connection");
      // the two upstream connections may have been made in either order
      boolean aFirst = java.util.Arrays.equals(seen.get(1).get(0), handshake(1, "PLAIN"));
      List<byte[]> first = seen.get(aFirst ? 1 : 2);
      List<byte[]> second = seen.get(aFirst ? 2 : 1);
      assertEquals(2, first.size());
      assertArrayEquals(handshake(1, "PLAIN"), first.get(0), "the client's handshake is the first frame");
      assertArrayEquals(handshake(2, "PLAIN"), first.get(1));
      assertArrayEquals(handshake(1, "SCRAM-SHA-512"), second.get(0));
      assertEquals(1, second.size());
    }
  }
}
