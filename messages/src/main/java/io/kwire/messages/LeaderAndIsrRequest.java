package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's LeaderAndIsr request (API key 4), as kafka-clients 3.9.1 defines it. */
@ApiKey(value = 4, type = MessageType.REQUEST, validVersions = "0-7", flexibleVersions = "4+",
    listeners = {Listener.ZK_BROKER})
public record LeaderAndIsrRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int controllerId,
    @Field(versions = "7+", defaultValue = "false", name = "isKRaftController") boolean isKRaftController,
    @Field(versions = "0+") int controllerEpoch,
    @Field(versions = "2+", ignorable = true, defaultValue = "-1") long brokerEpoch,
    @Field(versions = "5+") byte type,
    @Field(versions = "0-1") List<LeaderAndIsrPartitionState> ungroupedPartitionStates,
    @Field(versions = "2+") List<LeaderAndIsrTopicState> topicStates,
    @Field(versions = "0+") List<LeaderAndIsrLiveLeader> liveLeaders,
    UnknownTaggedFields unknownTaggedFields) {

  public record LeaderAndIsrTopicState(
      @Field(versions = "2+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "5+", ignorable = true) UUID topicId,
      @Field(versions = "2+") List<LeaderAndIsrPartitionState> partitionStates,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderAndIsrLiveLeader(
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int brokerId,
      @Field(versions = "0+") String hostName,
      @Field(versions = "0+") int port,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderAndIsrPartitionState(
      @Field(versions = "0-1", ignorable = true, entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") int controllerEpoch,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leader,
      @Field(versions = "0+") int leaderEpoch,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> isr,
      @Field(versions = "0+") int partitionEpoch,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> replicas,
      @Field(versions = "3+", ignorable = true, entityType = EntityType.BROKER_ID) List<Integer> addingReplicas,
      @Field(versions = "3+", ignorable = true, entityType = EntityType.BROKER_ID) List<Integer> removingReplicas,
      @Field(versions = "1+", ignorable = true, defaultValue = "false") boolean isNew,
      @Field(versions = "6+", defaultValue = "0") byte leaderRecoveryState,
      UnknownTaggedFields unknownTaggedFields) {}
}
