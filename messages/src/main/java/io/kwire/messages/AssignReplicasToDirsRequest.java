package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's AssignReplicasToDirs request (API key 73). */
@ApiKey(value = 73, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.CONTROLLER})
public record AssignReplicasToDirsRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int brokerId,
    @Field(versions = "0+", defaultValue = "-1") long brokerEpoch,
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
      UnknownTaggedFields unknownTaggedFields) {}
}
