package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ShareFetch response (API key 78). */
@ApiKey(value = 78, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "0+")
public record ShareFetchResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
    @Field(versions = "1+") int acquisitionLockTimeoutMs,
    @Field(versions = "0+") List<ShareFetchableTopicResponse> responses,
    @Field(versions = "0+") List<NodeEndpoint> nodeEndpoints,
    UnknownTaggedFields unknownTaggedFields) {

  public record ShareFetchableTopicResponse(
      @Field(versions = "0+", mapKey = true) UUID topicId,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      @Field(versions = "0+") short acknowledgeErrorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String acknowledgeErrorMessage,
      @Field(versions = "0+") LeaderIdAndEpoch currentLeader,
      @Field(versions = "0+", nullableVersions = "0") Records records,
      @Field(versions = "0+") List<AcquiredRecords> acquiredRecords,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderIdAndEpoch(
      @Field(versions = "0+") int leaderId,
      @Field(versions = "0+") int leaderEpoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AcquiredRecords(
      @Field(versions = "0+") long firstOffset,
      @Field(versions = "0+") long lastOffset,
      @Field(versions = "0+") short deliveryCount,
      UnknownTaggedFields unknownTaggedFields) {}

  public record NodeEndpoint(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.BROKER_ID) int nodeId,
      @Field(versions = "0+") String host,
      @Field(versions = "0+") int port,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String rack,
      UnknownTaggedFields unknownTaggedFields) {}
}
