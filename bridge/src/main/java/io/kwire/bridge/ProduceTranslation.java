package io.kwire.bridge;

import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.KwireException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Produce v0-2 to the broker's lowest version (3 on 4.x): the same acks, timeout, topics and
 * partitions, no transactional id, each partition's message set as one RecordBatch v2
 * ({@link MessageSetUpConverter}). The response has the same fields (v3 adds none); a partition
 * whose set cannot be read or carried is answered by the bridge with CORRUPT_MESSAGE, as an old
 * broker answered an unreadable set, and an empty set with no error and base offset -1, as an
 * old broker appended nothing. A partition named twice is written from its last entry and answered
 * once, as Kafka does; the bridge's own answer for a partition is never replaced by the broker's.
 */
final class ProduceTranslation implements ApiTranslation {
  private final LongSupplier clock;

  ProduceTranslation(LongSupplier clock) {
    this.clock = clock;
  }

  @Override
  public short apiKey() {
    return ProduceRequestCodec.API_KEY;
  }

  @Override
  public short lastTranslatedVersion() {
    return 2;
  }

  /** Version 13 names topics by id. */
  @Override
  public short maxUpstreamVersion() {
    return 12;
  }

  @Override
  public RequestTranslation translate(RequestHeader client, Object request, short upstreamVersion) {
    ProduceRequest produce = (ProduceRequest) request;
    long now = clock.getAsLong();
    List<String> notes = new ArrayList<>();
    Map<String, Map<Integer, ProduceRequest.PartitionProduceData>> partitions = partitionsOnce(produce, notes);
    Map<String, Map<Integer, ProduceResponse.PartitionProduceResponse>> local = new HashMap<>();
    List<ProduceRequest.TopicProduceData> upstreamTopics = new ArrayList<>();
    for (ProduceRequest.TopicProduceData topic : firstOfEachTopic(produce)) {
      List<ProduceRequest.PartitionProduceData> converted = new ArrayList<>();
      for (ProduceRequest.PartitionProduceData p : partitions.get(topic.name()).values()) {
        Records batch;
        try {
          batch = MessageSetUpConverter.toBatch(p.records(), now);
        } catch (KwireException | UnconvertibleRecordsException | IllegalStateException e) {
          // IllegalStateException: a codec library the bridge lacks (snappy, lz4)
          notes.add(topic.name() + "-" + p.index() + ": CORRUPT_MESSAGE, " + e.getMessage());
          local.computeIfAbsent(topic.name(), k -> new HashMap<>())
              .put(p.index(), partitionResponse(p.index(), KafkaErrors.CORRUPT_MESSAGE));
          continue;
        }
        if (batch == null) {
          notes.add(topic.name() + "-" + p.index() + ": empty message set, answered with base offset -1");
          local.computeIfAbsent(topic.name(), k -> new HashMap<>())
              .put(p.index(), partitionResponse(p.index(), KafkaErrors.NONE));
          continue;
        }
        converted.add(new ProduceRequestBuilder.PartitionProduceDataBuilder(p).records(batch).build());
      }
      if (!converted.isEmpty()) {
        upstreamTopics.add(new ProduceRequestBuilder.TopicProduceDataBuilder(topic).partitionData(converted).build());
      }
    }
    boolean expectsResponse = produce.acks() != 0;
    if (upstreamTopics.isEmpty()) {
      return new RequestTranslation.LocalResponse(client, client.requestApiVersion(),
          merge(partitions, local, null), expectsResponse, String.join("; ", notes));
    }
    ProduceRequest upstream = new ProduceRequestBuilder()
        .transactionalId(null)
        .acks(produce.acks())
        .timeoutMs(produce.timeoutMs())
        .topicData(upstreamTopics)
        .build();
    return new RequestTranslation.Translated(client, upstreamVersion, upstream, expectsResponse, notes,
        response -> ResponseTranslation.of(merge(partitions, local, (ProduceResponse) response)));
  }

  /**
   * Each topic's partitions, each once, in the order they first appear. Kafka keys a Produce by
   * partition: an old broker read the request into a map, and 4.x's request handler still
   * overwrites, so a partition named twice is written from its last entry and answered once.
   */
  private static Map<String, Map<Integer, ProduceRequest.PartitionProduceData>> partitionsOnce(ProduceRequest produce,
      List<String> notes) {
    Map<String, Map<Integer, ProduceRequest.PartitionProduceData>> out = new LinkedHashMap<>();
    for (ProduceRequest.TopicProduceData topic : produce.topicData()) {
      Map<Integer, ProduceRequest.PartitionProduceData> m = out.computeIfAbsent(topic.name(), k -> new LinkedHashMap<>());
      for (ProduceRequest.PartitionProduceData p : topic.partitionData()) {
        if (m.put(p.index(), p) != null) {
          notes.add(topic.name() + "-" + p.index() + ": named more than once, only its last message set is written"
              + " (as Kafka does)");
        }
      }
    }
    return out;
  }

  /** The first entry of each topic name: the fields besides its partitions come from it. */
  private static List<ProduceRequest.TopicProduceData> firstOfEachTopic(ProduceRequest produce) {
    Map<String, ProduceRequest.TopicProduceData> first = new LinkedHashMap<>();
    for (ProduceRequest.TopicProduceData topic : produce.topicData()) {
      first.putIfAbsent(topic.name(), topic);
    }
    return List.copyOf(first.values());
  }

  private static ProduceResponse.PartitionProduceResponse partitionResponse(int index, short error) {
    return new ProduceResponseBuilder.PartitionProduceResponseBuilder()
        .index(index).errorCode(error).baseOffset(-1L).build();
  }

  /**
   * Each partition once, in the request's order: the bridge's own answer where it refused or
   * emptied the partition (never overwritten by the broker's: that partition was not sent), else
   * the broker's.
   */
  private static ProduceResponse merge(Map<String, Map<Integer, ProduceRequest.PartitionProduceData>> partitions,
      Map<String, Map<Integer, ProduceResponse.PartitionProduceResponse>> local, ProduceResponse upstream) {
    Map<String, Map<Integer, ProduceResponse.PartitionProduceResponse>> broker = new HashMap<>();
    if (upstream != null) {
      for (ProduceResponse.TopicProduceResponse t : upstream.responses()) {
        Map<Integer, ProduceResponse.PartitionProduceResponse> m = broker.computeIfAbsent(t.name(), k -> new HashMap<>());
        for (ProduceResponse.PartitionProduceResponse p : t.partitionResponses()) {
          m.put(p.index(), p);
        }
      }
    }
    List<ProduceResponse.TopicProduceResponse> topics = new ArrayList<>();
    partitions.forEach((topic, indexes) -> {
      List<ProduceResponse.PartitionProduceResponse> answers = new ArrayList<>();
      for (int index : indexes.keySet()) {
        ProduceResponse.PartitionProduceResponse r = local.getOrDefault(topic, Map.of()).get(index);
        if (r == null) {
          r = broker.getOrDefault(topic, Map.of()).get(index);
        }
        answers.add(r != null ? r : partitionResponse(index, KafkaErrors.UNKNOWN_SERVER_ERROR));
      }
      topics.add(new ProduceResponseBuilder.TopicProduceResponseBuilder().name(topic).partitionResponses(answers)
          .build());
    });
    return new ProduceResponseBuilder()
        .responses(topics)
        .throttleTimeMs(upstream == null ? 0 : upstream.throttleTimeMs())
        .build();
  }
}
