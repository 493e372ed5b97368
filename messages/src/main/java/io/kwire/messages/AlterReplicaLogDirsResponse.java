package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AlterReplicaLogDirs response (API key 34). */
@ApiKey(value = 34, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "2+")
public record AlterReplicaLogDirsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<AlterReplicaLogDirTopicResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record AlterReplicaLogDirTopicResult(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<AlterReplicaLogDirPartitionResult> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AlterReplicaLogDirPartitionResult(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
