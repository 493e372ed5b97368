package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's DescribeQuorum response (API key 55). */
@ApiKey(value = 55, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "0+")
public record DescribeQuorumResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "2+", nullableVersions = "2+", ignorable = true) String errorMessage,
    @Field(versions = "0+") List<TopicData> topics,
    @Field(versions = "2+") List<Node> nodes,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicData(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "2+", nullableVersions = "2+", ignorable = true) String errorMessage,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "0+") int leaderEpoch,
      @Field(versions = "0+") long highWatermark,
      @Field(versions = "0+") List<ReplicaState> currentVoters,
      @Field(versions = "0+") List<ReplicaState> observers,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Node(
      @Field(versions = "2+", mapKey = true, entityType = EntityType.BROKER_ID) int nodeId,
      @Field(versions = "2+") List<Listener> listeners,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Listener(
      @Field(versions = "2+", mapKey = true) String name,
      @Field(versions = "2+") String host,
      @Field(versions = "2+", type = WireType.UINT16) int port,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ReplicaState(
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int replicaId,
      @Field(versions = "2+") UUID replicaDirectoryId,
      @Field(versions = "0+") long logEndOffset,
      @Field(versions = "1+", ignorable = true, defaultValue = "-1") long lastFetchTimestamp,
      @Field(versions = "1+", ignorable = true, defaultValue = "-1") long lastCaughtUpTimestamp,
      UnknownTaggedFields unknownTaggedFields) {}
}
