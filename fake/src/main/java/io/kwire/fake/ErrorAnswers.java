package io.kwire.fake;

import io.kwire.fake.handlers.FakeApi;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseBuilder.MetadataResponseTopicBuilder;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.messages.ProduceResponseBuilder.PartitionProduceResponseBuilder;
import io.kwire.messages.ProduceResponseBuilder.TopicProduceResponseBuilder;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.TopLevelErrors;
import java.util.ArrayList;
import java.util.List;

/**
 * The error response a broker gives a request it refuses as a whole, as Kafka's {@code
 * getErrorResponse} shapes them: Produce, every partition of the request with the error; Metadata,
 * every topic asked for (no brokers); any other API whose response has a top-level error code among
 * fixed-size fields (Fetch v7+, the group and admin APIs) its default response with that code
 * ({@link TopLevelErrors}, as kwire-net answers a failed handler).
 */
final class ErrorAnswers {
  private ErrorAnswers() {}

  static <Q, R> R of(FakeApi<Q, R> api, Q request, short version, short errorCode) {
    Class<R> type = api.responseCodec().messageType();
    if (request instanceof ProduceRequest produce) {
      return type.cast(produce(produce, errorCode));
    }
    if (request instanceof MetadataRequest metadata) {
      return type.cast(metadata(metadata, version, errorCode));
    }
    return topLevel(api.responseCodec(), version, errorCode);
  }

  private static ProduceResponse produce(ProduceRequest request, short errorCode) {
    List<ProduceResponse.TopicProduceResponse> topics = new ArrayList<>();
    for (ProduceRequest.TopicProduceData topic : request.topicData()) {
      List<ProduceResponse.PartitionProduceResponse> partitions = new ArrayList<>();
      for (ProduceRequest.PartitionProduceData p : topic.partitionData()) {
        partitions.add(new PartitionProduceResponseBuilder().index(p.index()).errorCode(errorCode).baseOffset(-1)
            .build());
      }
      topics.add(new TopicProduceResponseBuilder().name(topic.name()).topicId(topic.topicId())
          .partitionResponses(partitions).build());
    }
    return new ProduceResponseBuilder().responses(topics).build();
  }

  private static MetadataResponse metadata(MetadataRequest request, short version, short errorCode) {
    List<MetadataResponse.MetadataResponseTopic> topics = new ArrayList<>();
    if (request.topics() != null) {
      for (MetadataRequest.MetadataRequestTopic topic : request.topics()) {
        topics.add(new MetadataResponseTopicBuilder().errorCode(errorCode).name(topic.name())
            .topicId(topic.topicId()).build());
      }
    }
    MetadataResponseBuilder response = new MetadataResponseBuilder().topics(topics);
    if (version >= 13) {
      response.errorCode(errorCode);
    }
    return response.build();
  }

  private static <R> R topLevel(ApiMessageCodec<R> codec, short version, short errorCode) {
    byte[] body = TopLevelErrors.body(codec, version, errorCode);
    if (body == null) {
      throw new IllegalStateException(codec.descriptor().name() + " v" + version
          + " has no top-level error code to fail it with; answer it with ControlAction.respond instead");
    }
    return codec.decode(body, version);
  }
}
