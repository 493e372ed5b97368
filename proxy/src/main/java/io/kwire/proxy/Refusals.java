package io.kwire.proxy;

import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.TopLevelErrors;
import java.util.ArrayList;
import java.util.List;

/**
 * The response frame a broker sends for a request it refuses with an error: Produce's error in every
 * partition it was sent, any other API's in its top-level error code ({@link TopLevelErrors}, as
 * kwire-net answers a failed handler). An API with neither gets none.
 */
final class Refusals {
  private Refusals() {}

  /** The whole frame refusing {@code request} with {@code errorCode}, or null when this API's response carries no error to put it in. */
  static byte[] frame(Object request, ApiMessageCodec<?> responseCodec, short version, int correlationId,
      short errorCode) {
    if (request instanceof ProduceRequest produce) {
      return Frames.encodeResponse(new ResponseHeader(correlationId), produceCodec(responseCodec),
          version, produce(produce, errorCode));
    }
    return TopLevelErrors.frame(responseCodec, version, correlationId, errorCode);
  }

  /** Every partition of {@code request} answered with {@code errorCode}, as the broker answers a Produce it refuses whole. */
  static ProduceResponse produce(ProduceRequest request, short errorCode) {
    List<ProduceResponse.TopicProduceResponse> topics = new ArrayList<>(request.topicData().size());
    for (ProduceRequest.TopicProduceData t : request.topicData()) {
      List<ProduceResponse.PartitionProduceResponse> partitions = new ArrayList<>(t.partitionData().size());
      for (ProduceRequest.PartitionProduceData p : t.partitionData()) {
        partitions.add(new ProduceResponseBuilder.PartitionProduceResponseBuilder().index(p.index())
            .errorCode(errorCode).baseOffset(-1).build());
      }
      topics.add(new ProduceResponseBuilder.TopicProduceResponseBuilder().name(t.name()).topicId(t.topicId())
          .partitionResponses(partitions).build());
    }
    return new ProduceResponseBuilder().responses(topics).build();
  }

  @SuppressWarnings("unchecked")
  private static ApiMessageCodec<ProduceResponse> produceCodec(ApiMessageCodec<?> codec) {
    return (ApiMessageCodec<ProduceResponse>) codec;
  }
}
