package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's Fetch response (API key 1). */
@ApiKey(value = 1, type = MessageType.RESPONSE, validVersions = "0-18", flexibleVersions = "12+")
public record FetchResponse(
    @Field(versions = "1+", ignorable = true) int throttleTimeMs,
    @Field(versions = "7+", ignorable = true) short errorCode,
    @Field(versions = "7+", defaultValue = "0") int sessionId,
    @Field(versions = "0+") List<FetchableTopicResponse> responses,
    @Field(versions = "16+", tag = 0, taggedVersions = "16+") List<NodeEndpoint> nodeEndpoints,
    UnknownTaggedFields unknownTaggedFields) {

  public record FetchableTopicResponse(
      @Field(versions = "0-12", ignorable = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "13+", ignorable = true) UUID topicId,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+") long highWatermark,
      @Field(versions = "4+", ignorable = true, defaultValue = "-1") long lastStableOffset,
      @Field(versions = "5+", ignorable = true, defaultValue = "-1") long logStartOffset,
      @Field(versions = "12+", tag = 0, taggedVersions = "12+") EpochEndOffset divergingEpoch,
      @Field(versions = "12+", tag = 1, taggedVersions = "12+") LeaderIdAndEpoch currentLeader,
      @Field(versions = "12+", tag = 2, taggedVersions = "12+") SnapshotId snapshotId,
      @Field(versions = "4+", nullableVersions = "4+", ignorable = true) List<AbortedTransaction> abortedTransactions,
      @Field(versions = "11+", defaultValue = "-1", entityType = EntityType.BROKER_ID) int preferredReadReplica,
      @Field(versions = "0+", nullableVersions = "0+") Records records,
      UnknownTaggedFields unknownTaggedFields) {}

  public record EpochEndOffset(
      @Field(versions = "12+", defaultValue = "-1") int epoch,
      @Field(versions = "12+", defaultValue = "-1") long endOffset,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderIdAndEpoch(
      @Field(versions = "12+", defaultValue = "-1", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "12+", defaultValue = "-1") int leaderEpoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record SnapshotId(
      @Field(versions = "0+", defaultValue = "-1") long endOffset,
      @Field(versions = "0+", defaultValue = "-1") int epoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AbortedTransaction(
      @Field(versions = "4+", entityType = EntityType.PRODUCER_ID) long producerId,
      @Field(versions = "4+") long firstOffset,
      UnknownTaggedFields unknownTaggedFields) {}

  public record NodeEndpoint(
      @Field(versions = "16+", mapKey = true, entityType = EntityType.BROKER_ID) int nodeId,
      @Field(versions = "16+") String host,
      @Field(versions = "16+") int port,
      @Field(versions = "16+", nullableVersions = "16+", defaultValue = "null") String rack,
      UnknownTaggedFields unknownTaggedFields) {}
}
