package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's OffsetCommit response (API key 8). */
@ApiKey(value = 8, type = MessageType.RESPONSE, validVersions = "0-10", flexibleVersions = "8+")
public record OffsetCommitResponse(
    @Field(versions = "3+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") List<OffsetCommitResponseTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record OffsetCommitResponseTopic(
      @Field(versions = "0-9", ignorable = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "10+", ignorable = true) UUID topicId,
      @Field(versions = "0+") List<OffsetCommitResponsePartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OffsetCommitResponsePartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
