package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's AlterShareGroupOffsets response (API key 91). */
@ApiKey(value = 91, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record AlterShareGroupOffsetsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
    @Field(versions = "0+") List<AlterShareGroupOffsetsResponseTopic> responses,
    UnknownTaggedFields unknownTaggedFields) {

  public record AlterShareGroupOffsetsResponseTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<AlterShareGroupOffsetsResponsePartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AlterShareGroupOffsetsResponsePartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
