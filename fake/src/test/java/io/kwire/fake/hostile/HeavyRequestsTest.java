package io.kwire.fake.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.ClusterUsage;
import io.kwire.fake.FakeCluster;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestBuilder.CreatableTopicBuilder;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchPartitionBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchTopicBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestBuilder.MetadataRequestTopicBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestBuilder.PartitionProduceDataBuilder;
import io.kwire.messages.ProduceRequestBuilder.TopicProduceDataBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * What a careless or hostile client can ask of the fake within its caps: no single request holds
 * the cluster thread from other clients for long, and the memory it keeps stays within the bounds
 * the fake accounts for ({@link FakeCluster#usage()}).
 */
class HeavyRequestsTest {
  private static final long AWAIT_SECONDS = 60;
  private static final short POLICY_VIOLATION = 44;
  private static final short UNKNOWN_TOPIC_OR_PARTITION = 3;

  @Test
  void hundredThousandTopicsInOneRequestAreRefusedWhileAnotherClientIsServed() throws Exception {
    try (FakeCluster kafka = FakeCluster.start();
        KwireClient hostile = KwireClient.connect(address(kafka));
        KwireClient other = KwireClient.connect(address(kafka))) {
      CompletableFuture<CreateTopicsResponse> create = hostile.send(createTopics("t", 100_000),
          CreateTopicsResponse.class);
      CompletableFuture<MetadataResponse> metadata = other.send(new MetadataRequestBuilder().topics(null).build(),
          MetadataResponse.class);
      assertEquals(1, metadata.get(AWAIT_SECONDS, TimeUnit.SECONDS).brokers().size());
      CreateTopicsResponse refused = create.get(AWAIT_SECONDS, TimeUnit.SECONDS);
      assertEquals(100_000, refused.topics().stream().filter(t -> t.errorCode() == POLICY_VIOLATION
          && "Excessively large number of partitions per request.".equals(t.errorMessage())).count());

      MetadataResponse unknown = hostile.send(metadataOfUnknown(100_000), MetadataResponse.class)
          .get(AWAIT_SECONDS, TimeUnit.SECONDS);
      assertEquals(100_000, unknown.topics().stream().filter(t -> t.errorCode() == UNKNOWN_TOPIC_OR_PARTITION).count());
      assertEquals(0, kafka.usage().topics(), "Kafka's controller creates none of them: too many at once");

      // As many as Kafka creates at once, four times: 20,000 topics, each name checked for collisions in O(1).
      for (int batch = 0; batch < 4; batch++) {
        CreateTopicsResponse created = hostile.send(createTopics("batch" + batch, 5_000), CreateTopicsResponse.class)
            .get(AWAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(5_000, created.topics().stream().filter(t -> t.errorCode() == 0).count());
      }
      assertEquals(20_000, kafka.usage().topics());
      MetadataResponse one = other.send(metadataOfUnknown(1), MetadataResponse.class).get(AWAIT_SECONDS,
          TimeUnit.SECONDS);
      assertEquals(0, one.topics().get(0).errorCode(), "one new topic is auto-created");
      assertEquals(20_001, kafka.usage().topics());
    }
  }

  @Test
  void theLogsOfAllPartitionsStayWithinTheClusterBoundTheOldestDropped() throws Exception {
    long bound = 4L << 20;
    try (FakeCluster kafka = FakeCluster.builder().maxLogBytes(bound).topic("big", 64, 1).start();
        KwireClient client = KwireClient.connect(address(kafka))) {
      byte[] value = new byte[200 * 1024];
      new Random(27).nextBytes(value); // incompressible, though nothing compresses here
      // 64 partitions x 2 batches of 200 KiB: 25 MiB, within the 64 MiB each partition may keep
      for (int round = 0; round < 2; round++) {
        for (int partition = 0; partition < 64; partition++) {
          ProduceResponse r = client.send(produce("big", partition, value), ProduceResponse.class, (short) 12)
              .get(AWAIT_SECONDS, TimeUnit.SECONDS);
          assertEquals(0, r.responses().get(0).partitionResponses().get(0).errorCode());
        }
      }
      ClusterUsage usage = kafka.usage();
      assertTrue(usage.logBytes() <= bound, "the logs hold " + usage.logBytes() + " bytes, past " + bound);
      assertTrue(usage.logBytes() > bound - 2 * (value.length + 1024), "only what the bound needs is dropped");
      assertTrue(usage.logBytesDropped() > 20L << 20, "dropped " + usage.logBytesDropped());
      assertEquals(List.of(), kafka.records("big", 0), "the oldest batches went first");
      assertEquals(1, kafka.records("big", 63).size(), "the newest stays");
    }
  }

  @Test
  void fetchesParkedByConnectionsThatCloseAreReleased() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().topic("quiet", 1, 1).start()) {
      List<KwireClient> clients = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        KwireClient client = KwireClient.connect(address(kafka));
        clients.add(client);
        // nothing to read: each waits for data up to the longest max wait a client may ask for (24 days)
        client.send(new FetchRequestBuilder().maxWaitMs(Integer.MAX_VALUE).minBytes(1).maxBytes(1 << 20)
            .topics(List.of(new FetchTopicBuilder().topic("quiet").partitions(List.of(
                new FetchPartitionBuilder().partition(0).fetchOffset(0).partitionMaxBytes(1 << 20).build()))
                .build())).build(), FetchResponse.class, (short) 12);
      }
      await(() -> kafka.usage().parkedFetches() == 50, "50 fetches parked");
      clients.forEach(KwireClient::close);
      await(() -> kafka.usage().parkedFetches() == 0, "the parked fetches released when their connections closed");
    }
  }

  @Test
  void partlySentFramesPastTheBrokersShareOfTheBudgetCloseThatConnection() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().maxBufferedFrameBytes(1 << 20).start();
        Socket hoarder = new Socket()) {
      hoarder.connect(address(kafka), 5_000);
      hoarder.setSoTimeout(10_000);
      // a frame of 8 MiB (under the 100 MiB frame cap) of which 2 MiB are sent: past the 1 MiB budget
      hoarder.getOutputStream().write(new byte[] {0, (byte) 0x80, 0, 0});
      try {
        hoarder.getOutputStream().write(new byte[2 << 20]);
      } catch (SocketException closedMeanwhile) {
        // the broker closed it while it was being written: what the test expects
      }
      assertTrue(closedByServer(hoarder.getInputStream()), "the broker kept buffering the frame");
      try (KwireClient client = KwireClient.connect(address(kafka))) {
        assertEquals(1, client.send(new MetadataRequestBuilder().topics(List.of()).build(), MetadataResponse.class)
            .get(AWAIT_SECONDS, TimeUnit.SECONDS).brokers().size());
      }
      assertEquals(0, kafka.usage().bufferedFrameBytes());
    }
  }

  private static boolean closedByServer(InputStream in) throws IOException {
    try {
      return in.read() < 0;
    } catch (SocketException reset) {
      return true;
    }
  }

  private static InetSocketAddress address(FakeCluster kafka) {
    return new InetSocketAddress(kafka.brokers().get(0).host(), kafka.brokers().get(0).port());
  }

  private static CreateTopicsRequest createTopics(String prefix, int count) {
    List<CreateTopicsRequest.CreatableTopic> topics = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      topics.add(new CreatableTopicBuilder().name(prefix + "." + i).numPartitions(1).replicationFactor((short) 1)
          .assignments(List.of()).configs(List.of()).build());
    }
    return new CreateTopicsRequestBuilder().topics(topics).timeoutMs(60_000).build();
  }

  private static MetadataRequest metadataOfUnknown(int count) {
    List<MetadataRequest.MetadataRequestTopic> topics = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      topics.add(new MetadataRequestTopicBuilder().name("unknown-" + i).build());
    }
    return new MetadataRequestBuilder().topics(topics).allowAutoTopicCreation(true).build();
  }

  private static io.kwire.messages.ProduceRequest produce(String topic, int partition, byte[] value) {
    Records batch = RecordBatchBuilder.create(0).append(1_000L, null, value).build();
    return new ProduceRequestBuilder().acks((short) 1).timeoutMs(10_000).topicData(List.of(
        new TopicProduceDataBuilder().name(topic).partitionData(List.of(
            new PartitionProduceDataBuilder().index(partition).records(batch).build())).build())).build();
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not in " + AWAIT_SECONDS + " s: " + what);
      }
      Thread.sleep(10);
    }
  }
}
