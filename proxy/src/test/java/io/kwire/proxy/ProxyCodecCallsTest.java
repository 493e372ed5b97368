package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RawRequestFrame;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plain proxy decodes only what a filter reads: a Metadata request, which none reads, goes on
 * undecoded; its response, which the address filter rewrites, is decoded once and encoded once (not
 * first as it came). The bridge, before the filters, decodes only what it may translate: a Metadata
 * request the broker takes as it is goes on undecoded there too.
 */
class ProxyCodecCallsTest {
  private final CountingCodec<MetadataRequest> requests = new CountingCodec<>(MetadataRequestCodec.INSTANCE);
  private final CountingCodec<MetadataResponse> responses = new CountingCodec<>(MetadataResponseCodec.INSTANCE);

  private static void broker(int connection, byte[] request, OutputStream out) throws IOException {
    RawRequestFrame peek = Frames.peekRequest(request);
    if (peek.apiKey() == ApiVersionsResponseCodec.API_KEY) {
      out.write(Wire.response(ApiVersionsResponseCodec.INSTANCE, peek.apiVersion(), peek.correlationId(),
          new ApiVersionsResponseBuilder().apiKeys(List.of(Wire.api(3, 0, 13), Wire.api(18, 0, 4))).build()));
    } else {
      out.write(Wire.response(MetadataResponseCodec.INSTANCE, peek.apiVersion(), peek.correlationId(),
          new MetadataResponseBuilder().brokers(List.of(new MetadataResponseBuilder.MetadataResponseBrokerBuilder()
              .nodeId(1).host("kafka.internal").port(9092).build())).build()));
    }
  }

  @Test
  void thePlainProxyDecodesOnlyTheResponseItRewrites() throws Exception {
    metadataRoundTrip(false, "0 decoded, 0 encoded");
  }

  @Test
  void theBridgeDoesNotDecodeARequestItPassesOn() throws Exception {
    metadataRoundTrip(true, "0 decoded, 0 encoded");
  }

  private void metadataRoundTrip(boolean bridge, String requestCounts) throws Exception {
    KwireRegistry registry = KwireRegistry.builder().addDiscovered(getClass().getClassLoader())
        .replace(requests).replace(responses).build();
    try (FakeBroker broker = new FakeBroker(ProxyCodecCallsTest::broker);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withBridge(bridge).withEvents(line -> { }), registry);
        Socket client = Wire.connect(proxy.localAddress())) {
      short version = 1; // the broker takes it as it is, so the bridge passes it on
      client.getOutputStream().write(Wire.request(MetadataRequestCodec.INSTANCE, version, 5,
          new MetadataRequestBuilder().topics(List.of()).build()));
      MetadataResponse answer = Frames.decodeResponse(Wire.readFrame(client), MetadataResponseCodec.INSTANCE, version)
          .body();
      assertEquals(proxy.localAddress().getPort(), answer.brokers().get(0).port(), "rewritten");
    }
    // The test's own Wire.request and decodeResponse use the plain codecs: only the proxy's calls count.
    assertEquals(requestCounts, requests.counts(), "request");
    assertEquals("1 decoded, 1 encoded", responses.counts(), "response");
  }
}
