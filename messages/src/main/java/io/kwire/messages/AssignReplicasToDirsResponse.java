package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's AssignReplicasToDirs response (API key 73). */
@ApiKey(value = 73, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record AssignReplicasToDirsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<DirectoryData> directories,
    UnknownTaggedFields unknownTaggedFields) {

  public record DirectoryData(
      @Field(versions = "0+") UUID id,
      @Field(versions = "0+") List<TopicData> topics,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopicData(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
