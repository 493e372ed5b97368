package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's FetchSnapshot response (API key 59). */
@ApiKey(value = 59, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record FetchSnapshotResponse(
    @Field(versions = "0+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<TopicSnapshot> topics,
    @Field(versions = "1+", tag = 0, taggedVersions = "1+") List<NodeEndpoint> nodeEndpoints,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicSnapshot(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<PartitionSnapshot> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionSnapshot(
      @Field(versions = "0+") int index,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+") SnapshotId snapshotId,
      @Field(versions = "0+", tag = 0, taggedVersions = "0+") LeaderIdAndEpoch currentLeader,
      @Field(versions = "0+") long size,
      @Field(versions = "0+") long position,
      @Field(versions = "0+") Records unalignedRecords,
      UnknownTaggedFields unknownTaggedFields) {}

  public record SnapshotId(
      @Field(versions = "0+") long endOffset,
      @Field(versions = "0+") int epoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderIdAndEpoch(
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "0+") int leaderEpoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record NodeEndpoint(
      @Field(versions = "1+", mapKey = true, entityType = EntityType.BROKER_ID) int nodeId,
      @Field(versions = "1+") String host,
      @Field(versions = "1+", type = WireType.UINT16) int port,
      UnknownTaggedFields unknownTaggedFields) {}
}
