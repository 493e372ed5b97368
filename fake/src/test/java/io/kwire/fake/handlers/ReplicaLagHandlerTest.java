package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.batch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * An acks=all append waiting for a paused follower (ReplicaLag), on the handler with a manual
 * clock: answered at the lag time, at the request's timeout, or when the follower's broker stops;
 * the high watermark held where the follower stopped until then.
 */
class ReplicaLagHandlerTest {
  private final TestBrokers brokers = new TestBrokers(2);
  private final Partition partition = brokers.cluster.createTopic("r", 1, 2, List.of(List.of(0, 1)),
      TopicConfigs.of(Map.of("min.insync.replicas", "2"))).partition(0);
  private final ProduceHandler produce = new ProduceHandler(brokers.cluster, brokers.transactions);

  @Test
  void answeredAfterTheAppendWhenTheFollowerLeavesTheIsrAtTheLagTime() {
    brokers.cluster.replicaLag().pause(1);
    CompletableFuture<ProduceResponse> waiting = send(60_000);
    assertFalse(waiting.isDone());
    assertEquals(1, partition.log().endOffset());
    assertEquals(0, partition.log().highWatermark(), "held where the follower stopped");
    brokers.clock.advance(29_999);
    assertFalse(waiting.isDone());
    brokers.clock.advance(1);
    // 20 NOT_ENOUGH_REPLICAS_AFTER_APPEND, the record written at offset 0
    assertEquals("20 0", answer(waiting));
    assertEquals(List.of(0), partition.isr());
    assertEquals(1, partition.log().highWatermark());
    // 19 NOT_ENOUGH_REPLICAS: refused before the append now
    assertEquals("19 -1", answer(send(60_000)));
    brokers.cluster.replicaLag().resume(1);
    assertEquals(List.of(0, 1), partition.isr());
    assertEquals("0 1", answer(send(60_000)));
  }

  @Test
  void answeredRequestTimedOutAtTheRequestsTimeout() {
    brokers.cluster.replicaLag().pause(1);
    CompletableFuture<ProduceResponse> waiting = send(1_000);
    brokers.clock.advance(1_000);
    // 7 REQUEST_TIMED_OUT; the follower still in the ISR, the high watermark still held
    assertEquals("7 0", answer(waiting));
    assertEquals(List.of(0, 1), partition.isr());
    assertEquals(0, partition.log().highWatermark());
  }

  @Test
  void answeredWhenTheLaggingFollowersBrokerStops() {
    brokers.cluster.replicaLag().pause(1);
    CompletableFuture<ProduceResponse> waiting = send(60_000);
    brokers.cluster.brokerStopped(1, false);
    assertEquals("20 0", answer(waiting));
    assertEquals(1, partition.log().highWatermark());
  }

  private CompletableFuture<ProduceResponse> send(int timeoutMs) {
    return produce.handle(new ProduceRequestBuilder(ProduceHandlerTest.request(-1, "r", 0, batch(1, "a")))
        .timeoutMs(timeoutMs).build(), at(0, 9)).toCompletableFuture();
  }

  private static String answer(CompletableFuture<ProduceResponse> response) {
    if (!response.isDone()) {
      throw new AssertionError("not answered");
    }
    ProduceResponse.PartitionProduceResponse p = response.join().responses().get(0).partitionResponses().get(0);
    return p.errorCode() + " " + p.baseOffset();
  }
}
