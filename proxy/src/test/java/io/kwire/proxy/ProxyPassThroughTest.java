package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.ListOffsetsResponseCodec;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.runtime.KwireRegistry;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Wire speed: a frame of an API no filter reads goes through with only its header read, the same
 * bytes both ways; a filter that reads a request and leaves it alone costs one decode and no encode;
 * {@code --check} still decodes and re-encodes everything.
 */
class ProxyPassThroughTest {
  private final CountingCodec<ListOffsetsRequest> requests = new CountingCodec<>(ListOffsetsRequestCodec.INSTANCE);
  private final CountingCodec<ListOffsetsResponse> responses = new CountingCodec<>(ListOffsetsResponseCodec.INSTANCE);
  private static final short VERSION = 9;
  private static final byte[] REQUEST = Wire.request(ListOffsetsRequestCodec.INSTANCE, VERSION, 7,
      new ListOffsetsRequestBuilder().topics(List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder()
          .name("orders").partitions(List.of(new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder()
              .partitionIndex(0).timestamp(-1).build())).build())).build());
  private static final byte[] RESPONSE = Wire.response(ListOffsetsResponseCodec.INSTANCE, VERSION, 7,
      new ListOffsetsResponseBuilder().topics(List.of(new ListOffsetsResponseBuilder.ListOffsetsTopicResponseBuilder()
          .name("orders").partitions(List.of(new ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder()
              .partitionIndex(0).offset(42).build())).build())).build());

  @Test
  void aFrameNoFilterReadsIsNeverDecodedAndGoesOnAsItCame() throws Exception {
    byte[] received = roundTrip(config -> config);
    assertArrayEquals(RESPONSE, received, "the broker's bytes");
    assertEquals("0 decoded, 0 encoded", requests.counts(), "request");
    assertEquals("0 decoded, 0 encoded", responses.counts(), "response");
  }

  @Test
  void aFilterThatReadsOnlyTheRequestCostsOneDecodeAndTheResponseStillPasses() throws Exception {
    AtomicInteger seen = new AtomicInteger();
    byte[] received = roundTrip(config -> config.withFilter(registry -> registry.onRequest(ListOffsetsRequest.class,
        (request, context) -> {
          seen.incrementAndGet();
          return RequestResult.forward(request);
        })));
    assertArrayEquals(RESPONSE, received);
    assertEquals(1, seen.get());
    assertEquals("1 decoded, 0 encoded", requests.counts(), "request: unchanged, its original bytes went on");
    assertEquals("0 decoded, 0 encoded", responses.counts(), "response");
  }

  @Test
  void checkStillDecodesAndReencodesEverything() throws Exception {
    byte[] received = roundTrip(config -> config.withCheck(true));
    assertArrayEquals(RESPONSE, received);
    assertEquals("1 decoded, 1 encoded", requests.counts(), "request");
    assertEquals("1 decoded, 1 encoded", responses.counts(), "response");
  }

  private byte[] roundTrip(UnaryOperator<ProxyConfig> change) throws Exception {
    KwireRegistry registry = KwireRegistry.builder().addDiscovered(getClass().getClassLoader())
        .replace(requests).replace(responses).build();
    java.util.concurrent.atomic.AtomicReference<byte[]> got = new java.util.concurrent.atomic.AtomicReference<>();
    try (FakeBroker broker = new FakeBroker((connection, request, out) -> {
          got.set(request);
          out.write(RESPONSE);
        });
        KwireProxy proxy = KwireProxy.start(change.apply(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0),
            broker.address()).withEvents(line -> { })), registry);
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(REQUEST);
      byte[] answer = Wire.readFrame(client);
      assertArrayEquals(REQUEST, got.get(), "the broker got the client's bytes");
      return answer;
    }
  }
}
