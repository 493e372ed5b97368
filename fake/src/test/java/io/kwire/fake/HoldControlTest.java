package io.kwire.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestBuilder.PartitionProduceDataBuilder;
import io.kwire.messages.ProduceRequestBuilder.TopicProduceDataBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.RecordBatchBuilder;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A hook that holds requests until the test releases them, and hooks scoped to one broker. */
class HoldControlTest {
  @Test
  void aHeldProduceIsAppendedAfterAnotherClientsOnceReleased() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().topic("order", 1, 1).start();
        KwireClient first = client(kafka, 0);
        KwireClient second = client(kafka, 0)) {
      try (HeldRequests held = kafka.control(ProduceRequest.class).once().hold()) {
        CompletableFuture<ProduceResponse> a = first.send(produce("a"), ProduceResponse.class, (short) 12);
        held.awaitHeld(1, Duration.ofSeconds(10));
        // the first client's request is at the broker, held: the second one's goes ahead of it
        assertEquals(0, baseOffset(second.send(produce("b"), ProduceResponse.class, (short) 12)));
        assertFalse(a.isDone());
        assertEquals(1, held.held());
        held.releaseAll();
        assertEquals(1, baseOffset(a));
        assertEquals(1, held.fired());
      }
      assertEquals(List.of("b", "a"), kafka.records("order", 0).stream()
          .map(r -> StandardCharsets.UTF_8.decode(r.value()).toString()).toList());
    }
  }

  @Test
  void removingTheHookReleasesWhatItHolds() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().topic("order", 1, 1).start();
        KwireClient client = client(kafka, 0)) {
      HeldRequests held = kafka.control(ProduceRequest.class).hold();
      CompletableFuture<ProduceResponse> a = client.send(produce("a"), ProduceResponse.class, (short) 12);
      held.awaitHeld(1, Duration.ofSeconds(10));
      held.remove();
      assertEquals(0, baseOffset(a));
      assertEquals(0, held.held());
    }
  }

  @Test
  void aHookOnOneBrokerLeavesTheOthersAlone() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(2).start();
        KwireClient zero = client(kafka, 0);
        KwireClient one = client(kafka, 1);
        ControlHandle slow = kafka.control(MetadataRequest.class).onBroker(1).fail((short) 7)) {
      MetadataRequest all = new MetadataRequestBuilder().topics(null).build();
      assertEquals(2, zero.send(all, MetadataResponse.class, (short) 12).get(10, TimeUnit.SECONDS).brokers().size());
      // Metadata's error response has no brokers
      assertEquals(0, one.send(all, MetadataResponse.class, (short) 12).get(10, TimeUnit.SECONDS).brokers().size());
      assertEquals(1, slow.fired());
    }
  }

  private static long baseOffset(CompletableFuture<ProduceResponse> response) throws Exception {
    ProduceResponse.PartitionProduceResponse p = response.get(10, TimeUnit.SECONDS).responses().get(0)
        .partitionResponses().get(0);
    assertEquals(0, p.errorCode());
    return p.baseOffset();
  }

  private static ProduceRequest produce(String value) {
    return new ProduceRequestBuilder().acks((short) 1).timeoutMs(5_000).topicData(List.of(
        new TopicProduceDataBuilder().name("order").partitionData(List.of(new PartitionProduceDataBuilder().index(0)
            .records(RecordBatchBuilder.create(0).append(1_000L, null, value.getBytes(StandardCharsets.UTF_8))
                .build()).build())).build())).build();
  }

  private static KwireClient client(FakeCluster kafka, int node) {
    FakeBroker b = kafka.brokers().get(node);
    return KwireClient.connect(new InetSocketAddress(b.host(), b.port()));
  }
}
