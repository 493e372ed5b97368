package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListOffsets response (API key 2). */
@ApiKey(value = 2, type = MessageType.RESPONSE, validVersions = "0-11", flexibleVersions = "6+")
public record ListOffsetsResponse(
    @Field(versions = "2+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") List<ListOffsetsTopicResponse> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record ListOffsetsTopicResponse(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<ListOffsetsPartitionResponse> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ListOffsetsPartitionResponse(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0") List<Long> oldStyleOffsets,
      @Field(versions = "1+", defaultValue = "-1") long timestamp,
      @Field(versions = "1+", defaultValue = "-1") long offset,
      @Field(versions = "4+", defaultValue = "-1") int leaderEpoch,
      UnknownTaggedFields unknownTaggedFields) {}
}
