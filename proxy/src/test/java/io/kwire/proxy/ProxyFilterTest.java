package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.DescribeClusterRequest;
import io.kwire.messages.DescribeClusterRequestBuilder;
import io.kwire.messages.DescribeClusterRequestCodec;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeClusterResponseCodec;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.ListOffsetsResponseCodec;
import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * The filter API through a running proxy: a filter changes a request and a response, answers one
 * itself, refuses one with Kafka's error, sends a request of its own, and an asynchronous filter
 * deciding late keeps the connection's order both ways.
 */
class ProxyFilterTest {
  private final List<String> brokerSaw = Collections.synchronizedList(new ArrayList<>());
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());

  /** Answers ListOffsets with the topic asked for, offset = the correlation id; ApiVersions with one API. */
  private void broker(int connection, byte[] request, java.io.OutputStream out) throws java.io.IOException {
    RawRequestFrame peek = Frames.peekRequest(request);
    if (peek.apiKey() == ListOffsetsRequestCodec.API_KEY) {
      ListOffsetsRequest body = Frames.decodeRequest(request, ListOffsetsRequestCodec.INSTANCE).body();
      String topic = body.topics().get(0).name();
      brokerSaw.add("ListOffsets " + topic);
      out.write(Wire.response(ListOffsetsResponseCodec.INSTANCE, peek.apiVersion(), peek.correlationId(),
          listOffsets(topic, peek.correlationId())));
    } else if (peek.apiKey() == 18) {
      brokerSaw.add("ApiVersions");
      out.write(Wire.apiVersionsResponse(peek.correlationId(), List.of(Wire.api(2, 0, 9))));
    } else {
      brokerSaw.add("api " + peek.apiKey());
      throw new java.io.IOException("not expected");
    }
  }

  private static ListOffsetsResponse listOffsets(String topic, long offset) {
    return new ListOffsetsResponseBuilder().topics(List.of(new ListOffsetsResponseBuilder.ListOffsetsTopicResponseBuilder()
        .name(topic).partitions(List.of(new ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder()
            .partitionIndex(0).offset(offset).build())).build())).build();
  }

  private static byte[] listOffsetsRequest(int correlationId, String topic) {
    return Wire.request(ListOffsetsRequestCodec.INSTANCE, (short) 9, correlationId, new ListOffsetsRequestBuilder()
        .topics(List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder().name(topic).partitions(List.of(
            new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(0).timestamp(-1).build()))
            .build())).build());
  }

  private static ListOffsetsResponse.ListOffsetsTopicResponse answer(Socket client) throws java.io.IOException {
    return Frames.decodeResponse(Wire.readFrame(client), ListOffsetsResponseCodec.INSTANCE, (short) 9).body()
        .topics().get(0);
  }

  private KwireProxy start(FakeBroker broker, Filter filter) {
    return KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
        .withFilter(filter).withEvents(events::add));
  }

  @Test
  void aFilterChangesTheRequestAndTheResponse() throws Exception {
    Filter prefix = registry -> {
      registry.onRequest(ListOffsetsRequest.class, (request, context) -> RequestResult.forward(
          new ListOffsetsRequestBuilder(request).topics(List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder(
              request.topics().get(0)).name("t." + request.topics().get(0).name()).build())).build()));
      registry.onResponse(ListOffsetsResponse.class, (response, context) -> CompletableFuture.completedStage(
          listOffsets(response.topics().get(0).name().substring(2), context.correlationId() * 10L)));
    };
    try (FakeBroker broker = new FakeBroker(this::broker); KwireProxy proxy = start(broker, prefix);
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(listOffsetsRequest(4, "orders"));
      ListOffsetsResponse.ListOffsetsTopicResponse got = answer(client);
      assertEquals("orders", got.name());
      assertEquals(40, got.partitions().get(0).offset());
      assertEquals(List.of("ListOffsets t.orders"), brokerSaw);
    }
  }

  @Test
  void aFilterAnswersItselfAndRefusesWithTheApisError() throws Exception {
    Filter local = registry -> {
      registry.onRequest(ListOffsetsRequest.class, (request, context) -> RequestResult.respond(listOffsets("local", 7)));
      registry.onRequest(DescribeClusterRequest.class, (request, context) -> RequestResult.refuse((short) 31));
    };
    try (FakeBroker broker = new FakeBroker(this::broker); KwireProxy proxy = start(broker, local);
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(listOffsetsRequest(1, "orders"));
      client.getOutputStream().write(Wire.request(DescribeClusterRequestCodec.INSTANCE, (short) 1, 2,
          new DescribeClusterRequestBuilder().build()));
      ListOffsetsResponse.ListOffsetsTopicResponse got = answer(client);
      assertEquals("local", got.name());
      assertEquals(7, got.partitions().get(0).offset());
      byte[] refusal = Wire.readFrame(client);
      assertEquals(2, Frames.peekResponse(refusal).correlationId());
      DescribeClusterResponse refused = Frames.decodeResponse(refusal, DescribeClusterResponseCodec.INSTANCE, (short) 1)
          .body();
      assertEquals(31, refused.errorCode(), "CLUSTER_AUTHORIZATION_FAILED in the top-level error code");
      assertEquals(List.of(), brokerSaw, "the broker saw neither");
    }
  }

  @Test
  void aRefusalOfAnApiWithErrorsPerPartitionPutsTheCodeInEachAndTheConnectionGoesOn() throws Exception {
    Filter refuseFirst = registry -> registry.onRequest(ListOffsetsRequest.class, (request, context) ->
        request.topics().get(0).name().equals("refused") ? RequestResult.refuse((short) 6) // NOT_LEADER_OR_FOLLOWER
            : RequestResult.forward(request));
    try (FakeBroker broker = new FakeBroker(this::broker); KwireProxy proxy = start(broker, refuseFirst);
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(Wire.request(ListOffsetsRequestCodec.INSTANCE, (short) 9, 1,
          new ListOffsetsRequestBuilder().topics(List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder()
              .name("refused").partitions(List.of(
                  new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(0).timestamp(-1).build(),
                  new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(3).timestamp(-2).build()))
              .build())).build()));
      client.getOutputStream().write(listOffsetsRequest(2, "orders"));
      ListOffsetsResponse.ListOffsetsTopicResponse refused = answer(client);
      assertEquals("refused", refused.name());
      assertEquals(List.of(0, 3), refused.partitions().stream().map(p -> p.partitionIndex()).toList());
      for (ListOffsetsResponse.ListOffsetsPartitionResponse p : refused.partitions()) {
        assertEquals(6, p.errorCode(), "partition " + p.partitionIndex());
        assertEquals(-1, p.offset());
      }
      assertEquals(2, answer(client).partitions().get(0).offset(), "the next request still goes to the broker");
      assertEquals(List.of("ListOffsets orders"), brokerSaw);
    }
  }

  @Test
  void aLateAsynchronousDecisionKeepsTheOrderToTheBrokerAndToTheClient() throws Exception {
    CompletableFuture<Void> release = new CompletableFuture<>();
    java.util.concurrent.CountDownLatch secondDecided = new java.util.concurrent.CountDownLatch(1);
    Filter slowFirst = registry -> registry.onRequest(ListOffsetsRequest.class, (request, context) -> {
      if (!request.topics().get(0).name().equals("first")) {
        secondDecided.countDown();
        return RequestResult.forward(request);
      }
      // Decided on another thread, after the second request was read and decided.
      return release.thenApplyAsync(x -> new RequestResult.Forward<>(request));
    });
    try (FakeBroker broker = new FakeBroker(this::broker); KwireProxy proxy = start(broker, slowFirst);
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(listOffsetsRequest(1, "first"));
      client.getOutputStream().write(listOffsetsRequest(2, "second"));
      assertTrue(secondDecided.await(10, java.util.concurrent.TimeUnit.SECONDS));
      assertEquals(List.of(), brokerSaw, "the second, decided, waits for the first");
      release.complete(null);
      assertEquals("first", answer(client).name());
      assertEquals("second", answer(client).name());
      assertEquals(List.of("ListOffsets first", "ListOffsets second"), brokerSaw);
    }
  }

  @Test
  void aFilterSendsARequestOfItsOwnUpstream() throws Exception {
    Filter asking = registry -> registry.onRequest(ListOffsetsRequest.class, (request, context) -> {
      CompletionStage<ApiVersionsResponse> versions = context.sendRequest(new ApiVersionsRequestBuilder()
          .clientSoftwareName("filter").clientSoftwareVersion("1").build(), ApiVersionsResponse.class, (short) 3);
      return versions.thenCompose(v -> RequestResult.forward(new ListOffsetsRequestBuilder(request).topics(List.of(
          new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder(request.topics().get(0))
              .name("apis-" + v.apiKeys().size()).build())).build()));
    });
    try (FakeBroker broker = new FakeBroker(this::broker); KwireProxy proxy = start(broker, asking);
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(listOffsetsRequest(3, "orders"));
      assertEquals("apis-1", answer(client).name());
      assertEquals(List.of("ApiVersions", "ListOffsets apis-1"), brokerSaw);
      assertTrue(events.isEmpty(), events.toString());
    }
  }
}
