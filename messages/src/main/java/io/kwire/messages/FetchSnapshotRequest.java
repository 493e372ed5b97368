package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's FetchSnapshot request (API key 59). */
@ApiKey(value = 59, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.CONTROLLER})
public record FetchSnapshotRequest(
    @Field(versions = "0+", nullableVersions = "0+", tag = 0, taggedVersions = "0+",
        defaultValue = "null") String clusterId,
    @Field(versions = "0+", defaultValue = "-1", entityType = EntityType.BROKER_ID) int replicaId,
    @Field(versions = "0+", defaultValue = "0x7fffffff") int maxBytes,
    @Field(versions = "0+") List<TopicSnapshot> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicSnapshot(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<PartitionSnapshot> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionSnapshot(
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") int currentLeaderEpoch,
      @Field(versions = "0+") SnapshotId snapshotId,
      @Field(versions = "0+") long position,
      @Field(versions = "1+", tag = 0, taggedVersions = "1+", ignorable = true) UUID replicaDirectoryId,
      UnknownTaggedFields unknownTaggedFields) {}

  public record SnapshotId(
      @Field(versions = "0+") long endOffset,
      @Field(versions = "0+") int epoch,
      UnknownTaggedFields unknownTaggedFields) {}
}
