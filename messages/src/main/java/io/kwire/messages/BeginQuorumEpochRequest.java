package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's BeginQuorumEpoch request (API key 53). */
@ApiKey(value = 53, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+",
    listeners = {Listener.CONTROLLER})
public record BeginQuorumEpochRequest(
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String clusterId,
    @Field(versions = "1+", ignorable = true, defaultValue = "-1", entityType = EntityType.BROKER_ID) int voterId,
    @Field(versions = "0+") List<TopicData> topics,
    @Field(versions = "1+", ignorable = true) List<LeaderEndpoint> leaderEndpoints,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicData(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "1+", ignorable = true) UUID voterDirectoryId,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "0+") int leaderEpoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderEndpoint(
      @Field(versions = "1+", mapKey = true) String name,
      @Field(versions = "1+") String host,
      @Field(versions = "1+", type = WireType.UINT16) int port,
      UnknownTaggedFields unknownTaggedFields) {}
}
