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

/** Kafka's EndQuorumEpoch request (API key 54). */
@ApiKey(value = 54, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+",
    listeners = {Listener.CONTROLLER})
public record EndQuorumEpochRequest(
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String clusterId,
    @Field(versions = "0+") List<TopicData> topics,
    @Field(versions = "1+", ignorable = true) List<LeaderEndpoint> leaderEndpoints,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicData(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "0+") int leaderEpoch,
      @Field(versions = "0", ignorable = true) List<Integer> preferredSuccessors,
      @Field(versions = "1+", ignorable = true) List<ReplicaInfo> preferredCandidates,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ReplicaInfo(
      @Field(versions = "1+", entityType = EntityType.BROKER_ID) int candidateId,
      @Field(versions = "1+") UUID candidateDirectoryId,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderEndpoint(
      @Field(versions = "1+", mapKey = true) String name,
      @Field(versions = "1+") String host,
      @Field(versions = "1+", type = WireType.UINT16) int port,
      UnknownTaggedFields unknownTaggedFields) {}
}
