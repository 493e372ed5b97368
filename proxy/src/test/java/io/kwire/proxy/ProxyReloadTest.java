package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.ListOffsetsResponseCodec;
import io.kwire.proxy.filters.FaultFilter;
import io.kwire.runtime.Frames;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link KwireProxy#reload}: new connections get the new filters, open ones keep theirs; what is bound stays. */
class ProxyReloadTest {
  private static void broker(int connection, byte[] request, java.io.OutputStream out) throws IOException {
    out.write(Wire.response(ListOffsetsResponseCodec.INSTANCE, (short) 9, Wire.correlationId(request),
        new ListOffsetsResponseBuilder().topics(List.of(new ListOffsetsResponseBuilder.ListOffsetsTopicResponseBuilder()
            .name("t").partitions(List.of(new ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder()
                .partitionIndex(0).offset(5).build())).build())).build()));
  }

  private static short errorOf(Socket client, int correlationId) throws IOException {
    client.getOutputStream().write(Wire.request(ListOffsetsRequestCodec.INSTANCE, (short) 9, correlationId,
        new ListOffsetsRequestBuilder().topics(List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder().name("t")
            .partitions(List.of(new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(0).build()))
            .build())).build()));
    return Frames.decodeResponse(Wire.readFrame(client), ListOffsetsResponseCodec.INSTANCE, (short) 9).body().topics()
        .get(0).partitions().get(0).errorCode();
  }

  @Test
  void newConnectionsUseTheNewFiltersAndOpenOnesKeepTheirs() throws Exception {
    try (FakeBroker broker = new FakeBroker(ProxyReloadTest::broker)) {
      ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address()).withEvents(l -> { });
      try (KwireProxy proxy = KwireProxy.start(config); Socket before = Wire.connect(proxy.localAddress())) {
        assertEquals(0, errorOf(before, 1));
        proxy.reload(config.withFilter(new FaultFilter("api=ListOffsets,do=error:NOT_LEADER_OR_FOLLOWER")));
        try (Socket after = Wire.connect(proxy.localAddress())) {
          assertEquals(6, errorOf(after, 1), "a new connection meets the new filter");
        }
        assertEquals(0, errorOf(before, 2), "an open connection keeps the filters it started with");

        IllegalArgumentException bound = assertThrows(IllegalArgumentException.class, () -> proxy.reload(
            config.withMaxFrameBytes(1000).withAdvertise(new InetSocketAddress("proxy.example", 9092))));
        assertEquals("advertise, max frame bytes cannot change while the proxy runs; restart it", bound.getMessage());
        try (Socket still = Wire.connect(proxy.localAddress())) {
          assertEquals(6, errorOf(still, 1), "a refused reload keeps the running configuration");
        }
        proxy.reload(config);
        try (Socket again = Wire.connect(proxy.localAddress())) {
          assertEquals(0, errorOf(again, 1));
        }
      }
    }
  }
}
