package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The log and the check are filters: the log writes a request as the broker receives it (after
 * every filter) and a response as the client receives it (after the address rewriting and every
 * filter); the check compares what came with its re-encoding before any filter, and on a difference
 * the re-encoded bytes go on, as before they were filters.
 */
class ProxyLogAndCheckFiltersTest {
  private final List<byte[]> brokerGot = Collections.synchronizedList(new ArrayList<>());
  private final List<String> log = Collections.synchronizedList(new ArrayList<>());
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());

  private void broker(int connection, byte[] request, OutputStream out) throws IOException {
    brokerGot.add(request);
    RawRequestFrame peek = Frames.peekRequest(request);
    out.write(Wire.response(MetadataResponseCodec.INSTANCE, peek.apiVersion(), peek.correlationId(),
        new MetadataResponseBuilder().clusterId("cluster").brokers(List.of(
            new MetadataResponseBuilder.MetadataResponseBrokerBuilder().nodeId(1).host("broker-1.internal").port(9999)
                .build())).build()));
  }

  private static byte[] metadata(int correlationId, List<MetadataRequest.MetadataRequestTopic> topics) {
    return Wire.request(MetadataRequestCodec.INSTANCE, (short) 12, correlationId,
        new MetadataRequestBuilder().topics(topics).allowAutoTopicCreation(true).build());
  }

  private static MetadataRequest.MetadataRequestTopic topic(String name) {
    return new MetadataRequestBuilder.MetadataRequestTopicBuilder().name(name).build();
  }

  @Test
  void theLogWritesWhatTheBrokerAndTheClientReceivedAfterTheFilters() throws Exception {
    List<Object> filtered = Collections.synchronizedList(new ArrayList<>());
    try (FakeBroker broker = new FakeBroker(this::broker);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withLog(log::add).withEvents(events::add).withFilter(registry -> {
              registry.onRequest(MetadataRequest.class, (request, context) -> {
                MetadataRequest changed = new MetadataRequestBuilder(request).topics(List.of(topic("by-filter")))
                    .build();
                filtered.add(changed);
                return RequestResult.forward(changed);
              });
              registry.onResponse(MetadataResponse.class, (response, context) -> {
                MetadataResponse changed = new MetadataResponseBuilder(response).clusterId("by-filter").build();
                filtered.add(changed);
                return CompletableFuture.completedStage(changed);
              });
            }));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(metadata(5, List.of(topic("asked"))));
      MetadataResponse answer = Frames.decodeResponse(Wire.readFrame(client), MetadataResponseCodec.INSTANCE,
          (short) 12).body();
      assertEquals("by-filter", answer.clusterId());
      int port = proxy.localAddress().getPort();
      assertEquals("127.0.0.1:" + port, answer.brokers().get(0).host() + ":" + answer.brokers().get(0).port());
      assertEquals(List.of(topic("by-filter")),
          Frames.decodeRequest(brokerGot.get(0), MetadataRequestCodec.INSTANCE).body().topics());
    }
    assertEquals(2, filtered.size());
    assertEquals(2, log.size(), log.toString());
    String request = log.get(0);
    String response = log.get(1);
    assertTrue(request.contains("\"direction\":\"request\",\"api\":\"Metadata\""), request);
    assertTrue(request.contains("\"topics\":[{\"topicId\":\"AAAAAAAAAAAAAAAAAAAAAA\",\"name\":\"by-filter\"}]"),
        request);
    assertFalse(request.contains("asked"), "the broker never received the client's topic: " + request);
    assertTrue(response.contains("\"direction\":\"response\",\"api\":\"Metadata\""), response);
    assertTrue(response.contains("\"host\":\"127.0.0.1\",\"port\":"), "rewritten, as the client got it: " + response);
    assertTrue(response.contains("\"clusterId\":\"by-filter\""), response);
    assertFalse(response.contains("broker-1.internal"), response);
    assertEquals(List.of(), events);
  }

  @Test
  void aCheckDifferenceIsCountedSaidAndTheReencodedBytesGoOn() throws Exception {
    byte[] canonical = metadata(7, null);
    // The request's tagged-field count, its last byte (0), written as an overlong varint (0x80 0x00): a count of
    // none all the same, but kwire writes it in one byte.
    assertEquals(0, canonical[canonical.length - 1]);
    byte[] loose = java.nio.ByteBuffer.allocate(canonical.length + 1).putInt(canonical.length - 4 + 1)
        .put(canonical, 4, canonical.length - 5).put((byte) 0x80).put((byte) 0).array();
    try (FakeBroker broker = new FakeBroker(this::broker);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withCheck(true).withEvents(events::add));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(loose);
      Wire.readFrame(client);
      assertArrayEquals(canonical, brokerGot.get(0), "the re-encoded request went on");
      assertEquals(1, proxy.stats().differences());
      assertEquals(1L, proxy.stats().recoded().get("request Metadata"));
      assertEquals(1L, proxy.stats().recoded().get("response Metadata"));
      // Read before the connections close: closing them may add an event line of its own.
      assertEquals(1, events.size(), events.toString());
      assertTrue(events.get(0).contains("check: request MetadataRequest v12 correlation id 7 re-encodes differently ("
          + loose.length + " bytes in, " + canonical.length + " out, first difference at byte 3)"),
          events.get(0));
    }
  }
}
