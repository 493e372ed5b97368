package io.kwire.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.BrokerHeartbeatRequest;
import io.kwire.messages.DescribeClusterRequest;
import io.kwire.messages.DescribeClusterRequestBuilder;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestBuilder.MetadataRequestTopicBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.net.KwireClient;
import io.kwire.net.KwireConnectionException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Controls through kwire's own client, request by request: once, until removed, order, each action. */
class ControlTest {
  private static final DescribeClusterRequest DESCRIBE = new DescribeClusterRequestBuilder().build();

  private FakeCluster cluster;
  private KwireClient client;

  @BeforeEach
  void start() {
    cluster = FakeCluster.builder().autoCreateTopics(false).topic("t", 1, 1).start(); // an unknown topic stays unknown
    client = connect();
  }

  @AfterEach
  void stop() {
    client.close();
    cluster.close();
  }

  @Test
  void aOnceHookActsOnTheFirstRequestOnly() {
    ControlHandle hook = cluster.control(MetadataRequest.class).once().fail(ErrorCode.LEADER_NOT_AVAILABLE);
    assertEquals(ErrorCode.LEADER_NOT_AVAILABLE, metadata("t").topics().get(0).errorCode());
    assertEquals(ErrorCode.NONE, metadata("t").topics().get(0).errorCode());
    assertEquals(1, hook.fired());
    assertFalse(hook.active());
  }

  @Test
  void aHookStaysUntilRemoved() {
    ControlHandle hook = cluster.control(DescribeClusterRequest.class).fail(ErrorCode.INVALID_REQUEST);
    assertEquals(ErrorCode.INVALID_REQUEST, describe().errorCode());
    assertEquals(ErrorCode.INVALID_REQUEST, describe().errorCode());
    assertTrue(hook.active());
    hook.remove();
    assertFalse(hook.active());
    DescribeClusterResponse normal = describe();
    assertEquals(ErrorCode.NONE, normal.errorCode());
    assertEquals(cluster.clusterId(), normal.clusterId());
    assertEquals(2, hook.fired());
    hook.remove(); // again: nothing
  }

  @Test
  void aOnceHookThatPassesStaysUntilItActs() {
    ControlHandle hook = cluster.control(MetadataRequest.class).once().run((request, context) ->
        request.topics().get(0).name().equals("b") ? ControlAction.fail(ErrorCode.INVALID_TOPIC_EXCEPTION)
            : ControlAction.pass());
    assertEquals(ErrorCode.NONE, metadata("t").topics().get(0).errorCode());
    assertTrue(hook.active());
    assertEquals(ErrorCode.INVALID_TOPIC_EXCEPTION, metadata("b").topics().get(0).errorCode());
    assertEquals(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, metadata("b").topics().get(0).errorCode());
    assertEquals(1, hook.fired());
  }

  @Test
  void hooksRunInTheOrderInstalledAndTheFirstToActDecides() {
    List<String> seen = new ArrayList<>();
    cluster.controlAll().observe((request, context) -> seen.add("all:" + context.apiKey()));
    cluster.control(3).run((request, context) -> {
      seen.add("key3");
      return ControlAction.pass();
    });
    cluster.control(MetadataRequest.class).delay(Duration.ofMillis(1));
    cluster.control(MetadataRequest.class).answer((request, context) -> {
      seen.add("answer");
      return Optional.of(new MetadataResponseBuilder().clusterId("from-a-hook").build());
    });
    ControlHandle never = cluster.control(MetadataRequest.class).run((request, context) -> {
      seen.add("never");
      return ControlAction.pass();
    });
    assertEquals("from-a-hook", metadata("t").clusterId());
    assertEquals(List.of("all:3", "key3", "answer"), seen);
    assertEquals(0, never.fired());
    seen.clear();
    describe();
    assertEquals(List.of("all:60"), seen, "only the hooks on every request see DescribeCluster");
  }

