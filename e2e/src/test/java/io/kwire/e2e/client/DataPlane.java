package io.kwire.e2e.client;

import static io.kwire.e2e.client.Broker.call;
import static io.kwire.e2e.client.Broker.version;

import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseCodec;
import io.kwire.messages.InitProducerIdRequestBuilder;
import io.kwire.messages.InitProducerIdRequestCodec;
import io.kwire.messages.InitProducerIdResponse;
import io.kwire.messages.InitProducerIdResponseCodec;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseCodec;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;

/** Produce, Fetch, ListOffsets and InitProducerId for one topic, at the negotiated versions. */
public final class DataPlane {
  public static final byte READ_UNCOMMITTED = 0;
  public static final byte READ_COMMITTED = 1;
  /** Kafka's errors a coordinator answers while it is still loading its log; worth a retry. */
  private static final Set<Short> COORDINATOR_LOADING = Set.of((short) 14, (short) 15, (short) 16, (short) 51);
  /** UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER, CONCURRENT_TRANSACTIONS, UNKNOWN_TOPIC_ID. */
  private static final Set<Short> RETRIABLE = Set.of((short) 3, (short) 6, (short) 51, (short) 100);

  private DataPlane() {}

  /** One topic, by name and id, so that each request can carry what its version wants. */
  public record Topic(String name, UUID id) {}

  /**
   * Sends one Produce request (acks all) with one record set per partition; answers by partition.
   * Partitions answered with an error a client retries are sent again, alone, every 20 ms for up
   * to 10 s, as Kafka's producer does (safe: these batches are idempotent or transactional): a
   * partition Metadata already shows led may not lead yet on the broker, and a transaction's first
   * produce may find the previous one's markers still being written (CONCURRENT_TRANSACTIONS).
   */
  public static SortedMap<Integer, ProduceResponse.PartitionProduceResponse> produce(KwireClient client,
      String transactionalId, Topic topic, Map<Integer, Records> byPartition) {
    SortedMap<Integer, ProduceResponse.PartitionProduceResponse> answers = new TreeMap<>();
    SortedMap<Integer, Records> pending = new TreeMap<>(byPartition);
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      for (ProduceResponse.PartitionProduceResponse answer : produceOnce(client, transactionalId, topic, pending)) {
        answers.put(answer.index(), answer);
        if (!RETRIABLE.contains(answer.errorCode())) {
          pending.remove(answer.index());
        }
      }
      if (pending.isEmpty() || System.nanoTime() > deadline) {
        return answers;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  private static List<ProduceResponse.PartitionProduceResponse> produceOnce(KwireClient client, String transactionalId,
      Topic topic, SortedMap<Integer, Records> byPartition) {
    List<io.kwire.messages.ProduceRequest.PartitionProduceData> partitions = new ArrayList<>();
    byPartition.forEach((partition, records) -> partitions.add(
        new ProduceRequestBuilder.PartitionProduceDataBuilder().index(partition).records(records).build()));
    ProduceResponse response = call(client, ProduceRequestCodec.INSTANCE, ProduceResponseCodec.INSTANCE, version(0),
        new ProduceRequestBuilder().transactionalId(transactionalId).acks((short) -1).timeoutMs(30_000)
            .topicData(List.of(new ProduceRequestBuilder.TopicProduceDataBuilder()
                .name(topic.name()).topicId(topic.id()).partitionData(partitions).build()))
            .build());
    if (response.responses().size() != 1 || response.responses().get(0).partitionResponses().size() != partitions.size()) {
      throw new AssertionError("one topic of " + partitions.size() + " partitions produced, answered " + response);
    }
    return response.responses().get(0).partitionResponses();
  }

  /** Fetches the given partitions from their offsets (no session); answers by partition. */
  public static SortedMap<Integer, FetchResponse.PartitionData> fetch(KwireClient client, Topic topic, byte isolation,
      Map<Integer, Long> offsets) {
    List<io.kwire.messages.FetchRequest.FetchPartition> partitions = new ArrayList<>();
    new TreeMap<>(offsets).forEach((partition, offset) -> partitions.add(new FetchRequestBuilder.FetchPartitionBuilder()
        .partition(partition).fetchOffset(offset).partitionMaxBytes(1 << 20).build()));
    FetchResponse response = call(client, FetchRequestCodec.INSTANCE, FetchResponseCodec.INSTANCE, version(1),
        new FetchRequestBuilder().maxWaitMs(0).minBytes(0).maxBytes(8 << 20).isolationLevel(isolation)
            .sessionId(0).sessionEpoch(-1)
            .topics(List.of(new FetchRequestBuilder.FetchTopicBuilder()
                .topic(topic.name()).topicId(topic.id()).partitions(partitions).build()))
            .build());
    if (response.errorCode() != 0 || response.responses().size() != 1) {
      throw new AssertionError("fetch failed: " + response.errorCode() + ", " + response.responses().size() + " topics");
    }
    if (!topic.id().equals(response.responses().get(0).topicId()) && !topic.name().equals(response.responses().get(0).topic())) {
      throw new AssertionError("fetch answered another topic: " + response.responses().get(0));
    }
    SortedMap<Integer, FetchResponse.PartitionData> byIndex = new TreeMap<>();
    response.responses().get(0).partitions().forEach(p -> byIndex.put(p.partitionIndex(), p));
    return byIndex;
  }

  /** ListOffsets for one partition at {@code timestamp} (-1 latest, -2 earliest, -3 max timestamp). */
  public static ListOffsetsResponse.ListOffsetsPartitionResponse listOffset(KwireClient client, Topic topic,
      int partition, long timestamp, byte isolation) {
    ListOffsetsResponse response = call(client, ListOffsetsRequestCodec.INSTANCE, ListOffsetsResponseCodec.INSTANCE,
        version(2), new ListOffsetsRequestBuilder().replicaId(-1).isolationLevel(isolation).timeoutMs(30_000)
            .topics(List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder().name(topic.name())
                .partitions(List.of(new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder()
                    .partitionIndex(partition).timestamp(timestamp).build()))
                .build()))
            .build());
    return response.topics().get(0).partitions().get(0);
  }

  /**
   * InitProducerId, retried (every 20 ms, up to 10 s) while the coordinator loads its log, as
   * the first request of a run creates {@code __transaction_state}.
   */
  public static InitProducerIdResponse initProducerId(KwireClient client, String transactionalId) {
    return Broker.poll(() -> {
      InitProducerIdResponse response = call(client, InitProducerIdRequestCodec.INSTANCE,
          InitProducerIdResponseCodec.INSTANCE, version(22), new InitProducerIdRequestBuilder()
              .transactionalId(transactionalId).transactionTimeoutMs(60_000).build());
      return COORDINATOR_LOADING.contains(response.errorCode()) ? null : response;
    }, "InitProducerId for " + transactionalId);
  }
}
