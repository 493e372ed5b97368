package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's StopReplica request (API key 5), as kafka-clients 3.9.1 defines it. */
@ApiKey(value = 5, type = MessageType.REQUEST, validVersions = "0-4", flexibleVersions = "2+",
    listeners = {Listener.ZK_BROKER})
public record StopReplicaRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int controllerId,
    @Field(versions = "4+", defaultValue = "false", name = "isKRaftController") boolean isKRaftController,
    @Field(versions = "0+") int controllerEpoch,
    @Field(versions = "1+", ignorable = true, defaultValue = "-1") long brokerEpoch,
    @Field(versions = "0-2") boolean deletePartitions,
    @Field(versions = "0") List<StopReplicaPartitionV0> ungroupedPartitions,
    @Field(versions = "1-2") List<StopReplicaTopicV1> topics,
    @Field(versions = "3+") List<StopReplicaTopicState> topicStates,
    UnknownTaggedFields unknownTaggedFields) {

  public record StopReplicaPartitionV0(
      @Field(versions = "0", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0") int partitionIndex,
      UnknownTaggedFields unknownTaggedFields) {}

  public record StopReplicaTopicV1(
      @Field(versions = "1-2", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "1-2") List<Integer> partitionIndexes,
      UnknownTaggedFields unknownTaggedFields) {}

  public record StopReplicaTopicState(
      @Field(versions = "3+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "3+") List<StopReplicaPartitionState> partitionStates,
      UnknownTaggedFields unknownTaggedFields) {}

  public record StopReplicaPartitionState(
      @Field(versions = "3+") int partitionIndex,
      @Field(versions = "3+", defaultValue = "-1") int leaderEpoch,
      @Field(versions = "3+") boolean deletePartition,
      UnknownTaggedFields unknownTaggedFields) {}
}