  @Test
  void theContextNamesTheRequest() {
    List<ControlContext> contexts = new ArrayList<>();
    cluster.control(DescribeClusterRequest.class).observe((request, context) -> contexts.add(context));
    describe();
    ControlContext c = contexts.get(0);
    FakeBroker broker = cluster.brokers().get(0);
    assertEquals(0, c.brokerId());
    assertEquals(60, c.apiKey());
    assertEquals(2, c.apiVersion());
    assertEquals(1, c.correlationId(), "0 was the client's ApiVersions");
    assertEquals("control-test", c.clientId());
    assertTrue(c.connectionId().startsWith("127.0.0.1:" + broker.port() + "-127.0.0.1:"), c.connectionId());
  }

  @Test
  void aDelayDoesNotHoldUpOtherConnections() throws Exception {
    ControlHandle slow = cluster.control(MetadataRequest.class).delay(Duration.ofMillis(1_000));
    long started = System.nanoTime();
    CompletableFuture<MetadataResponse> delayed = client.send(metadataRequest("t"), MetadataResponse.class);
    try (KwireClient other = connect()) {
      assertEquals(ErrorCode.NONE, other.send(DESCRIBE, DescribeClusterResponse.class).get().errorCode());
      assertFalse(delayed.isDone(), "answered while the Metadata is held");
    }
    assertEquals(ErrorCode.NONE, delayed.get().topics().get(0).errorCode());
    assertTrue(System.nanoTime() - started >= 1_000_000_000L, "held for the delay");
    assertEquals(1, slow.fired());
  }

  @Test
  void aDropClosesTheConnection() throws Exception {
    cluster.control(DescribeClusterRequest.class).once().drop();
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> client.send(DESCRIBE, DescribeClusterResponse.class).get());
    assertInstanceOf(KwireConnectionException.class, e.getCause());
    client.whenClosed().get();
    client.close();
    client = connect();
    assertEquals(ErrorCode.NONE, describe().errorCode(), "a new connection is served");
  }

  @Test
  void aDropAnswersNothingAfterItOnTheConnection() throws Exception {
    cluster.control(DescribeClusterRequest.class).once().drop();
    CompletableFuture<DescribeClusterResponse> dropped = client.send(DESCRIBE, DescribeClusterResponse.class);
    CompletableFuture<DescribeClusterResponse> behind = client.send(DESCRIBE, DescribeClusterResponse.class);
    ExecutionException e = assertThrows(ExecutionException.class, behind::get,
        "a response after the dropped one would break the client's correlation order");
    assertInstanceOf(KwireConnectionException.class, e.getCause());
    assertTrue(dropped.isCompletedExceptionally());
  }

  @Test
  void anAnswerOfTheWrongTypeIsTheServersErrorNotACrash() {
    cluster.control(DescribeClusterRequest.class).once()
        .run((request, context) -> ControlAction.respond(new MetadataResponseBuilder().build()));
    assertEquals(-1, describe().errorCode(), "UNKNOWN_SERVER_ERROR, as for a handler that fails");
    assertEquals(ErrorCode.NONE, describe().errorCode());
  }

  @Test
  void onlyServedRequestsCanBeControlled() {
    IllegalArgumentException notServed = assertThrows(IllegalArgumentException.class,
        () -> cluster.control(BrokerHeartbeatRequest.class));
    assertEquals("the fake serves no io.kwire.messages.BrokerHeartbeatRequest", notServed.getMessage());
    assertThrows(IllegalArgumentException.class, () -> cluster.control(63));
    assertThrows(IllegalArgumentException.class, () -> ControlAction.delay(Duration.ofMillis(-1)));
  }

  private KwireClient connect() {
    FakeBroker broker = cluster.brokers().get(0);
    return KwireClient.builder().clientId("control-test").connect(new InetSocketAddress(broker.host(), broker.port()));
  }

  private MetadataResponse metadata(String topic) {
    return client.send(metadataRequest(topic), MetadataResponse.class).join();
  }

  private static MetadataRequest metadataRequest(String topic) {
    return new MetadataRequestBuilder().topics(List.of(new MetadataRequestTopicBuilder().name(topic).build())).build();
  }

  private DescribeClusterResponse describe() {
    return client.send(DESCRIBE, DescribeClusterResponse.class).join();
  }
}
