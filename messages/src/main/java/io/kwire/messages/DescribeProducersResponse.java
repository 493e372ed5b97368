package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeProducers response (API key 61). */
@ApiKey(value = 61, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record DescribeProducersResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<TopicResponse> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicResponse(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<PartitionResponse> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionResponse(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      @Field(versions = "0+") List<ProducerState> activeProducers,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ProducerState(
      @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) long producerId,
      @Field(versions = "0+") int producerEpoch,
      @Field(versions = "0+", defaultValue = "-1") int lastSequence,
      @Field(versions = "0+", defaultValue = "-1") long lastTimestamp,
      @Field(versions = "0+") int coordinatorEpoch,
      @Field(versions = "0+", defaultValue = "-1") long currentTxnStartOffset,
      UnknownTaggedFields unknownTaggedFields) {}
}
