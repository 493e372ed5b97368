package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's OffsetFetch response (API key 9). */
@ApiKey(value = 9, type = MessageType.RESPONSE, validVersions = "0-10", flexibleVersions = "6+")
public record OffsetFetchResponse(
    @Field(versions = "3+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0-7") List<OffsetFetchResponseTopic> topics,
    @Field(versions = "2-7", ignorable = true, defaultValue = "0") short errorCode,
    @Field(versions = "8+") List<OffsetFetchResponseGroup> groups,
    UnknownTaggedFields unknownTaggedFields) {

  public record OffsetFetchResponseTopic(
      @Field(versions = "0-7", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0-7") List<OffsetFetchResponsePartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OffsetFetchResponsePartition(
      @Field(versions = "0-7") int partitionIndex,
      @Field(versions = "0-7") long committedOffset,
      @Field(versions = "5-7", ignorable = true, defaultValue = "-1") int committedLeaderEpoch,
      @Field(versions = "0-7", nullableVersions = "0-7") String metadata,
      @Field(versions = "0-7") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OffsetFetchResponseGroup(
      @Field(versions = "8+", entityType = EntityType.GROUP_ID) String groupId,
      @Field(versions = "8+") List<OffsetFetchResponseTopics> topics,
      @Field(versions = "8+", defaultValue = "0") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OffsetFetchResponseTopics(
      @Field(versions = "8-9", ignorable = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "10+", ignorable = true) UUID topicId,
      @Field(versions = "8+") List<OffsetFetchResponsePartitions> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OffsetFetchResponsePartitions(
      @Field(versions = "8+") int partitionIndex,
      @Field(versions = "8+") long committedOffset,
      @Field(versions = "8+", ignorable = true, defaultValue = "-1") int committedLeaderEpoch,
      @Field(versions = "8+", nullableVersions = "8+") String metadata,
      @Field(versions = "8+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
