package io.kwire.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchPartitionBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchTopicBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestBuilder.PartitionProduceDataBuilder;
import io.kwire.messages.ProduceRequestBuilder.TopicProduceDataBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The versions Kafka 4.0 removed, served translated: ApiVersions offers Produce and Fetch from 0;
 * a Produce v2 of a magic 1 message set is appended as one v2 batch, and Fetch v0 and v3 give the
 * log back as magic 0 and magic 1 message sets (timestamps kept for magic 1).
 */
class OldVersionsTest {
  @Test
  void oldProduceAndFetchVersionsAreServedAsA3xBrokerServedThem() throws Exception {
    try (FakeCluster fake = FakeCluster.builder().topic("legacy", 1, 1).start();
        KwireClient client = KwireClient.connect(new InetSocketAddress("127.0.0.1", fake.brokers().get(0).port()))) {
      ApiVersionsResponse versions = client.send(new ApiVersionsRequestBuilder().build(), ApiVersionsResponse.class,
          (short) 0).get(5, TimeUnit.SECONDS);
      assertEquals(0, min(versions, 0), "Produce");
      assertEquals(0, min(versions, 1), "Fetch");
      assertEquals(0, min(versions, 2), "ListOffsets");

      Records magic1 = LegacyRecordsBuilder.create((byte) 1, 0).append(1000, bytes("k0"), bytes("v0"))
          .append(1001, bytes("k1"), bytes("v1")).build();
      assertEquals(0, produce(client, magic1, 2).baseOffset());
      Records v2 = RecordBatchBuilder.create(0).append(1002, bytes("k2"), bytes("v2")).build();
      assertEquals(2, produce(client, v2, 3).baseOffset());

      assertEquals(List.of("0 v0 -1", "1 v1 -1", "2 v2 -1"), fetch(client, 0, (byte) 0));
      assertEquals(List.of("0 v0 1000", "1 v1 1001", "2 v2 1002"), fetch(client, 3, (byte) 1));
    }
  }

  @Test
  void anUnreadableOrEmptyOldMessageSetIsAnsweredAsTheBridgeAnswersItAndTheConnectionStays() throws Exception {
    try (FakeCluster fake = FakeCluster.builder().topic("legacy", 1, 1).start();
        KwireClient client = KwireClient.connect(new InetSocketAddress("127.0.0.1", fake.brokers().get(0).port()))) {
      for (int version = 0; version <= 2; version++) {
        // an entry header claiming 1,000 bytes that are not there: no message set can be read from it
        Records corrupt = Records.wrap(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, (byte) 0xe8, 1, 2, 3});
        ProduceResponse.PartitionProduceResponse refused = produceAnyError(client, corrupt, version);
        assertEquals(2, refused.errorCode(), "CORRUPT_MESSAGE at v" + version);
        assertEquals(-1, refused.baseOffset());
        ProduceResponse.PartitionProduceResponse empty = produceAnyError(client, Records.EMPTY, version);
        assertEquals(0, empty.errorCode(), "an empty set is appended as nothing, at v" + version);
        assertEquals(-1, empty.baseOffset());
      }
      assertEquals(List.of(), fake.records("legacy", 0));
      Records magic1 = LegacyRecordsBuilder.create((byte) 1, 0).append(1000, bytes("k0"), bytes("v0")).build();
      assertEquals(0, produce(client, magic1, 2).baseOffset(), "the same connection is served on");
    }
  }

  private static ProduceResponse.PartitionProduceResponse produceAnyError(KwireClient client, Records records,
      int version) throws Exception {
    ProduceResponse response = client.send(new ProduceRequestBuilder().acks((short) -1).timeoutMs(5000)
        .topicData(List.of(new TopicProduceDataBuilder().name("legacy").partitionData(List.of(
            new PartitionProduceDataBuilder().index(0).records(records).build())).build())).build(),
        ProduceResponse.class, (short) version).get(5, TimeUnit.SECONDS);
    return response.responses().get(0).partitionResponses().get(0);
  }

  private static int min(ApiVersionsResponse versions, int apiKey) {
    return versions.apiKeys().stream().filter(k -> k.apiKey() == apiKey).findFirst().orElseThrow().minVersion();
  }

  private static ProduceResponse.PartitionProduceResponse produce(KwireClient client, Records records, int version)
      throws Exception {
    ProduceResponse response = client.send(new ProduceRequestBuilder().acks((short) -1).timeoutMs(5000)
        .topicData(List.of(new TopicProduceDataBuilder().name("legacy").partitionData(List.of(
            new PartitionProduceDataBuilder().index(0).records(records).build())).build())).build(),
        ProduceResponse.class, (short) version).get(5, TimeUnit.SECONDS);
    ProduceResponse.PartitionProduceResponse p = response.responses().get(0).partitionResponses().get(0);
    assertEquals(0, p.errorCode(), "Produce v" + version + ": " + p.errorMessage());
    return p;
  }

  /** "offset value timestamp" of every record fetched at {@code version}, each set entry of {@code magic}. */
  private static List<String> fetch(KwireClient client, int version, byte magic) throws Exception {
    FetchResponse response = client.send(new FetchRequestBuilder().replicaId(-1).maxWaitMs(0).minBytes(1)
        .maxBytes(1 << 20).topics(List.of(new FetchTopicBuilder().topic("legacy").partitions(List.of(
            new FetchPartitionBuilder().partition(0).fetchOffset(0).partitionMaxBytes(1 << 20).build())).build()))
        .build(), FetchResponse.class, (short) version).get(5, TimeUnit.SECONDS);
    FetchResponse.PartitionData p = response.responses().get(0).partitions().get(0);
    assertEquals(0, p.errorCode(), "Fetch v" + version);
    assertEquals(3, p.highWatermark());
    List<String> seen = new ArrayList<>();
    for (RecordBatch entry : p.records().batches()) {
      assertEquals(magic, entry.magic(), "Fetch v" + version);
      for (KafkaRecord r : entry) {
        seen.add(r.offset() + " " + new String(r.valueBytes(), StandardCharsets.UTF_8) + " " + r.timestamp());
      }
    }
    return seen;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
