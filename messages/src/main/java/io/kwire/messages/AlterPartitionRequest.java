package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's AlterPartition request (API key 56). */
@ApiKey(value = 56, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "0+",
    listeners = {Listener.CONTROLLER})
public record AlterPartitionRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int brokerId,
    @Field(versions = "0+", defaultValue = "-1") long brokerEpoch,
    @Field(versions = "0+") List<TopicData> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicData(
      @Field(versions = "0-1", ignorable = true, entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "2+", ignorable = true) UUID topicId,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") int leaderEpoch,
      @Field(versions = "0-2", entityType = EntityType.BROKER_ID) List<Integer> newIsr,
      @Field(versions = "3+") List<BrokerState> newIsrWithEpochs,
      @Field(versions = "1+", defaultValue = "0") byte leaderRecoveryState,
      @Field(versions = "0+") int partitionEpoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record BrokerState(
      @Field(versions = "3+", entityType = EntityType.BROKER_ID) int brokerId,
      @Field(versions = "3+", defaultValue = "-1") long brokerEpoch,
      UnknownTaggedFields unknownTaggedFields) {}
}
