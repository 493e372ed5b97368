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
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Produce v0-2 to the broker's lowest version (3 on 4.x): the same acks, timeout, topics and
 * partitions, no transactional id, each partition's message set as one RecordBatch v2
 * ({@link MessageSetUpConverter}). The response has the same fields (v3 adds none); a partition
 * whose set cannot be read or carried is answered by the bridge with CORRUPT_MESSAGE, as an old
 * broker answered an unreadable set, and an empty set with no error and base offset -1, as an
 * old broker appended nothing.
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
    Map<String, Map<Integer, ProduceResponse.PartitionProduceResponse>> local = new HashMap<>();
    List<ProduceRequest.TopicProduceData> upstreamTopics = new ArrayList<>();
    for (ProduceRequest.TopicProduceData topic : produce.topicData()) {
      List<ProduceRequest.PartitionProduceData> partitions = new ArrayList<>();
      for (ProduceRequest.PartitionProduceData p : topic.partitionData()) {
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
        partitions.add(new ProduceRequestBuilder.PartitionProduceDataBuilder(p).records(batch).build());
      }
      if (!partitions.isEmpty()) {
        upstreamTopics.add(new ProduceRequestBuilder.TopicProduceDataBuilder(topic).partitionData(partitions).build());
      }
    }
    boolean expectsResponse = produce.acks() != 0;
    if (upstreamTopics.isEmpty()) {
      return new RequestTranslation.LocalResponse(client, client.requestApiVersion(),
          merge(produce, local, null), expectsResponse, String.join("; ", notes));
    }
    ProduceRequest upstream = new ProduceRequestBuilder()
        .transactionalId(null)
        .acks(produce.acks())
        .timeoutMs(produce.timeoutMs())
        .topicData(upstreamTopics)
        .build();
    return new RequestTranslation.Translated(client, upstreamVersion, upstream, expectsResponse, notes,
        response -> ResponseTranslation.of(merge(produce, local, (ProduceResponse) response)));
  }

  private static ProduceResponse.PartitionProduceResponse partitionResponse(int index, short error) {
    return new ProduceResponseBuilder.PartitionProduceResponseBuilder()
        .index(index).errorCode(error).baseOffset(-1L).build();
  }

  /** The partitions in the request's order: the broker's answers, and the bridge's own. */
  private static ProduceResponse merge(ProduceRequest request,
      Map<String, Map<Integer, ProduceResponse.PartitionProduceResponse>> local, ProduceResponse upstream) {
    Map<String, Map<Integer, ProduceResponse.PartitionProduceResponse>> answered = new HashMap<>(local);
    if (upstream != null) {
      for (ProduceResponse.TopicProduceResponse t : upstream.responses()) {
        Map<Integer, ProduceResponse.PartitionProduceResponse> m = new HashMap<>(answered.getOrDefault(t.name(), Map.of()));
        for (ProduceResponse.PartitionProduceResponse p : t.partitionResponses()) {
          m.put(p.index(), p);
        }
        answered.put(t.name(), m);
      }
    }
    List<ProduceResponse.TopicProduceResponse> topics = new ArrayList<>();
    for (ProduceRequest.TopicProduceData t : request.topicData()) {
      List<ProduceResponse.PartitionProduceResponse> partitions = new ArrayList<>();
      for (ProduceRequest.PartitionProduceData p : t.partitionData()) {
        ProduceResponse.PartitionProduceResponse r = answered.getOrDefault(t.name(), Map.of()).get(p.index());
        partitions.add(r != null ? r : partitionResponse(p.index(), KafkaErrors.UNKNOWN_SERVER_ERROR));
      }
      topics.add(new ProduceResponseBuilder.TopicProduceResponseBuilder().name(t.name()).partitionResponses(partitions)
          .build());
    }
    return new ProduceResponseBuilder()
        .responses(topics)
        .throttleTimeMs(upstream == null ? 0 : upstream.throttleTimeMs())
        .build();
  }
}
