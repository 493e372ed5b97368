package io.kwire.messages.errors;

import io.kwire.messages.DeleteRecordsRequest;
import io.kwire.messages.DeleteRecordsResponse;
import io.kwire.messages.DeleteRecordsResponseBuilder;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.OffsetForLeaderEpochRequest;
import io.kwire.messages.OffsetForLeaderEpochResponse;
import io.kwire.messages.OffsetForLeaderEpochResponseBuilder;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** The error responses of the data-path APIs: the code in every partition (or topic) asked for. */
final class TopicErrorResponses {
  private TopicErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(ProduceRequest.class, TopicErrorResponses::produce);
    shapes.add(FetchRequest.class, TopicErrorResponses::fetch);
    shapes.add(ListOffsetsRequest.class, TopicErrorResponses::listOffsets);
    shapes.add(MetadataRequest.class, TopicErrorResponses::metadata);
    shapes.add(OffsetForLeaderEpochRequest.class, TopicErrorResponses::offsetForLeaderEpoch);
    shapes.add(DeleteRecordsRequest.class, TopicErrorResponses::deleteRecords);
  }

  /** Each partition once (a partition named twice answers once), its topic's partitions together. */
  static ProduceResponse produce(ProduceRequest request, short version, short errorCode) {
    Map<TopicKey, Set<Integer>> partitions = new LinkedHashMap<>();
    for (ProduceRequest.TopicProduceData topic : request.topicData()) {
      Set<Integer> indexes = partitions.computeIfAbsent(new TopicKey(topic.name(), topic.topicId()),
          k -> new LinkedHashSet<>());
      topic.partitionData().forEach(p -> indexes.add(p.index()));
    }
    List<ProduceResponse.TopicProduceResponse> topics = new ArrayList<>();
    partitions.forEach((topic, indexes) -> {
      if (indexes.isEmpty()) {
        return; // Kafka answers partitions; a topic without any has none to answer
      }
      List<ProduceResponse.PartitionProduceResponse> answers = new ArrayList<>();
      for (int index : indexes) {
        answers.add(new ProduceResponseBuilder.PartitionProduceResponseBuilder().index(index).errorCode(errorCode)
            .baseOffset(-1).logAppendTimeMs(-1).logStartOffset(-1).build());
      }
      topics.add(new ProduceResponseBuilder.TopicProduceResponseBuilder().name(topic.name()).topicId(topic.id())
          .partitionResponses(answers).build());
    });
    return new ProduceResponseBuilder().responses(topics).build();
  }

  private record TopicKey(String name, UUID id) {}

  /**
   * The top-level code (v7+) and the request's session id; before v13 also every partition asked
   * for, with no offsets and no records (null before v4, as a 3.x broker answered those).
   */
  static FetchResponse fetch(FetchRequest request, short version, short errorCode) {
    List<FetchResponse.FetchableTopicResponse> topics = new ArrayList<>();
    if (version < 13) {
      for (FetchRequest.FetchTopic topic : request.topics()) {
        List<FetchResponse.PartitionData> partitions = new ArrayList<>();
        for (FetchRequest.FetchPartition p : topic.partitions()) {
          partitions.add(new FetchResponseBuilder.PartitionDataBuilder().partitionIndex(p.partition())
              .errorCode(errorCode).highWatermark(-1).lastStableOffset(-1).logStartOffset(-1)
              .records(version < 4 ? null : Records.EMPTY).build());
        }
        topics.add(new FetchResponseBuilder.FetchableTopicResponseBuilder().topic(topic.topic())
            .topicId(topic.topicId()).partitions(partitions).build());
      }
    }
    FetchResponseBuilder response = new FetchResponseBuilder().responses(topics);
    if (version >= 7) {
      response.errorCode(errorCode).sessionId(request.sessionId());
    }
    return response.build();
  }

  static ListOffsetsResponse listOffsets(ListOffsetsRequest request, short version, short errorCode) {
    List<ListOffsetsResponse.ListOffsetsTopicResponse> topics = new ArrayList<>();
    for (ListOffsetsRequest.ListOffsetsTopic topic : request.topics()) {
      List<ListOffsetsResponse.ListOffsetsPartitionResponse> partitions = new ArrayList<>();
      for (ListOffsetsRequest.ListOffsetsPartition p : topic.partitions()) {
        partitions.add(new ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder()
            .partitionIndex(p.partitionIndex()).errorCode(errorCode).build());
      }
      topics.add(new ListOffsetsResponseBuilder.ListOffsetsTopicResponseBuilder().name(topic.name())
          .partitions(partitions).build());
    }
    return new ListOffsetsResponseBuilder().topics(topics).build();
  }

  /** Every topic asked for (none when all were), no brokers; the top-level code too from v13. */
  static MetadataResponse metadata(MetadataRequest request, short version, short errorCode) {
    List<MetadataResponse.MetadataResponseTopic> topics = new ArrayList<>();
    if (request.topics() != null) {
      for (MetadataRequest.MetadataRequestTopic topic : request.topics()) {
        // a topic asked for by id only is answered with the empty name, as Kafka does (even where null could be said)
        String name = topic.name() == null ? "" : topic.name();
        topics.add(new MetadataResponseBuilder.MetadataResponseTopicBuilder().errorCode(errorCode).name(name)
            .topicId(topic.topicId()).build());
      }
    }
    MetadataResponseBuilder response = new MetadataResponseBuilder().topics(topics);
    if (version >= 13) {
      response.errorCode(errorCode);
    }
    return response.build();
  }

  static OffsetForLeaderEpochResponse offsetForLeaderEpoch(OffsetForLeaderEpochRequest request, short version,
      short errorCode) {
    List<OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult> topics = new ArrayList<>();
    for (OffsetForLeaderEpochRequest.OffsetForLeaderTopic topic : request.topics()) {
      List<OffsetForLeaderEpochResponse.EpochEndOffset> partitions = new ArrayList<>();
      for (OffsetForLeaderEpochRequest.OffsetForLeaderPartition p : topic.partitions()) {
        partitions.add(new OffsetForLeaderEpochResponseBuilder.EpochEndOffsetBuilder().partition(p.partition())
            .errorCode(errorCode).build());
      }
      topics.add(new OffsetForLeaderEpochResponseBuilder.OffsetForLeaderTopicResultBuilder().topic(topic.topic())
          .partitions(partitions).build());
    }
    return new OffsetForLeaderEpochResponseBuilder().topics(topics).build();
  }

  static DeleteRecordsResponse deleteRecords(DeleteRecordsRequest request, short version, short errorCode) {
    List<DeleteRecordsResponse.DeleteRecordsTopicResult> topics = new ArrayList<>();
    for (DeleteRecordsRequest.DeleteRecordsTopic topic : request.topics()) {
      List<DeleteRecordsResponse.DeleteRecordsPartitionResult> partitions = new ArrayList<>();
      for (DeleteRecordsRequest.DeleteRecordsPartition p : topic.partitions()) {
        partitions.add(new DeleteRecordsResponseBuilder.DeleteRecordsPartitionResultBuilder()
            .partitionIndex(p.partitionIndex()).errorCode(errorCode).lowWatermark(-1).build());
      }
      topics.add(new DeleteRecordsResponseBuilder.DeleteRecordsTopicResultBuilder().name(topic.name())
          .partitions(partitions).build());
    }
    return new DeleteRecordsResponseBuilder().topics(topics).build();
  }
}
