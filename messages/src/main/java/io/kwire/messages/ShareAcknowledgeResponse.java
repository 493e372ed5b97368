package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ShareAcknowledge response (API key 79). */
@ApiKey(value = 79, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "0+")
public record ShareAcknowledgeResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
    @Field(versions = "2+", ignorable = true) int acquisitionLockTimeoutMs,
    @Field(versions = "0+") List<ShareAcknowledgeTopicResponse> responses,
    @Field(versions = "0+") List<NodeEndpoint> nodeEndpoints,
    UnknownTaggedFields unknownTaggedFields) {

  public record ShareAcknowledgeTopicResponse(
      @Field(versions = "0+", mapKey = true) UUID topicId,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      @Field(versions = "0+") LeaderIdAndEpoch currentLeader,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderIdAndEpoch(
      @Field(versions = "0+") int leaderId,
      @Field(versions = "0+") int leaderEpoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record NodeEndpoint(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.BROKER_ID) int nodeId,
      @Field(versions = "0+") String host,
      @Field(versions = "0+") int port,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String rack,
      UnknownTaggedFields unknownTaggedFields) {}
}
