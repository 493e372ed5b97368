package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's DescribeShareGroupOffsets response (API key 90). */
@ApiKey(value = 90, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record DescribeShareGroupOffsetsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<DescribeShareGroupOffsetsResponseGroup> groups,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeShareGroupOffsetsResponseGroup(
      @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
      @Field(versions = "0+") List<DescribeShareGroupOffsetsResponseTopic> topics,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribeShareGroupOffsetsResponseTopic(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<DescribeShareGroupOffsetsResponsePartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribeShareGroupOffsetsResponsePartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") long startOffset,
      @Field(versions = "0+") int leaderEpoch,
      @Field(versions = "1+", ignorable = true, defaultValue = "-1") long lag,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
