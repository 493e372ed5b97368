package io.kwire.proxy;

import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.meta.FieldDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The response frame a broker sends for a request it refuses with an error: Produce's error in every
 * partition it was sent, any other API's in its top-level error code (its response at its declared
 * defaults, the code patched in where it sits after fixed-size fields), as kwire-net answers a
 * failed handler. An API with neither gets none.
 */
final class Refusals {
  private static final Map<String, Integer> FIXED_SIZES = Map.of("int8", 1, "bool", 1, "int16", 2, "uint16", 2,
      "int32", 4, "uint32", 4, "int64", 8, "float64", 8, "uuid", 16);

  private Refusals() {}

  /** The whole frame refusing {@code request} with {@code errorCode}, or null when this API's response carries no error to put it in. */
  static byte[] frame(Object request, ApiMessageCodec<?> responseCodec, short version, int correlationId,
      short errorCode) {
    if (request instanceof ProduceRequest produce) {
      return Frames.encodeResponse(new ResponseHeader(correlationId), produceCodec(responseCodec),
          version, produce(produce, errorCode));
    }
    return topLevel(responseCodec, version, correlationId, errorCode);
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

  private static <R> byte[] topLevel(ApiMessageCodec<R> codec, short version, int correlationId, short errorCode) {
    int offset = errorCodeOffset(codec, version);
    if (offset < 0) {
      return null;
    }
    byte[] frame;
    try {
      frame = Frames.encodeResponse(new ResponseHeader(correlationId), codec, version, codec.newBuilder().build());
    } catch (RuntimeException e) {
      return null; // no builder, or defaults that do not encode at this version
    }
    int at = 4 + headerSize(codec, version) + offset;
    frame[at] = (byte) (errorCode >> 8);
    frame[at + 1] = (byte) errorCode;
    return frame;
  }

  /** Response header v0 is the correlation id; v1 adds an empty tagged-field count. */
  private static int headerSize(ApiMessageCodec<?> codec, short version) {
    return codec.headerVersion(version) >= 1 ? 5 : 4;
  }

  /** Where the body's top-level error code sits at {@code version}, or -1. */
  private static int errorCodeOffset(ApiMessageCodec<?> codec, short version) {
    int offset = 0;
    for (FieldDescriptor field : codec.descriptor().body().fields()) {
      boolean present = field.versions().contains(version) && !field.taggedVersions().contains(version);
      if (!present) {
        continue;
      }
      if (field.javaName().equals("errorCode") && field.type().equals("int16")) {
        return offset;
      }
      Integer size = FIXED_SIZES.get(field.type());
      if (size == null) {
        return -1;
      }
      offset += size;
    }
    return -1;
  }

  @SuppressWarnings("unchecked")
  private static ApiMessageCodec<ProduceResponse> produceCodec(ApiMessageCodec<?> codec) {
    return (ApiMessageCodec<ProduceResponse>) codec;
  }
}
